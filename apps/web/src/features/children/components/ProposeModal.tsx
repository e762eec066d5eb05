import { changeRequestBodySchema, type ProposedChanges } from '@cue/contract';
import { Select, SimpleGrid, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { toast } from '../../../lib/notify';
import { type ChildRecord, useProposeChanges } from '../api';
import { CHILDREN_NS } from '../i18n';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A family proposes changes to their child's record: their phone number and email as the school
 * records them, the address, dietary needs, the doctor, a new emergency contact or collector. Only what
 * differs from the record is sent; the school accepts or declines it.
 */
export function ProposeModal({ record, onClose }: { record: ChildRecord; onClose: () => void }) {
  const { t } = useTranslation(CHILDREN_NS);
  const propose = useProposeChanges(record.student.id);
  const dietary = record.health?.dietary ?? { religious: [], medical: [], notes: '' };
  const doctor = record.health?.doctor ?? { name: '', phone: '', practice: '' };
  const initial = {
    parent_phone: '',
    parent_email: '',
    address: record.profile.address ?? '',
    religious: dietary.religious,
    medical: dietary.medical,
    dietary_notes: dietary.notes,
    doctor_name: doctor.name,
    doctor_phone: doctor.phone,
    doctor_practice: doctor.practice,
    contact_kind: 'emergency' as string,
    contact_name: '',
    contact_relationship: '',
    contact_phone: '',
  };
  const form = useContractForm({
    schema: changeRequestBodySchema,
    initialValues: initial,
    toBody: (v) => {
      const changes: ProposedChanges = {};
      if (v.parent_phone.trim()) changes.parent_phone = v.parent_phone.trim();
      if (v.parent_email.trim()) changes.parent_email = v.parent_email.trim();
      if (v.address.trim() !== initial.address.trim()) changes.address = v.address.trim();
      const diet = { religious: v.religious, medical: v.medical, notes: v.dietary_notes };
      if (!same(diet, { religious: initial.religious, medical: initial.medical, notes: initial.dietary_notes }))
        changes.dietary = diet;
      const doc = { name: v.doctor_name, phone: v.doctor_phone, practice: v.doctor_practice };
      if (!same(doc, { name: initial.doctor_name, phone: initial.doctor_phone, practice: initial.doctor_practice }))
        changes.doctor = doc;
      if (v.contact_name.trim() || v.contact_phone.trim())
        changes.contacts = [
          {
            kind: v.contact_kind === 'collector' ? 'collector' : 'emergency',
            name: v.contact_name,
            relationship: v.contact_relationship,
            phone: v.contact_phone,
          },
        ];
      return { changes };
    },
    fields: {
      'changes.parent_phone': 'parent_phone',
      'changes.parent_email': 'parent_email',
      'changes.address': 'address',
      'changes.dietary.religious': 'religious',
      'changes.dietary.medical': 'medical',
      'changes.dietary.notes': 'dietary_notes',
      'changes.doctor.name': 'doctor_name',
      'changes.doctor.phone': 'doctor_phone',
      'changes.doctor.practice': 'doctor_practice',
      'changes.contacts.*.name': 'contact_name',
      'changes.contacts.*.relationship': 'contact_relationship',
      'changes.contacts.*.phone': 'contact_phone',
      'changes.changes': '',
    },
    messages: {
      parent_phone: t('propose.phoneFormat'),
      contact_name: { required: t('contacts.nameRequired') },
      '': t('propose.nothing'),
    },
  });
  const submit = form.submitWith((body) => propose.mutateAsync(body), {
    onSuccess: () => {
      toast.success(t('messages.proposed'));
      onClose();
    },
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('propose.title')}
      submitLabel={t('propose.send')}
      onSubmit={submit}
      pending={form.pending}
      error={form.error}
    >
      <Text fz="sm" c="dimmed">
        {t('propose.hint')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label={t('propose.phone')}
          type="tel"
          inputMode="numeric"
          dir="ltr"
          maxLength={10}
          {...form.getInputProps('parent_phone')}
        />
        <TextInput label={t('propose.email')} type="email" dir="ltr" {...form.getInputProps('parent_email')} />
      </SimpleGrid>
      <Textarea label={t('profile.address')} autosize minRows={2} {...form.getInputProps('address')} />
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
      <Text fw={600}>{t('propose.newContact')}</Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Select
          label={t('propose.contactKind')}
          data={[
            { value: 'emergency', label: t('sections.emergency') },
            { value: 'collector', label: t('sections.collectors') },
          ]}
          allowDeselect={false}
          {...form.getInputProps('contact_kind')}
        />
        <TextInput label={t('contacts.name')} {...form.getInputProps('contact_name')} />
        <TextInput label={t('contacts.relationship')} {...form.getInputProps('contact_relationship')} />
        <TextInput label={t('contacts.phone')} type="tel" dir="ltr" {...form.getInputProps('contact_phone')} />
      </SimpleGrid>
    </FormModal>
  );
}
