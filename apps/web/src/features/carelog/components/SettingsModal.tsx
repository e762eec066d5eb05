import { carelogSettingsSchema } from '@cue/contract';
import { NumberInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { toastThen } from '../../../lib/saved';
import { type CarelogSettings, useCarelogSettings, useSaveCarelogSettings } from '../api';
import { fieldFromWire, wireFromField } from '../care';
import { CARELOG_NS, careMessage } from '../i18n';

function SettingsForm({ settings, onClose }: { settings: CarelogSettings; onClose: () => void }) {
  const { t } = useTranslation(CARELOG_NS);
  const save = useSaveCarelogSettings();
  const form = useContractForm({
    schema: carelogSettingsSchema,
    initialValues: { ...settings, summary_time: fieldFromWire(settings.summary_time) } as Omit<
      CarelogSettings,
      'summary_time'
    > & {
      summary_time: string;
    },
    toBody: (v) => ({ ...v, summary_time: wireFromField(v.summary_time) ?? '' }),
    messages: { summary_time: { required: t('field.timeRequired'), format: t('field.timeRequired') } },
  });
  const submit = form.submitWith((body) => save.mutateAsync(body), {
    onSuccess: toastThen(careMessage('settingsSaved'), onClose),
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('settings.title')}
      submitLabel={t('action.save')}
      onSubmit={() => submit()}
      pending={form.pending}
      error={form.error}
      size="md"
    >
      <NumberInput
        label={t('settings.napCheck')}
        description={t('settings.napCheckHint')}
        min={5}
        max={60}
        {...form.getInputProps('nap_check_minutes')}
      />
      <NumberInput
        label={t('settings.babyMonths')}
        description={t('settings.babyMonthsHint')}
        min={6}
        max={60}
        {...form.getInputProps('baby_months')}
      />
      <NumberInput
        label={t('settings.retention')}
        description={t('settings.retentionHint')}
        min={1}
        max={50}
        {...form.getInputProps('incident_retention_years')}
      />
      <TimeInput
        label={t('settings.summaryTime')}
        description={t('settings.summaryTimeHint')}
        {...form.getInputProps('summary_time')}
      />
    </FormModal>
  );
}

/** The school's carelog settings (admins: admin_portal.school_details). */
export function SettingsModal({ onClose }: { onClose: () => void }) {
  const settings = useCarelogSettings();
  // The form opens once the settings are read (a moment); until then nothing shows.
  if (!settings.data) return null;
  return <SettingsForm settings={settings.data} onClose={onClose} />;
}
