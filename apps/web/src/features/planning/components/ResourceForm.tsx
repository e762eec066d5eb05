import {
  isHttpUrl,
  type PlanningResourceRequest,
  planningResourceRequestSchema,
  RESOURCE_TITLE_MAX,
  type ResourceKind,
} from '@cue/contract';
import {
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { type ContractForm, useContractForm } from '../../../components/form/useContractForm';
import { toastThen } from '../../../lib/saved';
import { type PlanningResource, useFrameworks, useSaveResource } from '../api';
import { PLANNING_NS, planningErrorText, planningMessage } from '../i18n';
import { cleanTags, monthsOf, yearsMonths } from './libraryForms';
import { ResourceKindIcon } from './ResourceKindIcon';

/** Kinds a person adds by hand; a file arrives by upload and keeps its kind. */
const TYPED_KINDS = ['link', 'video', 'book'] as const satisfies readonly ResourceKind[];

interface Values {
  kind: ResourceKind;
  title: string;
  url: string;
  author: string;
  description: string;
  tags: string[];
  area_ids: string[];
  from_years: number | '';
  from_months: number | '';
  to_years: number | '';
  to_months: number | '';
}

function valuesOf(resource: PlanningResource | null, kind: ResourceKind): Values {
  const from = yearsMonths(resource?.age_from_months ?? null);
  const to = yearsMonths(resource?.age_to_months ?? null);
  return {
    kind: resource?.kind ?? kind,
    title: resource?.title ?? '',
    // A file's link is signed and short-lived: it is never sent back.
    url: resource && resource.kind !== 'file' ? (resource.url ?? '') : '',
    author: resource?.author ?? '',
    description: resource?.description ?? '',
    tags: resource?.tags ?? [],
    area_ids: resource?.areas.map((a) => a._id) ?? [],
    from_years: from.years,
    from_months: from.months,
    to_years: to.years,
    to_months: to.months,
  };
}

const bodyOf = (v: Values): PlanningResourceRequest => ({
  kind: v.kind,
  title: v.title,
  description: v.description,
  url: v.kind === 'file' || !v.url.trim() ? null : v.url.trim(),
  author: v.author,
  tags: cleanTags(v.tags),
  area_ids: v.area_ids,
  age_from_months: monthsOf(v.from_years, v.from_months),
  age_to_months: monthsOf(v.to_years, v.to_months),
});

/**
 * A resource of the library, new (a link, a video or a book) or edited (an uploaded file too): title,
 * link (needed for links and videos), author, description, tags, learning areas and the ages it suits,
 * given in years and months and sent as months.
 */
export function ResourceForm({
  resource,
  kind = 'link',
  onClose,
}: {
  resource: PlanningResource | null;
  /** The kind a new resource starts with. */
  kind?: ResourceKind;
  onClose: () => void;
}) {
  const { t } = useTranslation(PLANNING_NS);
  const save = useSaveResource();
  const frameworks = useFrameworks();
  const form = useContractForm({
    schema: planningResourceRequestSchema,
    initialValues: valuesOf(resource, kind),
    toBody: bodyOf,
    fields: { age_from_months: 'from_years', age_to_months: 'to_years' },
    rules: (v) => {
      const body = bodyOf(v);
      const needsLink = v.kind === 'link' || v.kind === 'video';
      return {
        title: !v.title.trim() && t('resources.form.titleRequired'),
        url:
          (needsLink && !body.url && planningMessage('resourceLinkRequired')) ||
          (!!body.url && !isHttpUrl(body.url) && t('resources.form.urlInvalid')),
        to_years:
          body.age_from_months !== null &&
          body.age_to_months !== null &&
          body.age_to_months < body.age_from_months &&
          t('resources.form.agesOrder'),
      };
    },
  });
  const { values } = form;
  const submit = form.submitWith((body) => save.mutateAsync({ id: resource?._id ?? null, body }), {
    onSuccess: toastThen(planningMessage(resource ? 'resourceSaved' : 'resourceCreated'), onClose),
  });
  // Areas grouped by their framework, as a choice among many.
  const areaData = (frameworks.data ?? []).map((f) => ({
    group: f.name,
    items: f.areas.map((a) => ({ value: a._id, label: a.name })),
  }));
  const isFile = values.kind === 'file';

  return (
    <FormModal
      opened
      onClose={onClose}
      title={resource ? t('resources.form.editTitle') : t('resources.form.newTitle')}
      submitLabel={resource ? t('resources.form.save') : t('resources.form.create')}
      onSubmit={() => submit()}
      pending={form.pending}
      error={form.error ?? (frameworks.error ? planningErrorText(frameworks.error) : null)}
      size="lg"
    >
      {isFile ? (
        <Group gap="xs">
          <ResourceKindIcon kind="file" />
          <Text fz="sm">{resource?.file_name ?? t('resources.kind.file')}</Text>
        </Group>
      ) : (
        <Stack gap={4}>
          <Text component="span" fz="sm" fw={500} id="resource-kind-label">
            {t('resources.form.kind')}
          </Text>
          <SegmentedControl
            aria-labelledby="resource-kind-label"
            data={TYPED_KINDS.map((k) => ({ value: k, label: t(`resources.kind.${k}`) }))}
            {...form.getInputProps('kind')}
          />
        </Stack>
      )}
      <TextInput
        label={t('resources.form.title')}
        {...form.getInputProps('title')}
        maxLength={RESOURCE_TITLE_MAX}
        required
        data-autofocus
      />
      {!isFile && (
        <TextInput
          label={values.kind === 'book' ? t('resources.form.urlOptional') : t('resources.form.url')}
          placeholder="https://"
          type="url"
          dir="ltr"
          {...form.getInputProps('url')}
          required={values.kind !== 'book'}
          maxLength={2000}
        />
      )}
      <TextInput label={t('resources.form.author')} {...form.getInputProps('author')} maxLength={200} />
      <Textarea label={t('resources.form.description')} {...form.getInputProps('description')} autosize minRows={2} maxRows={6} />
      <TagsInput
        label={t('resources.form.tags')}
        description={t('resources.form.tagsHint')}
        {...form.getInputProps('tags')}
        maxTags={20}
        splitChars={[',']}
        clearable
      />
      <MultiSelect
        label={t('resources.form.areas')}
        data={areaData}
        {...form.getInputProps('area_ids')}
        searchable
        clearable
        nothingFoundMessage={t('resources.form.noAreas')}
        comboboxProps={{ withinPortal: true }}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <AgeFields legend={t('resources.form.ageFrom')} years="from_years" months="from_months" form={form} />
        <AgeFields legend={t('resources.form.ageTo')} years="to_years" months="to_months" form={form} />
      </SimpleGrid>
    </FormModal>
  );
}

function AgeFields({
  legend,
  years,
  months,
  form,
}: {
  legend: string;
  years: 'from_years' | 'to_years';
  months: 'from_months' | 'to_months';
  form: ContractForm<Values, typeof planningResourceRequestSchema>;
}) {
  const { t } = useTranslation(PLANNING_NS);
  return (
    <Fieldset legend={legend} variant="unstyled" p={0}>
      <Group gap="xs" grow wrap="nowrap" align="flex-start">
        <NumberInput
          label={t('resources.form.years')}
          aria-label={`${legend}: ${t('resources.form.years')}`}
          min={0}
          max={20}
          allowDecimal={false}
          {...form.getInputProps(years)}
        />
        <NumberInput
          label={t('resources.form.months')}
          aria-label={`${legend}: ${t('resources.form.months')}`}
          min={0}
          max={11}
          allowDecimal={false}
          {...form.getInputProps(months)}
        />
      </Group>
    </Fieldset>
  );
}
