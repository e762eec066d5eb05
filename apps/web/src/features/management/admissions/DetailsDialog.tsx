import {
  ADMISSION_FORM_KINDS,
  ADMISSION_SOURCES,
  type AdmissionFormKind,
  type AdmissionSource,
  admissionCreateSchema,
  admissionUpdateSchema,
  ddmmyyyyFromIso,
  isoFromDdmmyyyy,
  LANGUAGES,
  type Language,
  pagePath,
} from '@cue/contract';
import { Group, Select, SimpleGrid, Textarea, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { toast } from '../../../lib/notify';
import { useStaffClassList } from '../../admin/api';
import { ADMISSIONS_NS } from '../i18n';
import { type Admission, admissionText, useCreateAdmission, useUpdateAdmission } from './api';

interface Values {
  kind: AdmissionFormKind;
  source: AdmissionSource;
  child_first_name: string;
  child_last_name: string;
  child_date_of_birth: string | null;
  parent_first_name: string;
  parent_last_name: string;
  parent_email: string;
  parent_phone: string;
  desired_class_id: string | null;
  desired_start: string | null;
  language: Language;
  note: string;
}

const wireDay = (iso: string | null) => (iso ? ddmmyyyyFromIso(iso) : null);
const splitName = (name: string): [string, string] => {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return [first, rest.join(' ')];
};

/** The request of the child and family fields (empty optional fields are absent or null). */
function detailsBody(v: Values) {
  return {
    source: v.source,
    child_first_name: v.child_first_name,
    child_last_name: v.child_last_name,
    child_date_of_birth: wireDay(v.child_date_of_birth),
    parent_first_name: v.parent_first_name,
    parent_last_name: v.parent_last_name,
    parent_email: v.parent_email.trim() || null,
    parent_phone: v.parent_phone.replace(/[\s-]/g, '') || null,
    desired_class_id: v.desired_class_id,
    desired_start: wireDay(v.desired_start),
    language: v.language,
  };
}

/**
 * "Add enquiry" (taken by phone or at the door; no application given) or "Edit child and family" of an
 * application: the child, the parent who asked, the class and start they asked for.
 */
export function DetailsDialog({ application, onClose }: { application: Admission | null; onClose: () => void }) {
  const { t, i18n } = useTranslation(ADMISSIONS_NS);
  const navigate = useNavigate();
  const create = useCreateAdmission();
  const update = useUpdateAdmission();
  const classes = useStaffClassList();
  const [childFirst, childLast] = splitName(application?.child_name ?? '');
  const [parentFirst, parentLast] = splitName(application?.parent_name ?? '');
  const form = useContractForm({
    schema: application ? admissionUpdateSchema : admissionCreateSchema,
    initialValues: {
      kind: application?.kind ?? 'enquiry',
      source: application?.source ?? 'phone',
      child_first_name: childFirst,
      child_last_name: childLast,
      child_date_of_birth: application?.child_date_of_birth ? isoFromDdmmyyyy(application.child_date_of_birth) : null,
      parent_first_name: parentFirst,
      parent_last_name: parentLast,
      parent_email: application?.parent_email ?? '',
      parent_phone: application?.parent_phone ?? '',
      desired_class_id: application?.desired_class?._id ?? null,
      desired_start: application?.desired_start ? isoFromDdmmyyyy(application.desired_start) : null,
      language:
        application?.language ?? ((LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en'),
      note: '',
    } satisfies Values as Values,
    toBody: (v) => (application ? detailsBody(v) : { ...detailsBody(v), kind: v.kind, note: v.note.trim() || undefined }),
  });

  const submit = form.submitWith(
    (body) =>
      application
        ? update.mutateAsync({ id: application._id, body })
        : create.mutateAsync(body as Parameters<typeof create.mutateAsync>[0]),
    {
      onSuccess: (answer) => {
        const { message, result } = answer as { message?: string; result: Admission };
        toast.success(admissionText(message) || t(application ? 'messages.saved' : 'messages.created'));
        onClose();
        if (!application) navigate(pagePath.admission(result._id));
      },
    },
  );

  const dayProps = { valueFormat: 'DD-MM-YYYY', clearable: true } as const;
  return (
    <FormModal
      opened
      onClose={onClose}
      title={application ? t('details.editTitle') : t('details.addTitle')}
      submitLabel={application ? t('details.save') : t('details.add')}
      onSubmit={() => submit()}
      pending={form.pending}
      error={form.error}
    >
      {!application && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t('details.kind')}
            data={ADMISSION_FORM_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
            allowDeselect={false}
            {...form.getInputProps('kind')}
          />
          <Select
            label={t('details.source')}
            data={ADMISSION_SOURCES.map((s) => ({ value: s, label: t(`sources.${s}`) }))}
            allowDeselect={false}
            {...form.getInputProps('source')}
          />
        </SimpleGrid>
      )}
      {application && (
        <Select
          label={t('details.source')}
          data={ADMISSION_SOURCES.map((s) => ({ value: s, label: t(`sources.${s}`) }))}
          allowDeselect={false}
          {...form.getInputProps('source')}
        />
      )}
      <Title order={3} fz="md">
        {t('details.child')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label={t('details.childFirstName')}
          required
          maxLength={60}
          data-autofocus
          {...form.getInputProps('child_first_name')}
        />
        <TextInput label={t('details.childLastName')} maxLength={60} {...form.getInputProps('child_last_name')} />
      </SimpleGrid>
      <DatePickerInput
        label={t('details.dateOfBirth')}
        maxDate={new Date()}
        {...dayProps}
        {...form.getInputProps('child_date_of_birth')}
      />
      <Title order={3} fz="md">
        {t('details.parent')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label={t('details.parentFirstName')} required maxLength={60} {...form.getInputProps('parent_first_name')} />
        <TextInput label={t('details.parentLastName')} maxLength={60} {...form.getInputProps('parent_last_name')} />
        <TextInput label={t('details.email')} type="email" maxLength={200} dir="ltr" {...form.getInputProps('parent_email')} />
        <TextInput
          label={t('details.phone')}
          type="tel"
          inputMode="numeric"
          maxLength={14}
          dir="ltr"
          {...form.getInputProps('parent_phone')}
        />
      </SimpleGrid>
      <Select
        label={t('details.language')}
        description={t('details.languageHint')}
        data={LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
        allowDeselect={false}
        {...form.getInputProps('language')}
      />
      <Group grow gap="sm" align="flex-start">
        <Select
          label={t('details.desiredClass')}
          placeholder={t('details.noClass')}
          data={(classes.data ?? []).map((c) => ({ value: c.id, label: c.class_name }))}
          clearable
          {...form.getInputProps('desired_class_id')}
        />
        <DatePickerInput label={t('details.desiredStart')} {...dayProps} {...form.getInputProps('desired_start')} />
      </Group>
      {!application && (
        <Textarea label={t('details.note')} autosize minRows={2} maxLength={4000} {...form.getInputProps('note')} />
      )}
    </FormModal>
  );
}
