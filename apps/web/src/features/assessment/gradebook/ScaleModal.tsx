import { type GradeScale, gradeScaleRequestSchema, SCALE_KINDS, type ScaleKind } from '@cue/contract';
import { Group, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { toastThen } from '../../../lib/saved';
import { useSaveScale } from '../api-gradebook';
import { assessmentMessage, GRADEBOOK_NS } from '../i18n';
import { ListAdd, RowMoves } from './RowMoves';

interface Level {
  code: string;
  label: string;
  value: number | string;
}
interface Values {
  name: string;
  kind: ScaleKind;
  max_points: number | string;
  levels: Level[];
}

/** Levels a new scale of each kind starts with, so the common case needs only a name. */
const STARTING_LEVELS: Record<ScaleKind, Level[]> = {
  points: [],
  letters: [
    { code: 'D', label: 'D', value: 25 },
    { code: 'C', label: 'C', value: 50 },
    { code: 'B', label: 'B', value: 75 },
    { code: 'A', label: 'A', value: 100 },
  ],
  levels: [
    { code: 'emerging', label: 'Emerging', value: 33 },
    { code: 'expected', label: 'Expected', value: 67 },
    { code: 'exceeding', label: 'Exceeding', value: 100 },
  ],
};

/** A grade scale: its name and kind, the highest mark of points, or the letters or levels from lowest to highest. */
export function ScaleModal({ scale, onClose }: { scale: GradeScale | null; onClose: () => void }) {
  const { t } = useTranslation(GRADEBOOK_NS);
  const save = useSaveScale();
  const form = useContractForm({
    schema: gradeScaleRequestSchema,
    initialValues: {
      name: scale?.name ?? '',
      kind: scale?.kind ?? 'points',
      max_points: scale?.max_points ?? 10,
      levels: scale?.levels ?? [],
    } as Values,
    toBody: (v) => ({
      name: v.name,
      kind: v.kind,
      max_points: v.kind === 'points' ? (v.max_points === '' ? undefined : Number(v.max_points)) : null,
      levels:
        v.kind === 'points'
          ? []
          : v.levels.map((l) => ({ code: l.code.trim(), label: l.label.trim() || l.code.trim(), value: Number(l.value) })),
    }),
    rules: (v) => ({
      max_points: v.kind === 'points' && (v.max_points === '' || Number(v.max_points) <= 0) && t('scales.maxRequired'),
      levels:
        v.kind !== 'points' &&
        (v.levels.length === 0
          ? t('scales.levelsRequired')
          : new Set(v.levels.map((l) => l.code.trim().toLowerCase())).size !== v.levels.length && t('scales.codesUnique')),
    }),
  });
  const submit = form.submitWith((body) => save.mutateAsync({ id: scale?._id ?? null, body }), {
    onSuccess: toastThen(assessmentMessage(scale ? 'scaleSaved' : 'scaleCreated'), onClose),
  });
  const kind = form.values.kind;
  const changeKind = (next: string) => {
    const to = next as ScaleKind;
    form.setFieldValue('kind', to);
    if (to !== 'points' && form.values.levels.length === 0) form.setFieldValue('levels', STARTING_LEVELS[to]);
  };
  const levelsError = form.errors.levels;

  return (
    <FormModal
      opened
      onClose={onClose}
      title={scale ? t('scales.editTitle') : t('scales.newTitle')}
      submitLabel={scale ? t('scales.save') : t('scales.create')}
      onSubmit={() => submit()}
      pending={form.pending}
      error={form.error}
    >
      <TextInput label={t('scales.name')} required maxLength={80} data-autofocus dir="auto" {...form.getInputProps('name')} />
      <Stack gap={4}>
        <Text fz="sm" fw={500} id="scale-kind-label">
          {t('scales.kind')}
        </Text>
        <SegmentedControl
          aria-labelledby="scale-kind-label"
          value={kind}
          onChange={changeKind}
          data={SCALE_KINDS.map((k) => ({ value: k, label: t(`scales.kinds.${k}`) }))}
          data-testid="scale-kind"
        />
        <Text fz="xs" c="dimmed">
          {t(`scales.kindHints.${kind}`)}
        </Text>
      </Stack>
      {kind === 'points' ? (
        <NumberInput label={t('scales.maxPoints')} required min={1} max={1000} w={160} {...form.getInputProps('max_points')} />
      ) : (
        <Stack gap="xs" data-testid="scale-levels">
          <Text fz="sm" fw={500}>
            {t('scales.levels')}
          </Text>
          {form.values.levels.map((level, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a level is its position in the list being edited
            <Group key={index} gap="xs" align="flex-end" wrap="nowrap" data-testid="scale-level">
              <TextInput
                label={t('scales.code')}
                maxLength={20}
                w={96}
                dir="auto"
                {...form.getInputProps(`levels.${index}.code`)}
              />
              <TextInput
                label={t('scales.label')}
                maxLength={60}
                flex={1}
                miw={0}
                dir="auto"
                {...form.getInputProps(`levels.${index}.label`)}
              />
              <NumberInput label={t('scales.value')} min={0} max={100} w={80} {...form.getInputProps(`levels.${index}.value`)} />
              <RowMoves
                index={index}
                count={form.values.levels.length}
                mb={1}
                labels={{
                  up: t('scales.up', { code: level.code }),
                  down: t('scales.down', { code: level.code }),
                  remove: t('scales.remove', { code: level.code }),
                }}
                onMove={(from, to) => form.reorderListItem('levels', { from, to })}
                onRemove={(at) => form.removeListItem('levels', at)}
              />
            </Group>
          ))}
          <ListAdd
            error={levelsError}
            label={t('scales.addLevel')}
            full={form.values.levels.length >= 20}
            onAdd={() => form.insertListItem('levels', { code: '', label: '', value: 100 })}
          />
          <Text fz="xs" c="dimmed">
            {t('scales.levelsHint')}
          </Text>
        </Stack>
      )}
    </FormModal>
  );
}
