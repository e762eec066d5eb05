import { CARE_KINDS, type CareChild, type CareDay, type CareKind } from '@cue/contract';
import {
  Avatar,
  Box,
  Button,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconZzz } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/SoftBadge';
import { currentLanguage } from '../../../lib/i18n';
import { entriesByChild, initialsOf, lastEntries, readableTime } from '../care';
import { CARELOG_NS } from '../i18n';
import { EntryModal } from './EntryModal';
import { CareAlerts, KIND_LOOK, useEntryText } from './kinds';
import classes from './RoomBoard.module.css';

/** One child's tile: photo or initials, name, alerts, today's last entries; a press chooses or unchooses them. */
function ChildTile({
  child,
  selected,
  asleep,
  last,
  onToggle,
}: {
  child: CareChild;
  selected: boolean;
  asleep: boolean;
  last: { kind: CareKind; text: string; time: string }[];
  onToggle: () => void;
}) {
  const { t } = useTranslation(CARELOG_NS);
  const describedBy = `care-tile-${child._id}`;
  return (
    <UnstyledButton
      className={classes.tile}
      data-selected={selected || undefined}
      aria-pressed={selected}
      aria-describedby={describedBy}
      onClick={onToggle}
      data-testid="care-tile"
      data-child={child.name}
    >
      <Stack gap={6} align="center" ta="center">
        <Box pos="relative">
          <Avatar src={child.photo} alt="" radius="xl" size={52} color="cue" aria-hidden>
            {initialsOf(child.name)}
          </Avatar>
          {selected && (
            <span className={classes.tick} aria-hidden>
              <IconCheck size={14} />
            </span>
          )}
        </Box>
        <Text fz="sm" fw={600} lh={1.2} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          <bdi>{child.name}</bdi>
        </Text>
        {/*
          The tile's name is the child's name as shown (the avatar and this description are hidden from it);
          an aria-label would leave out the initials on screen, which a speech-input user may say.
        */}
        <Box id={describedBy} aria-hidden>
          <Stack gap={4} align="center">
            {asleep && (
              <SoftBadge color="indigo" size="xs" radius="sm" leftSection={<IconZzz size={10} aria-hidden />}>
                {t('room.asleep')}
              </SoftBadge>
            )}
            <CareAlerts alerts={child.alerts} size="xs" />
            {last.length > 0 && (
              <Group gap={4} justify="center" wrap="nowrap" aria-hidden>
                {last.map((entry, i) => {
                  const { icon: Glyph, color } = KIND_LOOK[entry.kind];
                  return (
                    <span
                      // biome-ignore lint/suspicious/noArrayIndexKey: the last few entries, in a fixed order.
                      key={i}
                      className={classes.mini}
                      style={{ color: `var(--mantine-color-${color}-8)`, background: `var(--mantine-color-${color}-light)` }}
                      title={`${entry.time} ${entry.text}`}
                    >
                      <Glyph size={13} aria-hidden />
                    </span>
                  );
                })}
              </Group>
            )}
            {last.length > 0 && (
              <VisuallyHidden>
                {t('room.lastEntries', { list: last.map((e) => `${e.time} ${t(`kind.${e.kind}`)}: ${e.text}`).join('; ') })}
              </VisuallyHidden>
            )}
          </Stack>
        </Box>
      </Stack>
    </UnstyledButton>
  );
}

/**
 * The room board: the class's children as tiles; choose some (or the whole room), tap a kind, save:
 * one entry for each chosen child.
 */
export function RoomBoard({ day, editable }: { day: CareDay; editable: boolean }) {
  const { t } = useTranslation(CARELOG_NS);
  const lng = currentLanguage();
  const entryText = useEntryText();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [kind, setKind] = useState<CareKind | null>(null);
  const byChild = useMemo(() => entriesByChild(day.entries), [day.entries]);
  const asleep = useMemo(() => new Set(day.naps_now.map((n) => n.student._id)), [day.naps_now]);
  const chosen = day.children.filter((c) => selected.has(c._id));
  const all = day.children.length > 0 && chosen.length === day.children.length;
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const selectAll = (on: boolean) => setSelected(on ? new Set(day.children.map((c) => c._id)) : new Set());

  if (day.children.length === 0)
    return (
      <Paper withBorder radius="lg" p="xl">
        <Text ta="center" c="dimmed" data-testid="empty-state">
          {t('room.noChildren')}
        </Text>
      </Paper>
    );
  return (
    <Stack gap="md" pb={editable ? 96 : 0}>
      {editable && (
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Checkbox
            label={t('room.selectAll', { count: day.children.length })}
            checked={all}
            indeterminate={chosen.length > 0 && !all}
            onChange={(e) => selectAll(e.currentTarget.checked)}
            data-testid="select-all"
          />
          {chosen.length > 0 && (
            <Group gap="sm">
              <Text fz="sm" c="dimmed" aria-live="polite">
                {t('room.chosen', { count: chosen.length })}
              </Text>
              <Button variant="subtle" size="compact-sm" onClick={() => selectAll(false)}>
                {t('room.clear')}
              </Button>
            </Group>
          )}
        </Group>
      )}
      <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, md: 6 }} spacing="sm" data-testid="room-board">
        {day.children.map((child) => (
          <ChildTile
            key={child._id}
            child={child}
            selected={selected.has(child._id)}
            asleep={asleep.has(child._id)}
            last={lastEntries(byChild.get(child._id)).map((e) => ({
              kind: e.kind,
              text: entryText(e),
              time: readableTime(e.time, lng),
            }))}
            onToggle={() => (editable ? toggle(child._id) : undefined)}
          />
        ))}
      </SimpleGrid>
      {editable && (
        <Paper className={classes.bar} shadow="md" withBorder radius="lg" p="xs" role="toolbar" aria-label={t('room.entryBar')}>
          {chosen.length === 0 && (
            <Text fz="xs" c="dimmed" ta="center" mb={4}>
              {t('room.chooseFirst')}
            </Text>
          )}
          <Box className={classes.kinds}>
            {CARE_KINDS.map((k) => {
              const { icon: Glyph, color } = KIND_LOOK[k];
              return (
                <Button
                  key={k}
                  variant="light"
                  color={color}
                  // While enabled, the colour's darkest shade darkened further: Mantine's light buttons (and the
                  // shared ink, 4.47:1 on yellow's tint) fall below 4.5:1 on yellow and teal. Disabled keep their grey.
                  c={chosen.length > 0 ? `color-mix(in srgb, var(--mantine-color-${color}-9), black 40%)` : undefined}
                  size="compact-md"
                  leftSection={<Glyph size={16} aria-hidden />}
                  disabled={chosen.length === 0}
                  onClick={() => setKind(k)}
                  data-kind={k}
                >
                  {t(`kind.${k}`)}
                </Button>
              );
            })}
          </Box>
        </Paper>
      )}
      {kind && (
        <EntryModal
          target={{ mode: 'create', classId: day.class_id, date: day.date, kind, children: chosen }}
          onClose={() => setKind(null)}
        />
      )}
    </Stack>
  );
}
