import { COPY_SETTABLE_STATUSES, type COPY_STATUSES, copiesCreateSchema, copyUpdateSchema, type ItemCopy } from '@cue/contract';
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPencil, IconPlus, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { ScanField } from '../../../components/ScanField';
import { SoftBadge } from '../../../components/SoftBadge';
import { toast } from '../../../lib/notify';
import { showDay } from '../../planning/planFormat';
import { useAddCopies, useUpdateCopy } from '../api-admin';
import { LIBRARY_ADMIN_NS } from '../i18n';
import { libraryText, numberOrNull, splitBarcodes, textOrNull, withBarcode } from './format';

const ns = LIBRARY_ADMIN_NS;

type CopyStatus = (typeof COPY_STATUSES)[number];
export const STATUS_COLORS: Record<CopyStatus, string> = {
  available: 'teal',
  on_loan: 'blue',
  reserved: 'violet',
  repair: 'orange',
  lost: 'red',
  withdrawn: 'gray',
};

interface AddValues {
  mode: 'count' | 'barcodes';
  count: number | string;
  barcodes: string[];
  typed: string;
  location: string;
}

/** "Add copies": a number of copies with barcodes from the school's sequence, or the barcodes already on the books (typed or scanned). */
function AddCopiesModal({ itemId, onClose }: { itemId: string; onClose: () => void }) {
  const { t } = useTranslation(ns);
  const add = useAddCopies();
  const modeLabel = useId();
  const form = useContractForm({
    schema: copiesCreateSchema,
    initialValues: { mode: 'count', count: 1, barcodes: [], typed: '', location: '' } as AddValues,
    toBody: (v) => {
      const codes = [...v.barcodes];
      for (const code of splitBarcodes(v.typed)) if (!codes.includes(code)) codes.push(code);
      return v.mode === 'count'
        ? { count: numberOrNull(v.count) ?? undefined, location: textOrNull(v.location) }
        : { barcodes: codes.length ? codes : undefined, location: textOrNull(v.location) };
    },
    fields: { barcodes: 'typed', 'barcodes.*': 'typed' },
    messages: { typed: { required: t('copies.barcodesRequired') }, count: { required: t('copies.countRequired') } },
  });
  const submit = form.submitWith((body) => add.mutateAsync({ id: itemId, body }), {
    onSuccess: (answer) => {
      toast.success(libraryText((answer as { message?: string }).message) || t('copies.added'));
      onClose();
    },
  });
  const { mode, barcodes } = form.values;
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('copies.addTitle')}
      submitLabel={t('copies.add')}
      onSubmit={submit}
      pending={form.pending}
      error={form.error}
      size="lg"
    >
      <Stack gap={4}>
        <Text fz="sm" fw={500} id={modeLabel}>
          {t('copies.mode')}
        </Text>
        <SegmentedControl
          aria-labelledby={modeLabel}
          data={[
            { value: 'count', label: t('copies.modeCount') },
            { value: 'barcodes', label: t('copies.modeBarcodes') },
          ]}
          {...form.getInputProps('mode')}
        />
      </Stack>
      {mode === 'count' ? (
        <NumberInput
          label={t('copies.count')}
          description={t('copies.countHint')}
          min={1}
          max={100}
          allowDecimal={false}
          {...form.getInputProps('count')}
        />
      ) : (
        <Stack gap="xs">
          <ScanField
            ns={ns}
            label={t('copies.scan')}
            description={t('copies.scanHint')}
            formats="barcode"
            autoFocus
            onScan={(code) => form.setFieldValue('barcodes', withBarcode(form.values.barcodes, code))}
            testId="copies-scan"
          />
          {barcodes.length > 0 && (
            <Group gap={6} wrap="wrap" aria-label={t('copies.scanned')} role="list">
              {barcodes.map((code) => (
                <SoftBadge
                  key={code}
                  color="gray"
                  role="listitem"
                  dir="ltr"
                  rightSection={
                    <ActionIcon
                      size="xs"
                      variant="transparent"
                      color="gray"
                      aria-label={t('copies.removeBarcode', { barcode: code })}
                      onClick={() =>
                        form.setFieldValue(
                          'barcodes',
                          form.values.barcodes.filter((c) => c !== code),
                        )
                      }
                    >
                      <IconX size={12} aria-hidden />
                    </ActionIcon>
                  }
                >
                  {code}
                </SoftBadge>
              ))}
            </Group>
          )}
          <Textarea
            label={t('copies.typed')}
            description={t('copies.typedHint')}
            autosize
            minRows={2}
            maxRows={6}
            dir="ltr"
            {...form.getInputProps('typed')}
          />
        </Stack>
      )}
      <TextInput label={t('copies.location')} {...form.getInputProps('location')} />
    </FormModal>
  );
}

