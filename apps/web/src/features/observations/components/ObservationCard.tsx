import { ActionIcon, Anchor, Avatar, Badge, Group, Image, Menu, Paper, Stack, Text } from '@mantine/core';
import { IconDots, IconFileText, IconLock, IconPencil, IconTrash, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fullName, initials } from '../../../lib/format';
import { StatementChips } from '../../academic/components/StatementChips';
import type { ObservationEntry } from '../api';
import { formatObservationDate } from '../dates';
import { areaName, OBSERVATIONS_NS } from '../i18n';
import { observationTitle } from '../title';
import { studentViewHref } from '../useObservationParams';
import classes from './Observations.module.css';

interface ObservationCardProps {
  entry: ObservationEntry;
  /** Show the day (lists over several days). */
  showDate?: boolean;
  /** Show the child (lists over several children); on the staff side it links to the student view. */
  showChild?: boolean;
  onEdit?: (entry: ObservationEntry) => void;
  onDelete?: (entry: ObservationEntry) => void;
  /** The parent's portfolio: no staff links, no visibility badge. */
  family?: boolean;
}

/** The photos, videos and documents of an observation. */
export function ObservationMedia({ entry }: { entry: ObservationEntry }) {
  const { t } = useTranslation(OBSERVATIONS_NS);
  if (entry.media.length === 0) return null;
  return (
    <Group gap="xs" align="flex-start" data-testid="observation-media">
      {entry.media.map((m, index) =>
        m.kind === 'image' ? (
          <a key={m.media_link} href={m.media_link} target="_blank" rel="noreferrer" className={classes.photoLink}>
            <Image
              src={m.media_link}
              alt={t('card.photo', { n: index + 1, title: observationTitle(t, entry.title) })}
              radius="md"
              w={168}
              h={126}
              fit="cover"
              loading="lazy"
            />
          </a>
        ) : m.kind === 'video' ? (
          // biome-ignore lint/a11y/useMediaCaption: classroom clips have no caption track
          <video key={m.media_link} src={m.media_link} controls preload="metadata" className={classes.video} />
        ) : (
          <Anchor key={m.media_link} href={m.media_link} target="_blank" rel="noreferrer" fz="sm">
            <Group gap={4} wrap="nowrap">
              <IconFileText size={16} aria-hidden />
              {t('card.document', { n: index + 1 })}
            </Group>
          </Anchor>
        ),
      )}
    </Group>
  );
}

/** One observation of one child: who, when, what was seen, its learning areas and photos. */
export function ObservationCard({
  entry,
  showDate = false,
  showChild = true,
  onEdit,
  onDelete,
  family = false,
}: ObservationCardProps) {
  const { t, i18n } = useTranslation(OBSERVATIONS_NS);
  const [first = '', ...rest] = entry.student_name.split(' ');
  const child = { first_name: first, last_name: rest.join(' ') };
  const author = fullName(entry.created_by);
  // The page offers the actions; the entry's abilities (the server's answer) decide which this reader may use.
  const edit = entry.abilities.can_edit ? onEdit : undefined;
  const remove = entry.abilities.can_delete ? onDelete : undefined;
  const withActions = !!(edit || remove);
  return (
    <Paper
      component="article"
      withBorder
      radius="lg"
      p="md"
      className={classes.card}
      data-testid="observation-card"
      data-student-id={entry.student_id}
      aria-label={t('card.label', { title: observationTitle(t, entry.title), name: entry.student_name })}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            {showChild && (
              <Avatar radius="xl" color="cue" variant="light" aria-hidden>
                {initials(child)}
              </Avatar>
            )}
            <Stack gap={2} miw={0}>
              {showChild &&
                (family ? (
                  <Text fw={700}>{entry.student_name}</Text>
                ) : (
                  <Anchor component={Link} to={studentViewHref(entry.student_id, entry.type)} fw={700} c="inherit">
                    {entry.student_name}
                  </Anchor>
                ))}
              <Text component="h3" fw={600} fz="md" m={0} lh={1.3} dir="auto">
                {observationTitle(t, entry.title)}
              </Text>
              <Text fz="xs" c="dimmed">
                {[
                  showDate ? formatObservationDate(entry.date, i18n.language) : null,
                  author ? t('card.by', { name: author }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Stack>
          </Group>
          <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
            {entry.type === 'report_card' && entry.report_title && (
              <Badge variant="light" color="grape" tt="none" data-testid="report-title-badge">
                {entry.report_title}
              </Badge>
            )}
            {!family &&
              (entry.visibility === 'staff' ? (
                <Badge variant="light" color="gray" tt="none" leftSection={<IconLock size={12} aria-hidden />}>
                  {t('visibility.staff')}
                </Badge>
              ) : (
                <Badge variant="light" color="teal" tt="none" leftSection={<IconUsers size={12} aria-hidden />}>
                  {t('visibility.family')}
                </Badge>
              ))}
            {withActions && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('card.actions', { title: observationTitle(t, entry.title), name: entry.student_name })}
                  >
                    <IconDots size={18} aria-hidden />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {edit && (
                    <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => edit(entry)}>
                      {t('card.edit')}
                    </Menu.Item>
                  )}
                  {remove && (
                    <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => remove(entry)}>
                      {t('card.delete')}
                    </Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
        </Group>
        {/* What a teacher wrote may be in another script than the page: each text finds its own direction. */}
        <Text className={classes.note} dir="auto">
          {entry.general_note}
        </Text>
        {(entry.learning_areas.length > 0 || (!family && entry.type_of_anecdote !== 'general')) && (
          <Group gap={6}>
            {!family && entry.type_of_anecdote !== 'general' && (
              <Badge variant="outline" color="gray" tt="none">
                {t(`kinds.${entry.type_of_anecdote}`, { defaultValue: entry.type_of_anecdote })}
              </Badge>
            )}
            {entry.learning_areas.map((area) => (
              <Badge key={area.id} variant="light" color="cue" tt="none" data-testid="area-badge">
                {areaName(t, area)}
              </Badge>
            ))}
          </Group>
        )}
        <StatementChips statements={entry.statements ?? []} />
        <ObservationMedia entry={entry} />
      </Stack>
    </Paper>
  );
}
