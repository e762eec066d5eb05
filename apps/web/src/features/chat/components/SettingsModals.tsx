import {
  CHAT_AWAY_MESSAGE_MAX,
  type ChatAway,
  type ChatSettings,
  chatAwayRequestSchema,
  chatSettingsRequestSchema,
  ddmmyyyyFromIso,
} from '@cue/contract';
import { Center, Checkbox, Group, Loader, Switch, Textarea, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { toastThen } from '../../../lib/saved';
import { useAway, useChatSettings, useSaveAway, useSaveChatSettings } from '../api';
import { CHAT_NS, chatMessage } from '../i18n';

interface SettingsValues extends Record<string, unknown> {
  quiet: boolean;
  quiet_start: string;
  quiet_end: string;
  quiet_weekends: boolean;
  allow_urgent: boolean;
  family_channels: boolean;
}

const settingsValues = (s: ChatSettings): SettingsValues => ({
  quiet: s.quiet_start !== null,
  quiet_start: s.quiet_start ?? '18:00',
  quiet_end: s.quiet_end ?? '08:00',
  quiet_weekends: s.quiet_weekends,
  allow_urgent: s.allow_urgent,
  family_channels: s.family_channels,
});

function SettingsForm({ settings, onClose }: { settings: ChatSettings; onClose: () => void }) {
  const { t } = useTranslation(CHAT_NS);
  const save = useSaveChatSettings();
  const form = useContractForm({
    schema: chatSettingsRequestSchema,
    initialValues: settingsValues(settings),
    toBody: (v) => ({
      quiet_start: v.quiet ? v.quiet_start : null,
      quiet_end: v.quiet ? v.quiet_end : null,
      quiet_weekends: v.quiet_weekends,
      allow_urgent: v.allow_urgent,
      family_channels: v.family_channels,
    }),
    messages: { quiet_start: t('settings.timeFormat'), quiet_end: t('settings.timeFormat') },
  });
  const submit = form.submitWith((body) => save.mutateAsync(body), {
    onSuccess: toastThen(chatMessage('settingsSaved'), onClose),
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('settings.title')}
      submitLabel={t('settings.save')}
      onSubmit={() => submit()}
      pending={form.pending}
      error={form.error}
      size="md"
    >
      <Switch
        label={t('settings.quiet')}
        description={t('settings.quietHint')}
        {...form.getInputProps('quiet', { type: 'checkbox' })}
      />
      {form.values.quiet && (
        <Group grow>
          <TimeInput label={t('settings.quietStart')} {...form.getInputProps('quiet_start')} />
          <TimeInput label={t('settings.quietEnd')} {...form.getInputProps('quiet_end')} />
        </Group>
      )}
      <Checkbox label={t('settings.quietWeekends')} {...form.getInputProps('quiet_weekends', { type: 'checkbox' })} />
      <Checkbox
        label={t('settings.allowUrgent')}
        description={t('settings.allowUrgentHint')}
        {...form.getInputProps('allow_urgent', { type: 'checkbox' })}
      />
      <Checkbox
        label={t('settings.familyChannels')}
        description={t('settings.familyChannelsHint')}
        {...form.getInputProps('family_channels', { type: 'checkbox' })}
      />
    </FormModal>
  );
}

/** A settings modal while its values are read: its title, a loader, and Close. */
function LoadingModal({ title, onClose }: { title: string; onClose: () => void }) {
  const { t } = useTranslation(CHAT_NS);
  return (
    <FormModal opened onClose={onClose} title={title} submitLabel="" onSubmit={() => undefined} readOnly>
      <Center py="lg">
        <Loader type="dots" aria-label={t('loading')} />
      </Center>
    </FormModal>
  );
}

/** The school's chat settings (admins: quiet hours, weekends, urgent messages, families in channels). */
export function ChatSettingsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(CHAT_NS);
  const settings = useChatSettings();
  if (!settings.data) {
    return <LoadingModal title={t('settings.title')} onClose={onClose} />;
  }
  return <SettingsForm settings={settings.data} onClose={onClose} />;
}

interface AwayValues extends Record<string, unknown> {
  on: boolean;
  from: string;
  to: string;
  message: string;
}

/** A day of the note as typed (DD-MM-YYYY), whether the answer gave it so or as an ISO day. */
const asDay = (value: string | null): string => {
  if (!value) return '';
  if (/^\d{2}-\d{2}-\d{4}$/.test(value)) return value;
  return /^\d{4}-\d{2}-\d{2}/.test(value) ? ddmmyyyyFromIso(value) : value;
};

function AwayForm({ away, onClose }: { away: ChatAway; onClose: () => void }) {
  const { t } = useTranslation(CHAT_NS);
  const save = useSaveAway();
  const form = useContractForm({
    schema: chatAwayRequestSchema,
    initialValues: { on: !!away.from, from: asDay(away.from), to: asDay(away.to), message: away.message } as AwayValues,
    toBody: (v) => (v.on ? { from: v.from.trim(), to: v.to.trim(), message: v.message } : { from: null, to: null, message: '' }),
    messages: { from: t('away.dayFormat'), to: t('away.dayFormat') },
  });
  const submit = form.submitWith((body) => save.mutateAsync(body), {
    onSuccess: toastThen(chatMessage('awaySaved'), onClose),
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('away.title')}
      submitLabel={t('away.save')}
      onSubmit={() => submit()}
      pending={form.pending}
      error={form.error}
      size="md"
    >
      <Switch label={t('away.on')} description={t('away.hint')} {...form.getInputProps('on', { type: 'checkbox' })} />
      {form.values.on && (
        <>
          <Group grow>
            <TextInput label={t('away.from')} placeholder="DD-MM-YYYY" {...form.getInputProps('from')} />
            <TextInput label={t('away.to')} placeholder="DD-MM-YYYY" {...form.getInputProps('to')} />
          </Group>
          <Textarea
            label={t('away.message')}
            placeholder={t('away.messagePlaceholder')}
            autosize
            minRows={2}
            maxLength={CHAT_AWAY_MESSAGE_MAX}
            {...form.getInputProps('message')}
          />
        </>
      )}
    </FormModal>
  );
}

/** A member of staff's out-of-office note, shown to families in their conversations. */
export function AwayModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(CHAT_NS);
  const away = useAway();
  if (!away.data) {
    return <LoadingModal title={t('away.title')} onClose={onClose} />;
  }
  return <AwayForm away={away.data} onClose={onClose} />;
}
