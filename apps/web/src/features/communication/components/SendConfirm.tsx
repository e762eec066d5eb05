import type { CommunicationType } from '@cue/contract';
import { Button, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconMail, IconSend, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAudience } from '../api';
import { COMMUNICATION_NS } from '../i18n';

/**
 * "Send now?" before an announcement or homework reaches families: its title and whom it reaches (how
 * many families, which classes, by email too), from the server's count. Sending needs this second click.
 */
export function SendConfirm({
  opened,
  type,
  title,
  shareWith,
  classIds,
  classNames,
  sendEmail,
  pending,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  type: CommunicationType;
  title: string;
  shareWith: 'Everyone' | 'Classes';
  classIds: string[];
  /** Names of the chosen classes as the form knows them (shown if the count cannot be had). */
  classNames: string[];
  sendEmail: boolean;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(COMMUNICATION_NS);
  const audience = useAudience(shareWith, classIds, opened);
  const number = new Intl.NumberFormat(i18n.language);
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  const names = audience.data?.classes.map((c) => c.class_name) ?? classNames;
  const everyone = shareWith === 'Everyone';

  let reach: string;
  if (audience.data)
    reach = everyone
      ? t('confirm.everyone', {
          count: audience.data.families,
          families: number.format(audience.data.families),
          classes: number.format(audience.data.classes.length),
        })
      : t('confirm.classes', {
          count: audience.data.families,
          families: number.format(audience.data.families),
          names: list.format(names),
        });
  else reach = everyone ? t('confirm.everyonePlain') : t('confirm.classesPlain', { names: list.format(names) });

  return (
    <Modal opened={opened} onClose={onClose} title={t(`confirm.title.${type}`)} centered radius="lg" data-testid="send-confirm">
      <Stack gap="md">
        <Paper withBorder radius="md" p="sm" bg="gray.0">
          <Text fw={700} dir="auto" data-testid="send-confirm-title">
            {title}
          </Text>
        </Paper>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconUsers size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          {audience.isPending ? (
            <Group gap="xs">
              <Loader size="xs" />
              <Text fz="sm" c="dimmed">
                {t('confirm.counting')}
              </Text>
            </Group>
          ) : (
            <Text fz="sm" data-testid="send-confirm-reach">
              {reach}
            </Text>
          )}
        </Group>
        {sendEmail && (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconMail size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text fz="sm">{t('confirm.email')}</Text>
          </Group>
        )}
        <Text fz="sm" c="dimmed">
          {t('confirm.final')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('confirm.cancel')}
          </Button>
          <Button
            leftSection={<IconSend size={18} aria-hidden />}
            onClick={onConfirm}
            loading={pending}
            disabled={audience.isPending}
            data-testid="send-confirm-send"
          >
            {t('confirm.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
