import { ddmmyyyyFromIso, EMPLOYMENT_TYPES, isoFromDdmmyyyy, jobOpeningRequestSchema, OPENING_STATUSES } from '@cue/contract';
import { Group, MultiSelect, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { DAY, readerDateFormatter } from '../../../components/dateFormat';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { toast } from '../../../lib/notify';
import { AuditHistory } from '../../academic/components/AuditHistory';
import { useRoles, useStaffClassList } from '../../admin/api';
import { HIRING_NS } from '../i18n';
import { hiringText, type JobOpening, useSaveOpening } from './api-hiring';

/** "New opening" (no opening) or an opening's Edit dialog: title, type, role and classes, description, closing day, status. */
export function OpeningForm({ opening, onClose }: { opening: JobOpening | null; onClose: () => void }) {
  const { t } = useTranslation(HIRING_NS);
  const save = useSaveOpening();
  const roles = useRoles();
  const classes = useStaffClassList();
  const form = useContractForm({
    schema: jobOpeningRequestSchema,
    initialValues: {
      title: opening?.title ?? '',
      employment_type: opening?.employment_type ?? ('full_time' as (typeof EMPLOYMENT_TYPES)[number]),
      location: opening?.location ?? '',
      role_id: opening?.role?._id ?? (null as string | null),
      class_ids: opening?.classes.map((c) => c._id) ?? ([] as string[]),
      description: opening?.description ?? '',
      // The picker's ISO day; the wire's DD-MM-YYYY is made when sending.
      closes_on: (opening?.closes_on ? isoFromDdmmyyyy(opening.closes_on) : null) as string | null,
      status: opening?.status ?? ('draft' as (typeof OPENING_STATUSES)[number]),
    },
    toBody: (v) => ({ ...v, closes_on: v.closes_on ? ddmmyyyyFromIso(v.closes_on) : null }),
    messages: { title: { required: t('opening.titleNeeded') } },
  });
  const submit = form.submitWith((body) => save.mutateAsync({ id: opening?._id, body }), {
    onSuccess: (answer) => {
      const message = (answer as { message?: string | null }).message;
      toast.success(hiringText(message) || t(opening ? 'messages.openingSaved' : 'messages.openingCreated'));
      onClose();
    },
  });
  const readOnly = !!opening && !opening.abilities.edit;

  return (
    <FormModal
      opened
      onClose={onClose}
      title={opening ? t('opening.editTitle', { title: opening.title }) : t('opening.newTitle')}
      submitLabel={t('opening.save')}
      onSubmit={submit}
      pending={form.pending}
      readOnly={readOnly}
      error={form.error}
    >
      <Stack gap="md">
        <TextInput label={t('opening.title')} {...form.getInputProps('title')} required maxLength={120} data-autofocus />
        {opening && (
          <Group justify="flex-end">
            <AuditHistory entityType="job_opening" entityId={opening._id} />
          </Group>
        )}
        <Group grow gap="sm" align="flex-start">
          <Select
            label={t('opening.type')}
            data={EMPLOYMENT_TYPES.map((k) => ({ value: k, label: t(`types.${k}`) }))}
            {...form.getInputProps('employment_type')}
            allowDeselect={false}
          />
          <Select
            label={t('opening.status')}
            data={OPENING_STATUSES.map((k) => ({ value: k, label: t(`status.${k}`) }))}
            {...form.getInputProps('status')}
            allowDeselect={false}
          />
        </Group>
        <Group grow gap="sm" align="flex-start">
          <Select
            label={t('opening.role')}
            description={t('opening.roleHint')}
            placeholder={t('opening.noRole')}
            data={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
            {...form.getInputProps('role_id')}
            searchable
            clearable
          />
          <TextInput label={t('opening.location')} {...form.getInputProps('location')} maxLength={200} />
        </Group>
        <MultiSelect
          label={t('opening.classes')}
          placeholder={t('opening.noClasses')}
          data={(classes.data ?? []).map((c) => ({ value: c.id, label: c.class_name }))}
          {...form.getInputProps('class_ids')}
          searchable
          clearable
        />
        <Textarea
          label={t('opening.description')}
          description={t('opening.descriptionHint')}
          {...form.getInputProps('description')}
          autosize
          minRows={5}
          maxRows={14}
          maxLength={10000}
        />
        <DatePickerInput
          label={t('opening.closesOn')}
          placeholder={t('opening.noClosing')}
          value={form.values.closes_on}
          onChange={(v) => form.setFieldValue('closes_on', v ? String(v).slice(0, 10) : null)}
          error={form.errors.closes_on}
          valueFormat="MMM DD, YYYY"
          valueFormatter={readerDateFormatter(DAY)}
          clearable
        />
      </Stack>
    </FormModal>
  );
}
