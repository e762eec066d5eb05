import { ddmmyyyyFromIso, enrolRequestSchema, isoFromDdmmyyyy, pagePath } from '@cue/contract';
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { todayWire } from '../../../lib/day';
import { toast } from '../../../lib/notify';
import { useStaffClassList } from '../../admin/api';
import { ADMISSIONS_NS } from '../i18n';
import { type Admission, admissionText, useEnrol } from './api';

interface ParentValues {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  relation: string;
}

const splitName = (name: string): [string, string] => {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return [first, rest.join(' ')];
};

const blankParent = (): ParentValues => ({ first_name: '', last_name: '', phone: '', email: '', relation: 'parent' });

/**
 * "Enrol": the class and first day, the child's names and date of birth, the parents (the one who asked
 * first; a second may be added; each signs in with a phone or an email) and whether the welcome email
 * and invitations go. On success: the child's record and the class, linked.
 */
export function EnrolDialog({ application, onClose }: { application: Admission; onClose: () => void }) {
  const { t } = useTranslation(ADMISSIONS_NS);
  const enrol = useEnrol();
  const classes = useStaffClassList();
  const [done, setDone] = useState<{ student: { _id: string; name: string }; class: { _id: string; name: string } } | null>(null);
  const [childFirst, childLast] = splitName(application.child_name);
  const [parentFirst, parentLast] = splitName(application.parent_name);
  const form = useContractForm({
    schema: enrolRequestSchema,
    initialValues: {
      class_id: application.desired_class?._id ?? (null as string | null),
      start_date: (application.desired_start ? isoFromDdmmyyyy(application.desired_start) : isoFromDdmmyyyy(todayWire())) as
        | string
        | null,
      child_first_name: childFirst,
      child_last_name: childLast,
      child_date_of_birth: application.child_date_of_birth ? isoFromDdmmyyyy(application.child_date_of_birth) : null,
      parents: [
        {
          first_name: parentFirst,
          last_name: parentLast,
          phone: application.parent_phone ?? '',
          email: application.parent_email ?? '',
          relation: 'parent',
        },
      ] as ParentValues[],
      send_email: true,
    },
    toBody: (v) => ({
      class_id: v.class_id ?? '',
      start_date: v.start_date ? ddmmyyyyFromIso(v.start_date) : '',
      child_first_name: v.child_first_name,
      child_last_name: v.child_last_name,
      child_date_of_birth: v.child_date_of_birth ? ddmmyyyyFromIso(v.child_date_of_birth) : null,
      parents: v.parents.map((p) => ({ ...p, phone: p.phone.replace(/[\s-]/g, '') })),
      send_email: v.send_email,
    }),
  });

  const submit = form.submitWith((body) => enrol.mutateAsync({ id: application._id, body }), {
    onSuccess: (answer) => {
      const { message, result } = answer as Awaited<ReturnType<typeof enrol.mutateAsync>>;
      toast.success(admissionText(message) || t('messages.enrolled'));
      setDone({ student: result.student, class: result.class });
    },
  });

  if (done)
    return (
      <FormModal opened onClose={onClose} title={t('enrol.doneTitle')} submitLabel="" onSubmit={onClose} readOnly size="md">
        <Stack gap="sm" data-testid="enrol-done">
          <Text>{t('enrol.done', { name: done.student.name, className: done.class.name })}</Text>
          <Anchor component={Link} to={pagePath.childRecord(done.student._id)} fw={600}>
            {t('enrol.openRecord', { name: done.student.name })}
          </Anchor>
          <Anchor component={Link} to={pagePath.attendance({ classId: done.class._id })} fw={600}>
            {t('enrol.openClass', { name: done.class.name })}
          </Anchor>
        </Stack>
      </FormModal>
    );

  const parents = form.values.parents;
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('enrol.title', { name: application.child_name })}
      submitLabel={t('enrol.submit')}
      onSubmit={() => submit()}
      pending={form.pending}
      error={form.error}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label={t('enrol.class')}
          data={(classes.data ?? []).map((c) => ({ value: c.id, label: c.class_name }))}
          required
          searchable
          data-autofocus
          {...form.getInputProps('class_id')}
        />
        <DatePickerInput label={t('enrol.startDate')} valueFormat="DD-MM-YYYY" required {...form.getInputProps('start_date')} />
      </SimpleGrid>
      <Title order={3} fz="md">
        {t('details.child')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label={t('details.childFirstName')} required maxLength={60} {...form.getInputProps('child_first_name')} />
        <TextInput label={t('details.childLastName')} maxLength={60} {...form.getInputProps('child_last_name')} />
      </SimpleGrid>
      <DatePickerInput
        label={t('details.dateOfBirth')}
        valueFormat="DD-MM-YYYY"
        clearable
        maxDate={new Date()}
        {...form.getInputProps('child_date_of_birth')}
      />
      <Title order={3} fz="md">
        {t('enrol.parents')}
      </Title>
      <Text fz="xs" c="dimmed" mt={-8}>
        {t('enrol.parentsHint')}
      </Text>
      {parents.map((_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a parent has no id before enrolment; the fields are bound by their place.
        <Paper key={`parent-${i}`} withBorder radius="md" p="sm" data-testid="enrol-parent">
          <Group justify="space-between" mb="xs">
            <Text fw={600} fz="sm">
              {t('enrol.parentN', { n: i + 1 })}
            </Text>
            {i > 0 && (
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={() => form.removeListItem('parents', i)}
                aria-label={t('enrol.removeParent', { n: i + 1 })}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            )}
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={t('details.parentFirstName')}
              required
              maxLength={60}
              {...form.getInputProps(`parents.${i}.first_name`)}
            />
            <TextInput label={t('details.parentLastName')} maxLength={60} {...form.getInputProps(`parents.${i}.last_name`)} />
            <TextInput
              label={t('details.phone')}
              type="tel"
              inputMode="numeric"
              dir="ltr"
              maxLength={14}
              {...form.getInputProps(`parents.${i}.phone`)}
            />
            <TextInput
              label={t('details.email')}
              type="email"
              dir="ltr"
              maxLength={200}
              {...form.getInputProps(`parents.${i}.email`)}
            />
          </SimpleGrid>
        </Paper>
      ))}
      {parents.length < 4 && (
        <Button
          variant="subtle"
          size="xs"
          w="fit-content"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => form.insertListItem('parents', blankParent())}
        >
          {t('enrol.addParent')}
        </Button>
      )}
      <Switch
        label={t('enrol.sendEmail')}
        description={t('enrol.sendEmailHint')}
        {...form.getInputProps('send_email', { type: 'checkbox' })}
      />
    </FormModal>
  );
}
