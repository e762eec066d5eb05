import { CARE_KINDS, type CareKind, MEAL_AMOUNTS, MEALS, MOODS, NAPPY_STATES } from '@cue/contract';
import { ActionIcon, Button, Checkbox, Group, NumberInput, Paper, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { IconCheck, IconHeartHandshake, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChildAlertBadges, useClassAlerts } from '../../../components/ChildAlertBadges';
import { toast } from '../../../lib/notify';
import { type CareDraftRow, fieldFromHhmmA, formatWireDate, hhmmAFromField, readCare } from '../drafts';
import { CUE_NS } from '../i18n';
import { CardFrame, type CardProps, EditSaveActions, nameOf, SavedBadge, useSaving } from './CardFrame';

/** A row of the card, with a key that stays while rows are removed (the draft's own position). */
type Row = CareDraftRow & { key: string };

/** Meals and bottles are what the carelog checks against a child's recorded allergens. */
const FOOD_KINDS: readonly CareKind[] = ['meal', 'bottle'];

/** One entry in words: "Lunch · All · pasta", "150 ml", "12:10 PM to 01:30 PM". */
function useDescribe() {
  const { t } = useTranslation(CUE_NS);
  return (row: CareDraftRow): string => {
    const d = row.details;
    const parts: string[] = [];
    switch (row.kind) {
      case 'meal':
        if (d.meal) parts.push(t(`care.meal.${d.meal}`));
        if (d.amount) parts.push(t(`care.amount.${d.amount}`));
        if (d.food) parts.push(d.food);
        break;
      case 'bottle':
        if (d.ml !== undefined) parts.push(t('care.ml', { ml: d.ml }));
        break;
      case 'nap':
        parts.push(
          d.end === null || d.end === undefined
            ? t('care.napOpen', { start: row.time })
            : t('care.napRange', { start: row.time, end: d.end }),
        );
        break;
      case 'nappy':
      case 'toilet':
        if (d.state) parts.push(t(`care.state.${d.state}`));
        if (d.potty) parts.push(t('care.potty'));
        break;
      case 'suncream':
        if (d.area) parts.push(d.area);
        break;
      case 'mood':
        if (d.mood) parts.push(t(`care.mood.${d.mood}`));
        break;
      default:
        if (d.activity) parts.push(d.activity);
    }
    if (row.note) parts.push(row.note);
    return parts.join(' · ');
  };
}

/** The fields of one entry, by kind (the contract's care details). */
function RowFields({
  row,
  onChange,
  disabled,
}: {
  row: CareDraftRow;
  onChange: (patch: Partial<CareDraftRow>) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation(CUE_NS);
  const d = row.details;
  const details = (patch: Partial<CareDraftRow['details']>) => onChange({ details: { ...d, ...patch } });
  const option = (group: string) => (value: string) => ({ value, label: t(`care.${group}.${value}`) });
  const time = (
    <TimeInput
      label={row.kind === 'nap' ? t('care.field.start') : t('care.field.time')}
      value={fieldFromHhmmA(row.time)}
      onChange={(e) => {
        const v = hhmmAFromField(e.currentTarget.value);
        if (v) onChange({ time: v });
      }}
      required
      disabled={disabled}
    />
  );
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Select
        label={t('care.field.kind')}
        data={CARE_KINDS.map(option('kind'))}
        value={row.kind}
        onChange={(v) => {
          const kind = CARE_KINDS.find((k) => k === v);
          // Another kind has other details: they start empty.
          if (kind && kind !== row.kind) onChange({ kind, details: {} });
        }}
        allowDeselect={false}
        w={140}
        disabled={disabled}
      />
      {time}
      {row.kind === 'meal' && (
        <>
          <Select
            label={t('care.field.meal')}
            data={MEALS.map(option('meal'))}
            value={d.meal ?? null}
            onChange={(v) => details({ meal: MEALS.find((m) => m === v) })}
            w={160}
            disabled={disabled}
          />
          <Select
            label={t('care.field.amount')}
            data={MEAL_AMOUNTS.map(option('amount'))}
            value={d.amount ?? null}
            onChange={(v) => details({ amount: MEAL_AMOUNTS.find((m) => m === v) })}
            w={120}
            disabled={disabled}
          />
          <TextInput
            label={t('care.field.food')}
            value={d.food ?? ''}
            onChange={(e) => details({ food: e.currentTarget.value || undefined })}
            maxLength={300}
            disabled={disabled}
          />
        </>
      )}
      {row.kind === 'bottle' && (
        <NumberInput
          label={t('care.field.ml')}
          value={d.ml ?? ''}
          onChange={(v) => details({ ml: typeof v === 'number' ? v : undefined })}
          min={0}
          max={1000}
          allowDecimal={false}
          w={140}
          disabled={disabled}
        />
      )}
      {row.kind === 'nap' && (
        <TimeInput
          label={t('care.field.end')}
          description={t('care.field.endHint')}
          value={fieldFromHhmmA(d.end)}
          onChange={(e) => details({ end: e.currentTarget.value ? hhmmAFromField(e.currentTarget.value) : null })}
          disabled={disabled}
        />
      )}
      {(row.kind === 'nappy' || row.kind === 'toilet') && (
        <>
          <Select
            label={t('care.field.state')}
            data={NAPPY_STATES.map(option('state'))}
            value={d.state ?? null}
            onChange={(v) => details({ state: NAPPY_STATES.find((s) => s === v) })}
            w={120}
            disabled={disabled}
          />
          <Checkbox
            label={t('care.potty')}
            checked={d.potty === true}
            onChange={(e) => details({ potty: e.currentTarget.checked })}
            mb={8}
            disabled={disabled}
          />
        </>
      )}
      {row.kind === 'suncream' && (
        <TextInput
          label={t('care.field.area')}
          value={d.area ?? ''}
          onChange={(e) => details({ area: e.currentTarget.value || undefined })}
          maxLength={200}
          disabled={disabled}
        />
      )}
      {row.kind === 'mood' && (
        <Select
          label={t('care.field.mood')}
          data={MOODS.map(option('mood'))}
          value={d.mood ?? null}
          onChange={(v) => details({ mood: MOODS.find((m) => m === v) })}
          w={140}
          disabled={disabled}
        />
      )}
      {row.kind === 'activity' && (
        <TextInput
          label={t('care.field.activity')}
          value={d.activity ?? ''}
          onChange={(e) => details({ activity: e.currentTarget.value || undefined })}
          maxLength={300}
          disabled={disabled}
        />
      )}
      <TextInput
        label={t('care.field.note')}
        value={row.note}
        onChange={(e) => onChange({ note: e.currentTarget.value })}
        maxLength={2000}
        disabled={disabled}
      />
    </Group>
  );
}

/**
 * log_care: the care a sentence speaks of, one box per child with their allergies and medical
 * conditions beside it (kind, time and details of each entry), editable like the observation card.
 * Save writes every entry left through the carelog, as the teacher; an entry can be removed before.
 * The carelog's allergen warning is shown as it comes; the teacher then ticks that they checked and
 * saves again (the card's `confirm_allergen`).
 */
export function CareCard({ call, names, onSave, classId }: CardProps) {
  const { t, i18n } = useTranslation(CUE_NS);
  const draft = readCare(call.args);
  const [edited, setEdited] = useState<Row[] | null>(null);
  const [editing, setEditing] = useState(false);
  const [refused, setRefused] = useState(false);
  const [confirmAllergen, setConfirmAllergen] = useState(false);
  const { saving, run } = useSaving(call);
  const alerts = useClassAlerts(classId);
  const describe = useDescribe();
  const drafted: Row[] = draft.rows.map((r, i) => ({ ...r, key: String(i) }));
  const rows = call.saved ? drafted : (edited ?? drafted);
  const locked = call.saved || saving !== null;
  const children = [...new Set(rows.map((r) => r.student_id))];
  const food = rows.some((r) => FOOD_KINDS.includes(r.kind));

  const save = () =>
    run('save', async () => {
      const args = { ...call.args, care_entries: rows.map(({ key: _key, ...row }) => row), confirm_allergen: confirmAllergen };
      const ok = await onSave(call, args);
      if (ok) {
        toast.success(t('care.saved'));
        setEditing(false);
      } else setRefused(true);
      return ok;
    });

  const change = (index: number, patch: Partial<CareDraftRow>) =>
    setEdited(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const remove = (index: number) => setEdited(rows.filter((_, i) => i !== index));

  const saveButton = (
    <Button
      onClick={() => void save()}
      disabled={call.saved || rows.length === 0}
      aria-busy={saving === 'save'}
      leftSection={call.saved ? <IconCheck size={16} /> : undefined}
      data-testid="cue-care-save"
    >
      {call.saved ? t('care.savedFlag') : saving === 'save' ? t('care.saving') : t('care.save')}
    </Button>
  );

  return (
    <CardFrame
      call={call}
      testId="cue-card-care"
      icon={<IconHeartHandshake size={20} />}
      title={t('care.title')}
      subtitle={draft.rows[0]?.date ? formatWireDate(draft.rows[0].date, i18n.language) : undefined}
      status={call.saved ? <SavedBadge>{t('care.savedFlag')}</SavedBadge> : undefined}
      actions={
        <EditSaveActions
          editing={editing}
          setEditing={setEditing}
          dropEdits={() => setEdited(null)}
          saved={call.saved}
          locked={locked}
          saveButton={saveButton}
        />
      }
    >
      <Stack gap="sm">
        {children.map((studentId) => {
          const child = nameOf(names, studentId, t('card.unknownChild'));
          return (
            <Paper key={studentId} withBorder radius="md" p="sm" data-testid="cue-care-child" data-student={studentId}>
              <Stack gap={6}>
                <Group gap="xs" wrap="wrap">
                  <Text fw={600} fz="sm">
                    {child}
                  </Text>
                  <ChildAlertBadges alerts={alerts.get(studentId)} size="xs" />
                </Group>
                {rows.map((row, index) =>
                  row.student_id !== studentId ? null : editing && !call.saved ? (
                    <Group key={row.key} gap="xs" align="flex-end" wrap="nowrap">
                      <RowFields row={row} onChange={(patch) => change(index, patch)} disabled={locked} />
                      <Tooltip label={t('care.remove', { name: child })}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          onClick={() => remove(index)}
                          aria-label={t('care.remove', { name: child })}
                          disabled={locked}
                          mb={4}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  ) : (
                    <Text key={row.key} fz="sm" data-testid="cue-care-row" data-kind={row.kind}>
                      <Text span fw={500}>
                        {t(`care.kind.${row.kind}`)}
                      </Text>
                      {row.kind !== 'nap' && (
                        <Text span c="dimmed">
                          {' · '}
                          {row.time}
                        </Text>
                      )}
                      {describe(row) && ` · ${describe(row)}`}
                    </Text>
                  ),
                )}
              </Stack>
            </Paper>
          );
        })}
        {rows.length === 0 && (
          <Text fz="sm" c="dimmed">
            {t('care.noRows')}
          </Text>
        )}
        {!call.saved && food && refused && (
          <Checkbox
            label={t('care.allergenConfirm')}
            checked={confirmAllergen}
            onChange={(e) => setConfirmAllergen(e.currentTarget.checked)}
            disabled={locked}
            data-testid="cue-care-allergen-confirm"
          />
        )}
      </Stack>
    </CardFrame>
  );
}
