import { ddmmyyyyFromIso, hireRequestSchema } from '@cue/contract';
import { Anchor, Group, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DAY, readerDateFormatter } from '../../../components/dateFormat';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { useRoles, useStaffClassList } from '../../admin/api';
import { HIRING_NS } from '../i18n';
import { hiringText, type JobApplication, useHire, useOpening } from './api-hiring';
import { hireDefaults } from './hiringFormat';

/** The school's staff page, where the new member of staff shows. */
export const STAFF_PAGE = '/admin/school-setup/staff';

function HireForm({
  application,
  defaults,
  onClose,
}: {
  application: JobApplication;
  defaults: ReturnType<typeof hireDefaults>;
  onClose: () => void;
}) {
  const { t } = useTranslation(HIRING_NS);
  const { t: tc } = useTranslation();
  const hire = useHire();
  const navigate = useNavigate();
  const roles = useRoles();
  const classes = useStaffClassList();
  const form = useContractForm({
    schema: hireRequestSchema,
    initialValues: defaults,
    toBody: (v) => ({
      ...v,
      phone: v.phone.trim() || undefined,
      start_date: v.start_date ? ddmmyyyyFromIso(v.start_date) : undefined,
    }),
    messages: { first_name: t('hire.firstNameNeeded'), role_id: t('hire.roleNeeded'), email: t('hire.emailBad') },
  });
  const submit = form.submitWith((body) => hire.mutateAsync({ id: application._id, body }), {
    onSuccess: (answer) => {
      const { message, result } = answer as { message?: string | null; result: { staff: { name: string } } };
      notifications.show({
        color: 'teal',
        title: hiringText(message) || t('messages.hired'),
        message: (
          // Notifications render outside the router, where a router Link has no context and would
          // take the whole page down: a plain link that navigates through this form's router.
          <Anchor
            href={STAFF_PAGE}
            fz="sm"
            onClick={(e) => {
              e.preventDefault();
              navigate(STAFF_PAGE);
            }}
          >
            {t('hire.seeStaff', { name: result.staff.name })}
          </Anchor>
        ),
        autoClose: 10_000,
        withBorder: true,
        // As the app's toasts: the close button named, the text at the page's contrast.
        closeButtonProps: { 'aria-label': tc('common.close') },
        styles: { description: { color: 'var(--mantine-color-text)' } },
      });
      onClose();
    },
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('hire.title', { name: application.name })}
      submitLabel={t('hire.submit')}
      onSubmit={submit}
      pending={form.pending}
      error={form.error}
    >
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {t('hire.explain')}
        </Text>
        <Group grow gap="sm" align="flex-start">
          <TextInput label={t('hire.firstName')} {...form.getInputProps('first_name')} required maxLength={60} data-autofocus />
          <TextInput label={t('hire.lastName')} {...form.getInputProps('last_name')} maxLength={60} />
        </Group>
        <Group grow gap="sm" align="flex-start">
          <TextInput label={t('hire.phone')} {...form.getInputProps('phone')} type="tel" inputMode="tel" maxLength={20} />
          <TextInput label={t('hire.email')} {...form.getInputProps('email')} type="email" maxLength={200} />
        </Group>
        <Select
          label={t('hire.role')}
          data={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
          {...form.getInputProps('role_id')}
          searchable
          required
        />
        <MultiSelect
          label={t('hire.classes')}
          placeholder={t('hire.noClasses')}
          data={(classes.data ?? []).map((c) => ({ value: c.id, label: c.class_name }))}
          {...form.getInputProps('class_ids')}
          searchable
          clearable
        />
        <DatePickerInput
          label={t('hire.startDate')}
          value={form.values.start_date}
          onChange={(v) => form.setFieldValue('start_date', v ? String(v).slice(0, 10) : null)}
          error={form.errors.start_date}
          valueFormat="MMM DD, YYYY"
          valueFormatter={readerDateFormatter(DAY)}
          clearable
        />
      </Stack>
    </FormModal>
  );
}

/** Hire: the new member of staff from the application (names, contact) and the opening (role, classes). */
export function HireDialog({ application, onClose }: { application: JobApplication; onClose: () => void }) {
  const opening = useOpening(application.opening._id);
  // The form starts once the opening's role and classes are known (an opening that cannot be read leaves them empty).
  if (opening.isPending) return null;
  return <HireForm application={application} defaults={hireDefaults(application, opening.data)} onClose={onClose} />;
}
