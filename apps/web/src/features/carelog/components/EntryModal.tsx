import {
  type CareChild,
  type CareEntry,
  type CareKind,
  careEntryEditSchema,
  careEntryRequestSchema,
  ERROR_CODES,
  MEAL_AMOUNTS,
  MEALS,
  MOODS,
  NAPPY_STATES,
} from '@cue/contract';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  NumberInput,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { ApiError } from '../../../lib/api';
import type { FieldError } from '../../../lib/http';
import { toast } from '../../../lib/notify';
import { useCreateEntries, useEditEntry } from '../api';
import { detailsOf, type EntryFields, entryFields, newEntryFields, wireFromField } from '../care';
import { CARELOG_NS, careMessage, savedManyMessage } from '../i18n';
import { CareAlerts, KindIcon } from './kinds';

type Target =
  | { mode: 'create'; classId: string; date: string; kind: CareKind; children: CareChild[] }
  | { mode: 'edit'; entry: CareEntry; alerts?: CareChild['alerts'] };

/** A refusal that asks for a second look: a meal with a child's recorded allergen. */
const isAllergenWarning = (err: unknown): err is ApiError => err instanceof ApiError && err.code === ERROR_CODES.allergenWarning;

/** The kind's own fields (a meal's which/what/how much, a bottle's ml, a nap's end, a nappy's state, …). */
function KindFields({ kind, form }: { kind: CareKind; form: ReturnType<typeof useEntryForm> }) {
  const { t } = useTranslation(CARELOG_NS);
  switch (kind) {
    case 'meal':
      return (
        <>
          <Select
            label={t('field.meal')}
            data={MEALS.map((m) => ({ value: m, label: t(`meal.${m}`) }))}
            allowDeselect={false}
            {...form.getInputProps('meal')}
          />
          <TextInput label={t('field.food')} maxLength={300} {...form.getInputProps('food')} />
          <Radio.Group label={t('field.amount')} {...form.getInputProps('amount')}>
            <Group gap="md" mt={6}>
              {MEAL_AMOUNTS.map((a) => (
                <Radio key={a} value={a} label={t(`amount.${a}`)} />
              ))}
            </Group>
          </Radio.Group>
        </>
      );
    case 'bottle':
      return <NumberInput label={t('field.ml')} min={0} max={1000} step={10} suffix=" ml" {...form.getInputProps('ml')} />;
    case 'nap':
      return <TimeInput label={t('field.napEnd')} description={t('field.napEndHint')} {...form.getInputProps('end')} />;
    case 'nappy':
    case 'toilet':
      return (
        <>
          <Radio.Group label={t('field.state')} {...form.getInputProps('state')}>
            <Group gap="md" mt={6}>
              {NAPPY_STATES.map((s) => (
                <Radio key={s} value={s} label={t(`state.${s}`)} />
              ))}
            </Group>
          </Radio.Group>
          <Checkbox label={t('field.potty')} {...form.getInputProps('potty', { type: 'checkbox' })} />
        </>
      );
    case 'mood':
      return (
        <Radio.Group label={t('field.mood')} {...form.getInputProps('mood')}>
          <Group gap="md" mt={6}>
            {MOODS.map((m) => (
              <Radio key={m} value={m} label={t(`mood.${m}`)} />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'activity':
      return <TextInput label={t('field.activity')} maxLength={300} {...form.getInputProps('activity')} />;
    case 'suncream':
      return <TextInput label={t('field.area')} maxLength={200} {...form.getInputProps('area')} />;
    default:
      return null;
  }
}

function useEntryForm(target: Target) {
  const { t } = useTranslation(CARELOG_NS);
  const kind = target.mode === 'create' ? target.kind : target.entry.kind;
  return useContractForm({
    schema: target.mode === 'create' ? careEntryRequestSchema : careEntryEditSchema,
    initialValues: target.mode === 'create' ? newEntryFields() : entryFields(target.entry),
    toBody: (v: EntryFields) => {
      const common = { time: wireFromField(v.time), details: detailsOf(kind, v), note: v.note.trim() };
      return target.mode === 'create'
        ? {
            ...common,
            class_id: target.classId,
            student_ids: target.children.map((c) => c._id),
            kind,
            date: target.date,
            time: common.time ?? '',
          }
        : common;
    },
    fields: { 'details.end': 'end', 'details.ml': 'ml', student_ids: '' },
    messages: { time: { required: t('field.timeRequired'), format: t('field.timeRequired') } },
    rules: (v) => ({
      note: kind === 'note' && !v.note.trim() && t('field.noteRequired'),
      time: !wireFromField(v.time) && t('field.timeRequired'),
    }),
  });
}

/** The warning of a meal with a recorded allergen: which child and what, by the server's refusal. */
function AllergenWarning({
  errors,
  names,
  onConfirm,
  pending,
}: {
  errors: FieldError[];
  names: Map<string, string>;
  onConfirm: () => void;
  pending: boolean;
}) {
  const { t } = useTranslation(CARELOG_NS);
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title={careMessage('allergenWarning')}
      data-testid="allergen-warning"
      role="alert"
    >
      <Stack gap="sm">
        {errors.length > 0 && (
          <List size="sm" spacing={2}>
            {errors.map((e) => {
              const name = names.get(e.field);
              return (
                <List.Item key={`${e.field}:${e.message}`}>
                  {name ? (
                    <>
                      <bdi>{name}</bdi>: <bdi>{e.message}</bdi>
                    </>
                  ) : (
                    <bdi>{e.message}</bdi>
                  )}
                </List.Item>
              );
            })}
          </List>
        )}
        <Group>
          <Button color="orange" size="sm" onClick={onConfirm} loading={pending}>
            {t('action.saveAnyway')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * The compact form of one kind of entry, prefilled with the time now: for every chosen child at once
 * (a whole-room entry), or to change one saved entry. A meal with a child's recorded allergen is
 * refused with a warning first; "Save anyway" sends it again confirmed.
 */
export function EntryModal({ target, onClose }: { target: Target; onClose: () => void }) {
  const { t } = useTranslation(CARELOG_NS);
  const create = useCreateEntries();
  const edit = useEditEntry();
  const form = useEntryForm(target);
  const confirm = useRef(false);
  const [warning, setWarning] = useState<FieldError[] | null>(null);
  const kind = target.mode === 'create' ? target.kind : target.entry.kind;
  const children = target.mode === 'create' ? target.children : [];
  // A refusal names a child by its place in the request (`student_ids.2`) or by its id.
  const names = new Map<string, string>(
    children.flatMap((c, i) => [
      [`student_ids.${i}`, c.name],
      [c._id, c.name],
    ]),
  );
  if (target.mode === 'edit') names.set(target.entry.student._id, target.entry.student.name);

  const submit = form.submitWith(
    async (body) => {
      try {
        const confirmed = { ...body, confirm_allergen: confirm.current };
        const answer =
          target.mode === 'create'
            ? await create.mutateAsync(confirmed as Parameters<typeof create.mutateAsync>[0])
            : await edit.mutateAsync({ id: target.entry._id, body: confirmed });
        return answer;
      } catch (err) {
        if (!isAllergenWarning(err)) throw err;
        setWarning(err.errors ?? []);
        return null;
      } finally {
        confirm.current = false;
      }
    },
    {
      onSuccess: (answer) => {
        if (!answer) return;
        toast.success(target.mode === 'create' ? savedManyMessage(target.children.length) : careMessage('saved'));
        onClose();
      },
    },
  );
  const saveAnyway = () => {
    confirm.current = true;
    submit();
  };

  const title =
    target.mode === 'create'
      ? t('entry.newTitle', { kind: t(`kind.${kind}`), count: children.length })
      : t('entry.editTitle', { kind: t(`kind.${kind}`), name: target.entry.student.name });
  const alerts = target.mode === 'create' ? children.filter((c) => c.alerts.length > 0) : [];
  return (
    <FormModal
      opened
      onClose={onClose}
      title={
        <Group gap="xs" wrap="nowrap" component="span">
          <KindIcon kind={kind} size={28} />
          <span>{title}</span>
        </Group>
      }
      submitLabel={t('action.save')}
      onSubmit={() => submit()}
      pending={form.pending}
      error={form.error}
      size="md"
    >
      {target.mode === 'create' && (
        <Text fz="sm" c="dimmed" data-testid="entry-children">
          {children.map((c) => c.name).join(', ')}
        </Text>
      )}
      {target.mode === 'edit' && target.alerts && <CareAlerts alerts={target.alerts} />}
      {kind === 'meal' && alerts.length > 0 && (
        <Stack gap={4}>
          {alerts.map((c) => (
            <Group key={c._id} gap="xs" wrap="wrap">
              <Text fz="sm" fw={600}>
                <bdi>{c.name}</bdi>
              </Text>
              <CareAlerts alerts={c.alerts} size="xs" />
            </Group>
          ))}
        </Stack>
      )}
      <TimeInput label={kind === 'nap' ? t('field.napStart') : t('field.time')} required {...form.getInputProps('time')} />
      <KindFields kind={kind} form={form} />
      <Textarea
        label={kind === 'note' ? t('field.noteText') : t('field.note')}
        autosize
        minRows={kind === 'note' ? 3 : 1}
        maxRows={8}
        maxLength={2000}
        required={kind === 'note'}
        {...form.getInputProps('note')}
      />
      {warning && <AllergenWarning errors={warning} names={names} onConfirm={saveAnyway} pending={form.pending} />}
    </FormModal>
  );
}
