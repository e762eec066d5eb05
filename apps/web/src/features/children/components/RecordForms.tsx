import {
  ALLERGY_SEVERITIES,
  contactRequestSchema,
  GENDERS,
  healthItemRequestSchema,
  healthUpdateSchema,
  IMMUNISATION_STATUSES,
  profileUpdateSchema,
} from '@cue/contract';
import { NumberInput, Select, SimpleGrid, Switch, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { fullName } from '../../../lib/format';
import { toast } from '../../../lib/notify';
import { useClassDetail } from '../../admin/api';
import { fromWire, toWire } from '../../attendance/dates';
import {
  type ChildContact,
  type ChildRecord,
  type HealthItem,
  useSaveContact,
  useSaveHealth,
  useSaveHealthItem,
  useSaveProfile,
} from '../api';
import { CHILDREN_NS } from '../i18n';

const wire = (iso: string | null) => (iso ? toWire(iso) : null);
const iso = (ddmmyyyy: string | null) => (ddmmyyyy ? fromWire(ddmmyyyy) || null : null);
const orNull = (text: string) => (text.trim() ? text.trim() : null);

/** The child's profile, for admins. */
export function ProfileModal({ record, onClose }: { record: ChildRecord; onClose: () => void }) {
  const { t } = useTranslation(CHILDREN_NS);
  const save = useSaveProfile(record.student.id);
  const p = record.profile;
  const classDetail = useClassDetail(record.student.student_class[0]?.class_id ?? null);
  const staffOptions = (classDetail.data?.staff_list ?? []).map((s) => ({ value: s.id, label: fullName(s) }));
  const form = useContractForm({
    schema: profileUpdateSchema,
    initialValues: {
      date_of_birth: iso(p.date_of_birth),
      gender: p.gender as string | null,
      preferred_name: p.preferred_name ?? '',
      home_languages: p.home_languages,
      address: p.address ?? '',
      start_date: iso(p.start_date),
      leaving_date: iso(p.leaving_date),
      key_person_id: p.key_person?.id ?? null,
      notes: p.notes ?? '',
    },
    toBody: (v) => ({
      date_of_birth: wire(v.date_of_birth),
      gender: (v.gender as (typeof GENDERS)[number] | null) ?? null,
      preferred_name: orNull(v.preferred_name),
      home_languages: v.home_languages,
      address: orNull(v.address),
      start_date: wire(v.start_date),
      leaving_date: wire(v.leaving_date),
      key_person_id: v.key_person_id,
      notes: orNull(v.notes),
    }),
  });
  const submit = form.submitWith((body) => save.mutateAsync(body), {
    onSuccess: () => {
      toast.success(t('messages.profileSaved'));
      onClose();
    },
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('profile.edit')}
      submitLabel={t('actions.save')}
      onSubmit={submit}
      pending={form.pending}
      error={form.error}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <DatePickerInput
          label={t('profile.dateOfBirth')}
          clearable
          valueFormat="DD-MM-YYYY"
          {...form.getInputProps('date_of_birth')}
        />
        <Select
          label={t('profile.gender')}
          data={GENDERS.map((g) => ({ value: g, label: t(`genders.${g}`) }))}
          clearable
          {...form.getInputProps('gender')}
        />
        <TextInput label={t('profile.preferredName')} {...form.getInputProps('preferred_name')} />
        <TagsInput label={t('profile.homeLanguages')} {...form.getInputProps('home_languages')} />
        <DatePickerInput
          label={t('profile.startDate')}
          clearable
          valueFormat="DD-MM-YYYY"
          {...form.getInputProps('start_date')}
        />
        <DatePickerInput
          label={t('profile.leavingDate')}
          clearable
          valueFormat="DD-MM-YYYY"
          {...form.getInputProps('leaving_date')}
        />
      </SimpleGrid>
      <Select label={t('profile.keyPerson')} data={staffOptions} clearable {...form.getInputProps('key_person_id')} />
      <Textarea label={t('profile.address')} autosize minRows={2} {...form.getInputProps('address')} />
      <Textarea label={t('profile.notes')} autosize minRows={2} {...form.getInputProps('notes')} />
    </FormModal>
  );
}

type ItemKind = HealthItem['kind'];

/** An allergy, a medical condition or a medicine, for admins. */
export function HealthItemModal({
  studentId,
  kind,
  item,
  onClose,
}: {
  studentId: string;
  kind: ItemKind;
  item: HealthItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(CHILDREN_NS);
  const save = useSaveHealthItem(studentId);
  const allergy = kind === 'allergy';
  const form = useContractForm({
    schema: healthItemRequestSchema,
    initialValues: {
      kind,
      name: item?.name ?? '',
      severity: (item?.severity ?? null) as string | null,
      reaction: item?.reaction ?? '',
      action_plan: item?.action_plan ?? '',
      epipen: item?.epipen ?? false,
    },
    toBody: (v) => ({
      kind: v.kind,
      name: v.name,
      severity: allergy ? ((v.severity as (typeof ALLERGY_SEVERITIES)[number] | null) ?? null) : null,
      reaction: v.reaction,
      action_plan: v.action_plan,
      epipen: allergy && v.epipen,
    }),
    messages: { name: { required: t(`health.form.nameRequired.${kind}`) }, severity: t('health.form.severityRequired') },
  });
  const submit = form.submitWith((body) => save.mutateAsync({ id: item?.id, body }), {
    onSuccess: () => {
      toast.success(item ? t('messages.saved') : t('messages.added'));
      onClose();
    },
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={item ? t(`health.edit.${kind}`) : t(`health.add.${kind}`)}
      submitLabel={t('actions.save')}
      onSubmit={submit}
      pending={form.pending}
      error={form.error}
      size="md"
    >
      <TextInput label={t(`health.form.name.${kind}`)} required data-autofocus {...form.getInputProps('name')} />
      {allergy && (
        <Select
          label={t('health.form.severity')}
          data={ALLERGY_SEVERITIES.map((s) => ({ value: s, label: t(`severity.${s}`) }))}
          required
          allowDeselect={false}
          {...form.getInputProps('severity')}
        />
      )}
      {kind !== 'medicine' && (
        <Textarea label={t('health.form.reaction')} autosize minRows={2} {...form.getInputProps('reaction')} />
      )}
      <Textarea
        label={kind === 'medicine' ? t('health.form.dose') : t('health.form.actionPlan')}
        autosize
        minRows={2}
        {...form.getInputProps('action_plan')}
      />
      {allergy && <Switch label={t('health.form.epipen')} {...form.getInputProps('epipen', { type: 'checkbox' })} />}
    </FormModal>
  );
}

/** Dietary needs, the doctor, immunisation and special educational needs, for admins. */
export function HealthDetailsModal({ record, onClose }: { record: ChildRecord; onClose: () => void }) {
  const { t } = useTranslation(CHILDREN_NS);
  const save = useSaveHealth(record.student.id);
  const h = record.health;
  const form = useContractForm({
    schema: healthUpdateSchema,
    initialValues: {
      religious: h?.dietary?.religious ?? [],
      medical: h?.dietary?.medical ?? [],
      dietary_notes: h?.dietary?.notes ?? '',
      doctor_name: h?.doctor?.name ?? '',
      doctor_phone: h?.doctor?.phone ?? '',
      doctor_practice: h?.doctor?.practice ?? '',
      immunisation: (h?.immunisation ?? null) as string | null,
      needs: h?.sen?.needs ?? '',
      support_plan: h?.sen?.support_plan ?? '',
    },
    toBody: (v) => ({
      dietary: { religious: v.religious, medical: v.medical, notes: v.dietary_notes },
      doctor: { name: v.doctor_name, phone: v.doctor_phone, practice: v.doctor_practice },
      immunisation: (v.immunisation as (typeof IMMUNISATION_STATUSES)[number] | null) ?? null,
      sen: { needs: v.needs, support_plan: v.support_plan },
    }),
    fields: {
      'dietary.religious': 'religious',
      'dietary.medical': 'medical',
      'dietary.notes': 'dietary_notes',
      'doctor.name': 'doctor_name',
      'doctor.phone': 'doctor_phone',
      'doctor.practice': 'doctor_practice',
      'sen.needs': 'needs',
      'sen.support_plan': 'support_plan',
    },
  });
  const submit = form.submitWith((body) => save.mutateAsync(body), {
    onSuccess: () => {
      toast.success(t('messages.healthSaved'));
      onClose();
    },
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('health.details')}
      submitLabel={t('actions.save')}
      onSubmit={submit}
      pending={form.pending}
      error={form.error}
    >
      <Text fw={600}>{t('health.dietary')}</Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TagsInput label={t('health.religious')} {...form.getInputProps('religious')} />
        <TagsInput label={t('health.medicalDiet')} {...form.getInputProps('medical')} />
      </SimpleGrid>
      <Textarea label={t('health.dietaryNotes')} autosize minRows={1} {...form.getInputProps('dietary_notes')} />
      <Text fw={600}>{t('health.doctor')}</Text>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <TextInput label={t('health.doctorName')} {...form.getInputProps('doctor_name')} />
        <TextInput label={t('contacts.phone')} type="tel" dir="ltr" {...form.getInputProps('doctor_phone')} />
        <TextInput label={t('health.practice')} {...form.getInputProps('doctor_practice')} />
      </SimpleGrid>
      <Select
        label={t('health.immunisation')}
        data={IMMUNISATION_STATUSES.map((s) => ({ value: s, label: t(`immunisation.${s}`) }))}
        clearable
        {...form.getInputProps('immunisation')}
      />
      <Textarea label={t('health.senNeeds')} autosize minRows={2} {...form.getInputProps('needs')} />
      <Textarea label={t('health.supportPlan')} autosize minRows={2} {...form.getInputProps('support_plan')} />
    </FormModal>
  );
}

type ContactKind = ChildContact['kind'];

/** An emergency contact, an authorised collector or a person who must not collect the child, for admins. */
export function ContactModal({
  studentId,
  kind,
  contact,
  nextPriority,
  onClose,
}: {
  studentId: string;
  kind: ContactKind;
  contact: ChildContact | null;
  nextPriority: number;
  onClose: () => void;
}) {
  const { t } = useTranslation(CHILDREN_NS);
  const save = useSaveContact(studentId);
  const form = useContractForm({
    schema: contactRequestSchema,
    initialValues: {
      kind,
      name: contact?.name ?? '',
      relationship: contact?.relationship ?? '',
      phone: contact?.phone ?? '',
      priority: contact?.priority ?? nextPriority,
      reason: contact?.reason ?? '',
    },
    toBody: (v) => ({
      kind: v.kind,
      name: v.name,
      relationship: v.relationship,
      phone: orNull(v.phone),
      priority: Number(v.priority) || 0,
      reason: kind === 'not_allowed' ? orNull(v.reason) : null,
    }),
    messages: { name: { required: t('contacts.nameRequired') }, phone: t('contacts.phoneFormat') },
  });
  const submit = form.submitWith((body) => save.mutateAsync({ id: contact?.id, body }), {
    onSuccess: () => {
      toast.success(contact ? t('messages.saved') : t('messages.added'));
      onClose();
    },
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={contact ? t(`contacts.edit.${kind}`) : t(`contacts.add.${kind}`)}
      submitLabel={t('actions.save')}
      onSubmit={submit}
      pending={form.pending}
      error={form.error}
      size="md"
    >
      <TextInput label={t('contacts.name')} required data-autofocus {...form.getInputProps('name')} />
      <TextInput label={t('contacts.relationship')} {...form.getInputProps('relationship')} />
      {kind !== 'not_allowed' && <TextInput label={t('contacts.phone')} type="tel" dir="ltr" {...form.getInputProps('phone')} />}
      {kind === 'emergency' && (
        <NumberInput
          label={t('contacts.priority')}
          description={t('contacts.priorityHint')}
          min={0}
          max={100}
          allowDecimal={false}
          {...form.getInputProps('priority')}
        />
      )}
      {kind === 'not_allowed' && (
        <Textarea
          label={t('contacts.reason')}
          description={t('contacts.reasonHint')}
          autosize
          minRows={2}
          {...form.getInputProps('reason')}
        />
      )}
    </FormModal>
  );
}