interface CopyValues {
  barcode: string;
  status: string;
  location: string;
  note: string;
}

/** A copy's barcode, status (the statuses a person sets; on loan and reserved follow loans), place and note. */
function CopyModal({ copy, onClose }: { copy: ItemCopy; onClose: () => void }) {
  const { t } = useTranslation(ns);
  const update = useUpdateCopy();
  const settable = (COPY_SETTABLE_STATUSES as readonly string[]).includes(copy.status);
  const form = useContractForm({
    schema: copyUpdateSchema,
    initialValues: {
      barcode: copy.barcode,
      status: copy.status,
      location: copy.location ?? '',
      note: copy.note ?? '',
    } as CopyValues,
    toBody: (v) => ({
      barcode: v.barcode.trim() !== copy.barcode ? v.barcode.trim() : undefined,
      // A copy on loan or kept for a child keeps that status: only a settable one is sent, and only when changed.
      status: settable && v.status !== copy.status ? (v.status as (typeof COPY_SETTABLE_STATUSES)[number]) : undefined,
      location: textOrNull(v.location),
      note: textOrNull(v.note),
    }),
  });
  const submit = form.submitWith((body) => update.mutateAsync({ id: copy.id, body }), {
    onSuccess: (answer) => {
      toast.success(libraryText((answer as { message?: string }).message) || t('copies.saved'));
      onClose();
    },
  });
  const statuses = settable ? COPY_SETTABLE_STATUSES : [copy.status];
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('copies.editTitle', { barcode: copy.barcode })}
      submitLabel={t('copies.save')}
      onSubmit={submit}
      pending={form.pending}
      error={form.error}
      size="md"
    >
      <TextInput label={t('copies.barcode')} dir="ltr" {...form.getInputProps('barcode')} />
      <Select
        label={t('copies.status')}
        description={settable ? undefined : t('copies.statusFollowsLoan')}
        disabled={!settable}
        allowDeselect={false}
        data={statuses.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
        {...form.getInputProps('status')}
      />
      <TextInput label={t('copies.location')} {...form.getInputProps('location')} />
      <Textarea label={t('copies.note')} autosize minRows={2} maxRows={5} {...form.getInputProps('note')} />
    </FormModal>
  );
}

const person = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`.trim();

/** An item's copies: each with its barcode, status, place and who has it; add and edit for librarians. */
export function CopiesPanel({ itemId, copies, canEdit }: { itemId: string; copies: ItemCopy[]; canEdit: boolean }) {
  const { t, i18n } = useTranslation(ns);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ItemCopy | null>(null);
  return (
    <Stack gap="sm">
      <DataTable
        caption={t('copies.caption')}
        testId="copies-table"
        rows={copies}
        rowKey={(c) => c.id}
        rowLabel={(c) => c.barcode}
        emptyText={t('copies.empty')}
        toolbar={
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text fw={700} id="copies-title">
              {t('copies.title', { n: copies.length })}
            </Text>
            {canEdit && (
              <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
                {t('copies.addButton')}
              </Button>
            )}
          </Group>
        }
        columns={[
          {
            key: 'barcode',
            header: t('copies.barcode'),
            render: (c) => (
              <Text fz="sm" ff="monospace" dir="ltr">
                {c.barcode}
              </Text>
            ),
          },
          {
            key: 'status',
            header: t('copies.status'),
            render: (c) => (
              <SoftBadge color={STATUS_COLORS[c.status]} data-status={c.status}>
                {t(`statuses.${c.status}`)}
              </SoftBadge>
            ),
          },
          {
            key: 'who',
            header: t('copies.who'),
            render: (c) =>
              c.current_loan ? (
                <Text fz="sm">
                  {t('copies.onLoanTo', {
                    name: person(c.current_loan.student),
                    day: showDay(c.current_loan.due_on, i18n.language),
                  })}
                </Text>
              ) : c.reserved_for ? (
                <Text fz="sm">{t('copies.keptFor', { name: person(c.reserved_for) })}</Text>
              ) : (
                <Text fz="sm" c="dimmed">
                  —
                </Text>
              ),
          },
          { key: 'location', header: t('copies.location'), render: (c) => c.location ?? '—' },
          { key: 'note', header: t('copies.note'), render: (c) => c.note ?? '' },
        ]}
        actions={canEdit ? (c) => [{ label: t('copies.edit'), icon: IconPencil, onClick: () => setEditing(c) }] : undefined}
      />
      {adding && <AddCopiesModal itemId={itemId} onClose={() => setAdding(false)} />}
      {editing && <CopyModal key={editing.id} copy={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
