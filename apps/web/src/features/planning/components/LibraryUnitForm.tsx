import {
  LIBRARY_EDITOR,
  type LibraryUnitRequest,
  libraryUnitRequestSchema,
  PLANNING_FRAMEWORKS,
  type PlanningArea,
  type PlanningFramework,
  UNIT_KINDS,
  UNIT_TITLE_MAX,
  type UnitFieldKey,
  type UnitFields,
} from '@cue/contract';
import { Divider, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { toastThen } from '../../../lib/saved';
import { type LibraryUnit, useFrameworks, useSaveLibraryUnit } from '../api';
import { PLANNING_NS, planningErrorText, planningMessage } from '../i18n';
import { AreaPicker } from './AreaPicker';
import { UnitFieldsEditor } from './UnitFieldsEditor';

/** Who may add to and edit the organization's library (the routes' permission, for the "New" button). */
export const LIBRARY_EDITOR_NEED = { permission: LIBRARY_EDITOR } as const;

/** The areas of every curriculum that follows a framework (an organization may hold more than one). */
export function areasOfFramework(
  frameworks: readonly { framework: PlanningFramework; areas: PlanningArea[] }[] | undefined,
  framework: PlanningFramework,
): PlanningArea[] {
  const seen = new Set<string>();
  return (frameworks ?? [])
    .filter((f) => f.framework === framework)
    .flatMap((f) => f.areas)
    .filter((a) => !seen.has(a._id) && seen.add(a._id) !== undefined);
}

const emptyUnit = (): LibraryUnitRequest => ({
  kind: 'unit',
  framework: 'eyfs',
  title: '',
  summary: '',
  age_range: '',
  weeks: 4,
  area_ids: [],
  fields: {},
});

const requestOf = (unit: LibraryUnit): LibraryUnitRequest => ({
  kind: unit.kind,
  framework: unit.framework,
  title: unit.title,
  summary: unit.summary,
  age_range: unit.age_range,
  weeks: unit.weeks,
  area_ids: unit.areas.map((a) => a._id),
  fields: unit.fields,
});

/**
 * A unit of the organization's library, new or edited: its framework and kind, title, summary, ages,
 * length in weeks, learning areas and the planner's fields of its framework (or a project's).
 */
export function LibraryUnitForm({
  unit,
  onClose,
  onSaved,
}: {
  /** The unit edited; none for a new one. */
  unit: LibraryUnit | null;
  onClose: () => void;
  onSaved?: (saved: LibraryUnit) => void;
}) {
  const { t } = useTranslation(PLANNING_NS);
  const save = useSaveLibraryUnit();
  const frameworks = useFrameworks();
  const form = useContractForm({
    schema: libraryUnitRequestSchema,
    initialValues: unit ? requestOf(unit) : emptyUnit(),
    toBody: (v) => ({ ...v, weeks: Number(v.weeks) || 0 }),
    rules: (v) => ({ title: !v.title.trim() && planningMessage('titleRequired') }),
    messages: { weeks: t('library.form.weeksRange') },
  });
  const { values } = form;
  const areas = areasOfFramework(frameworks.data, values.framework);
  const submit = form.submitWith((body) => save.mutateAsync({ id: unit?._id ?? null, body }), {
    onSuccess: (answer) => {
      toastThen(planningMessage(unit ? 'librarySaved' : 'libraryCreated'), onClose)();
      onSaved?.((answer as { result: LibraryUnit }).result);
    },
  });
  const setField = <K extends UnitFieldKey>(key: K, value: UnitFields[K]) =>
    form.setFieldValue('fields', { ...values.fields, [key]: value });
  const setFramework = (next: string | null) => {
    if (!next) return;
    const framework = next as PlanningFramework;
    // Areas belong to a framework: those of the previous one no longer apply.
    const keep = new Set(areasOfFramework(frameworks.data, framework).map((a) => a._id));
    form.setValues({ framework, area_ids: values.area_ids.filter((id) => keep.has(id)) });
  };

  return (
    <FormModal
      opened
      onClose={onClose}
      title={unit ? t('library.form.editTitle') : t('library.form.newTitle')}
      submitLabel={unit ? t('library.form.save') : t('library.form.create')}
      onSubmit={() => submit()}
      pending={form.pending}
      error={form.error ?? (frameworks.error ? planningErrorText(frameworks.error) : null)}
      size="xl"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('library.form.framework')}
          data={PLANNING_FRAMEWORKS.map((f) => ({ value: f, label: t(`library.framework.${f}`) }))}
          value={values.framework}
          onChange={setFramework}
          allowDeselect={false}
          required
          comboboxProps={{ withinPortal: true }}
        />
        <Stack gap={4}>
          <Text component="span" fz="sm" fw={500} id="library-kind-label">
            {t('library.form.kind')}
          </Text>
          <SegmentedControl
            aria-labelledby="library-kind-label"
            data={UNIT_KINDS.map((k) => ({ value: k, label: t(`library.kind.${k}`) }))}
            {...form.getInputProps('kind')}
          />
        </Stack>
      </SimpleGrid>
      <TextInput
        label={t('library.form.title')}
        {...form.getInputProps('title')}
        maxLength={UNIT_TITLE_MAX}
        required
        data-autofocus
      />
      <Textarea label={t('library.form.summary')} {...form.getInputProps('summary')} autosize minRows={2} maxRows={6} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('library.form.ageRange')}
          placeholder={t('library.form.ageRangeHint')}
          {...form.getInputProps('age_range')}
          maxLength={60}
        />
        <NumberInput label={t('library.form.weeks')} min={1} max={52} allowDecimal={false} {...form.getInputProps('weeks')} />
      </SimpleGrid>
      <Divider />
      <UnitFieldsEditor
        framework={values.kind === 'project' ? 'project' : values.framework}
        value={values.fields}
        onChange={setField}
        areas={
          <AreaPicker
            areas={areas}
            value={values.area_ids}
            onChange={(ids) => form.setFieldValue('area_ids', ids)}
            loading={frameworks.isPending}
          />
        }
      />
    </FormModal>
  );
}
