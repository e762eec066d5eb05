import type { CareDay, CareEntry } from '@cue/contract';
import { Accordion, ActionIcon, Avatar, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/FormModal';
import { currentLanguage } from '../../../lib/i18n';
import { errorText, toast } from '../../../lib/notify';
import { toastThen } from '../../../lib/saved';
import { useDeleteEntry } from '../api';
import { entriesByChild, initialsOf, isolate, readableTime } from '../care';
import { CARELOG_NS, careMessage } from '../i18n';
import { EntryModal } from './EntryModal';
import { CareAlerts, KindIcon, useEntryText } from './kinds';

/** One entry on a timeline: its time, kind, what it says and who wrote it, with edit and delete when allowed. */
export function EntryRow({
  entry,
  onEdit,
  onDelete,
}: {
  entry: CareEntry;
  onEdit?: (entry: CareEntry) => void;
  onDelete?: (entry: CareEntry) => void;
}) {
  const { t } = useTranslation(CARELOG_NS);
  const entryText = useEntryText();
  const lng = currentLanguage();
  const kind = t(`kind.${entry.kind}`);
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="care-entry" data-kind={entry.kind}>
      <Text fz="sm" c="dimmed" w={72} style={{ flexShrink: 0 }} ta="end">
        {readableTime(entry.time, lng)}
      </Text>
      <KindIcon kind={entry.kind} />
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text fz="sm" fw={600}>
          {kind}
        </Text>
        <Text fz="sm" dir="auto" style={{ overflowWrap: 'anywhere' }}>
          {entryText(entry)}
        </Text>
        {entry.checks.length > 0 && (
          <Text fz="xs" c="dimmed">
            {t('entry.checks', {
              list: entry.checks.map((c) => `${readableTime(c.time, lng)} ${t(`position.${c.position}`)}`).join(', '),
            })}
          </Text>
        )}
        <Text fz="xs" c="dimmed">
          {t('entry.by', { name: isolate(entry.staff.name) })}
        </Text>
      </Stack>
      {(onEdit || onDelete) && (
        <Group gap={4} wrap="nowrap">
          {onEdit && entry.abilities.can_edit && (
            <Tooltip label={t('action.edit')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('entry.editOne', { kind, time: entry.time })}
                onClick={() => onEdit(entry)}
              >
                <IconPencil size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          {onDelete && entry.abilities.can_delete && (
            <Tooltip label={t('action.delete')}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('entry.deleteOne', { kind, time: entry.time })}
                onClick={() => onDelete(entry)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      )}
    </Group>
  );
}

/** The day's entries per child (a child opens to show theirs), with edit and delete as each entry allows. */
export function Timeline({ day }: { day: CareDay }) {
  const { t } = useTranslation(CARELOG_NS);
  const byChild = useMemo(() => entriesByChild(day.entries), [day.entries]);
  const remove = useDeleteEntry();
  const [editing, setEditing] = useState<CareEntry | null>(null);
  const [deleting, setDeleting] = useState<CareEntry | null>(null);
  const alertsOf = new Map(day.children.map((c) => [c._id, c.alerts]));

  if (day.children.length === 0)
    return (
      <Paper withBorder radius="lg" p="xl">
        <Text ta="center" c="dimmed">
          {t('room.noChildren')}
        </Text>
      </Paper>
    );
  return (
    <>
      <Accordion multiple variant="separated" radius="md" data-testid="care-timeline">
        {day.children.map((child) => {
          const entries = byChild.get(child._id) ?? [];
          return (
            <Accordion.Item key={child._id} value={child._id}>
              <Accordion.Control aria-label={t('timeline.child', { name: child.name, count: entries.length })}>
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={child.photo} alt="" radius="xl" size={32} color="cue" aria-hidden>
                    {initialsOf(child.name)}
                  </Avatar>
                  <Stack gap={2} miw={0}>
                    <Group gap="xs" wrap="wrap">
                      <Text fw={600}>
                        <bdi>{child.name}</bdi>
                      </Text>
                      <Badge size="sm" variant="light" color="gray" tt="none">
                        {t('timeline.count', { count: entries.length })}
                      </Badge>
                    </Group>
                    <CareAlerts alerts={child.alerts} size="xs" />
                  </Stack>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                {entries.length === 0 ? (
                  <Text fz="sm" c="dimmed">
                    {t('timeline.none')}
                  </Text>
                ) : (
                  <Stack gap="sm">
                    {entries.map((entry) => (
                      <EntryRow key={entry._id} entry={entry} onEdit={setEditing} onDelete={setDeleting} />
                    ))}
                  </Stack>
                )}
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
      {editing && (
        <EntryModal
          target={{ mode: 'edit', entry: editing, alerts: alertsOf.get(editing.student._id) }}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmModal
        opened={!!deleting}
        onClose={() => setDeleting(null)}
        title={t('entry.deleteTitle')}
        message={deleting ? t('entry.deleteBody', { kind: t(`kind.${deleting.kind}`), name: deleting.student.name }) : ''}
        confirmLabel={t('action.delete')}
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: toastThen(careMessage('entryDeleted'), () => setDeleting(null)),
            onError: (err) => toast.error(errorText(err)),
          })
        }
      />
    </>
  );
}
