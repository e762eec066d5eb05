import { Alert, Button, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Label of the submit button. */
  submitLabel: string;
  onSubmit: () => void;
  /** The save is running: the submit button spins and the modal cannot be dismissed. */
  pending?: boolean;
  submitDisabled?: boolean;
  /** A destructive action: the submit button is red. */
  danger?: boolean;
  /** Without a submit button (a read-only view): only Close. */
  readOnly?: boolean;
  /** What the server refused that no field shows (the form's `error`), above the buttons. */
  error?: string | null;
  size?: ModalProps['size'];
  children: ReactNode;
}

/**
 * The one form-in-a-modal pattern: a titled modal around a form, its fields stacked, what the server
 * refused (when no field shows it), Cancel and the submit button at the end; Enter submits, Escape cancels.
 */
export function FormModal({
  opened,
  onClose,
  title,
  submitLabel,
  onSubmit,
  pending = false,
  submitDisabled = false,
  danger = false,
  readOnly = false,
  size = 'lg',
  error = null,
  children,
}: FormModalProps) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending && !submitDisabled) onSubmit();
  };
  return (
    <Modal
      opened={opened}
      onClose={() => !pending && onClose()}
      title={title}
      size={size}
      centered
      closeOnClickOutside={!pending}
      closeOnEscape={!pending}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {children}
          {error && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} data-testid="form-error">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {readOnly ? t('common.close') : t('common.cancel')}
            </Button>
            {!readOnly && (
              <Button type="submit" loading={pending} disabled={submitDisabled} color={danger ? 'red' : undefined}>
                {submitLabel}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export interface ConfirmModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
}

/** A yes/no question before a destructive action, in the same modal pattern. */
export function ConfirmModal({ message, confirmLabel, onConfirm, ...props }: ConfirmModalProps) {
  return (
    <FormModal {...props} size="md" submitLabel={confirmLabel} onSubmit={onConfirm} danger>
      {message}
    </FormModal>
  );
}
