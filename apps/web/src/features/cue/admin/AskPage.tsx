import type { AiProvider } from '@cue/contract';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Radio,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDeviceFloppy, IconInfoCircle, IconShieldLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, toast } from '../../../lib/notify';
import { CUE_NS } from '../i18n';
import { AiConfigPage } from './AiConfigFrame';
import { type AiOptions, useAiOptions, useAiSettings, useSaveAiOptions, useSaveAiSettings } from './api';

const SWITCHES = ['ask', 'suggestions', 'voice'] as const;

function AskOptions({ classId }: { classId: string }) {
  const { t } = useTranslation(CUE_NS);
  const saved = useAiOptions(classId);
  const save = useSaveAiOptions(classId);
  const [draft, setDraft] = useState<AiOptions | null>(null);
  useEffect(() => {
    if (saved.data) setDraft(saved.data);
  }, [saved.data]);

  if (saved.isError) return <Alert color="red">{errorText(saved.error)}</Alert>;
  if (!draft) return <Skeleton height={220} radius="lg" />;
  const changed = JSON.stringify(draft) !== JSON.stringify(saved.data);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="ai-ask-options">
      <Title order={2} fz="lg" id="ai-ask-options" mb="md">
        {t('aiConfig.ask.options')}
      </Title>
      <Stack gap="md">
        {SWITCHES.map((name) => (
          <Switch
            key={name}
            label={t(`aiConfig.ask.${name}`)}
            description={t(`aiConfig.ask.${name}Hint`)}
            checked={draft[name]}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setDraft((d) => (d ? { ...d, [name]: on } : d));
            }}
            data-testid={`ai-option-${name}`}
          />
        ))}
        <TextInput
          label={t('aiConfig.ask.ageGroup')}
          description={t('aiConfig.ask.ageGroupHint')}
          value={draft.age_group}
          maxLength={40}
          maw={320}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setDraft((d) => (d ? { ...d, age_group: value } : d));
          }}
        />
        <Group justify="flex-end">
          <Button
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            disabled={!changed}
            loading={save.isPending}
            onClick={() =>
              save.mutate(draft, {
                onSuccess: () => toast.success(t('aiConfig.saved')),
                onError: (err) => toast.error(errorText(err)),
              })
            }
            data-testid="ai-options-save"
          >
            {t('aiConfig.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The model provider: the local engine, or an external OpenAI-compatible one after a privacy notice. */
export function ProviderSwitch() {
  const { t } = useTranslation(CUE_NS);
  const settings = useAiSettings();
  const save = useSaveAiSettings();
  const [confirming, setConfirming] = useState(false);
  const [agreed, setAgreed] = useState(false);

  const choose = (provider: AiProvider) => {
    if (provider === settings.data?.ai_provider) return;
    if (provider === 'openai') {
      setAgreed(false);
      setConfirming(true);
      return;
    }
    apply('local');
  };
  const apply = (provider: AiProvider) =>
    save.mutate(provider, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(t('aiConfig.provider.saved'));
      },
      onError: (err) => toast.error(errorText(err)),
    });

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="ai-provider" data-testid="ai-provider">
      <Title order={2} fz="lg" id="ai-provider">
        {t('aiConfig.provider.title')}
      </Title>
      <Text fz="sm" c="dimmed" mb="md">
        {t('aiConfig.provider.description')}
      </Text>
      {settings.isError ? (
        <Alert color="red">{errorText(settings.error)}</Alert>
      ) : !settings.data ? (
        <Skeleton height={96} radius="md" />
      ) : (
        <Stack gap="sm">
          <Radio.Group
            value={settings.data.ai_provider}
            onChange={(value) => choose(value as AiProvider)}
            aria-label={t('aiConfig.provider.title')}
          >
            <Stack gap="sm">
              <Radio
                value="local"
                label={t('aiConfig.provider.local')}
                description={t('aiConfig.provider.localHint')}
                data-testid="provider-local"
              />
              <Radio
                value="openai"
                label={t('aiConfig.provider.openai')}
                description={
                  settings.data.external_configured
                    ? t('aiConfig.provider.openaiHint', { model: settings.data.external_model ?? '' })
                    : t('aiConfig.provider.notConfigured')
                }
                disabled={!settings.data.external_configured || save.isPending}
                data-testid="provider-openai"
              />
            </Stack>
          </Radio.Group>
          {!settings.data.external_configured && (
            <Alert
              color="gray"
              variant="light"
              icon={<IconInfoCircle size={18} aria-hidden />}
              data-testid="provider-unavailable"
            >
              {t('aiConfig.provider.notConfiguredLong')}
            </Alert>
          )}
        </Stack>
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('aiConfig.provider.noticeTitle')}
        centered
        data-testid="provider-notice"
      >
        <Stack gap="md">
          <Alert color="orange" variant="light" icon={<IconShieldLock size={20} aria-hidden />}>
            {t('aiConfig.provider.notice')}
          </Alert>
          <Checkbox
            checked={agreed}
            onChange={(e) => setAgreed(e.currentTarget.checked)}
            label={t('aiConfig.provider.agree')}
            data-testid="provider-agree"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('aiConfig.cancel')}
            </Button>
            <Button
              color="orange"
              disabled={!agreed}
              loading={save.isPending}
              onClick={() => apply('openai')}
              data-testid="provider-confirm"
            >
              {t('aiConfig.provider.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

/** /admin/academic-setup/ai/ask: what Cue may do for the class, and the model provider of the school. */
export default function AskPage() {
  return (
    <AiConfigPage page="ask">
      {(classId) => (
        <Stack gap="lg">
          {classId && <AskOptions classId={classId} />}
          <ProviderSwitch />
        </Stack>
      )}
    </AiConfigPage>
  );
}
