import { Radio, Stack, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import type { ReturnCondition } from '../api-desk';
import { LIBRARY_NS } from '../i18n';

/**
 * Taking a copy back: its condition (in good condition or damaged) and a note. The caller sends the
 * return (`onSubmit`), toasts and closes; `error` is what the server refused.
 */
export function ReturnModal({
  opened,
  title,
  pending,
  error,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  /** The item's title. */
  title: string;
  pending: boolean;
  error?: string | null;
  onClose: () => void;
  onSubmit: (condition: ReturnCondition, note: string | null) => void;
}) {
  const { t } = useTranslation(LIBRARY_NS);
  const [condition, setCondition] = useState<ReturnCondition>('ok');
  const [note, setNote] = useState('');
  useEffect(() => {
    if (opened) {
      setCondition('ok');
      setNote('');
    }
  }, [opened]);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('returnModal.title', { title })}
      submitLabel={t('returnModal.submit')}
      onSubmit={() => onSubmit(condition, note.trim() || null)}
      pending={pending}
      error={error}
      size="md"
    >
      <Radio.Group label={t('returnModal.condition')} value={condition} onChange={(v) => setCondition(v as ReturnCondition)}>
        <Stack gap="xs" mt="xs">
          <Radio value="ok" label={t('returnModal.ok')} data-testid="return-ok" />
          <Radio value="damaged" label={t('returnModal.damaged')} data-testid="return-damaged" />
        </Stack>
      </Radio.Group>
      <Textarea
        label={t('returnModal.note')}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={1000}
      />
    </FormModal>
  );
}
