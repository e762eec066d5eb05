import type { CommunicationType } from '@cue/contract';
import { Alert, Avatar, Badge, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fullName, initials } from '../../../lib/format';
import { ApiError } from '../../../lib/http';
import { currentLanguage } from '../../../lib/i18n';
import { useReadReceipts } from '../api';
import { COMMUNICATION_NS, failureText } from '../i18n';

const when = (iso: string) =>
  new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** Staff: which parents of the chosen classes have read it, and which have not yet. */
export function ReadReceipts({ type, id }: { type: CommunicationType; id: string }) {
  const { t } = useTranslation(COMMUNICATION_NS);
  const receipts = useReadReceipts(type, id);
  if (receipts.isPending) return <Loader size="sm" type="dots" aria-label={t('loading')} />;
  // Receipts are for the staff of its classes (and who manages others' announcements): not an error for others.
  if (receipts.error instanceof ApiError && receipts.error.status === 403)
    return (
      <Text fz="sm" c="dimmed" data-testid="receipts-not-yours">
        {t('receipts.notYours')}
      </Text>
    );
  if (receipts.error) return <Alert color="red">{failureText(receipts.error)}</Alert>;
  const { read, not_read: notRead } = receipts.data;
  return (
    <Tabs defaultValue="read" data-testid="read-receipts">
      <Tabs.List>
        <Tabs.Tab
          value="read"
          rightSection={
            <Badge size="sm" variant="light" color="teal">
              {read.length}
            </Badge>
          }
        >
          {t('receipts.read')}
        </Tabs.Tab>
        <Tabs.Tab
          value="unread"
          rightSection={
            <Badge size="sm" variant="light" color="gray">
              {notRead.length}
            </Badge>
          }
        >
          {t('receipts.notRead')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="read" pt="sm" data-testid="receipts-read">
        {read.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('receipts.noneRead')}
          </Text>
        ) : (
          <Stack gap="xs">
            {read.map((p) => (
              <Group key={p.id} gap="sm" wrap="nowrap">
                <Avatar size={28} radius="xl" color="teal" aria-hidden>
                  {initials(p)}
                </Avatar>
                <Text fz="sm" fw={500}>
                  {fullName(p)}
                </Text>
                <Text fz="xs" c="dimmed" ms="auto">
                  {t('receipts.readAt', { when: when(p.read_at) })}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Tabs.Panel>
      <Tabs.Panel value="unread" pt="sm" data-testid="receipts-unread">
        {notRead.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('receipts.allRead')}
          </Text>
        ) : (
          <Stack gap="xs">
            {notRead.map((p) => (
              <Group key={p.id} gap="sm" wrap="nowrap">
                <Avatar size={28} radius="xl" color="gray" aria-hidden>
                  {initials(p)}
                </Avatar>
                <Text fz="sm">{fullName(p)}</Text>
              </Group>
            ))}
          </Stack>
        )}
      </Tabs.Panel>
    </Tabs>
  );
}
