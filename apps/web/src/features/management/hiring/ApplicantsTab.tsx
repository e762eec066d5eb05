import { HIRING_NEXT, type HiringStage, pagePath } from '@cue/contract';
import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Menu,
  Paper,
  ScrollArea,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconCalendarEvent, IconDots, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SoftBadge } from '../../../components/SoftBadge';
import { errorText } from '../../../lib/notify';
import { readableTime } from '../../academic/schedule/slots';
import { ltr, showDay } from '../../planning/planFormat';
import { HIRING_NS } from '../i18n';
import { type JobApplicationSummary, useApplications, useOpenings } from './api-hiring';
import { BOARD_STAGES, STAGE_COLORS } from './hiringFormat';
import { MoveStageDialog } from './MoveStageDialog';

function ApplicantCard({ application, onMove }: { application: JobApplicationSummary; onMove: (stage: HiringStage) => void }) {
  const { t, i18n } = useTranslation(HIRING_NS);
  const next = HIRING_NEXT[application.stage].filter((s) => s !== 'hired');
  return (
    <Paper withBorder radius="md" p="sm" data-testid="applicant-card" data-stage={application.stage}>
      <Group justify="space-between" gap={4} wrap="nowrap" align="flex-start">
        <Stack gap={2} miw={0}>
          <Anchor
            component={Link}
            to={pagePath.jobApplication(application._id)}
            fw={600}
            fz="sm"
            style={{ wordBreak: 'break-word' }}
          >
            {application.name}
          </Anchor>
          <Text fz="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
            {application.opening.name}
          </Text>
          {application.next_interview && (
            <Group gap={4} wrap="nowrap">
              <IconCalendarEvent size={14} aria-hidden />
              <Text fz="xs">
                {t('board.interviewOn', {
                  day: showDay(application.next_interview.date, i18n.language, { day: 'numeric', month: 'short' }),
                  time: ltr(readableTime(application.next_interview.time, i18n.language)),
                })}
              </Text>
            </Group>
          )}
        </Stack>
        {next.length > 0 && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={t('board.menuOf', { name: application.name })}>
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{t('board.moveTo')}</Menu.Label>
              {next.map((s) => (
                <Menu.Item key={s} onClick={() => onMove(s)}>
                  {t(`stages.${s}`)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Paper>
  );
}

/** The applicants as a board by stage, filtered by opening and searched by name or email. */
export function ApplicantsTab({ openingId, onOpening }: { openingId: string | null; onOpening: (id: string | null) => void }) {
  const { t, i18n } = useTranslation(HIRING_NS);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const openings = useOpenings();
  const list = useApplications({ opening_id: openingId ?? undefined, q: q || undefined, page: 1, page_size: 500 });
  const [moving, setMoving] = useState<{ application: JobApplicationSummary; stage: HiringStage } | null>(null);
  const number = new Intl.NumberFormat(i18n.language);
  const items = list.data?.items ?? [];

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Select
          label={t('board.opening')}
          placeholder={t('board.anyOpening')}
          data={(openings.data ?? []).map((o) => ({ value: o._id, label: o.title }))}
          value={openingId}
          onChange={onOpening}
          searchable
          clearable
          w={{ base: '100%', xs: 260 }}
        />
        <TextInput
          label={t('board.search')}
          placeholder={t('board.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          type="search"
          w={{ base: '100%', xs: 260 }}
          data-testid="applicants-search"
        />
      </Group>
      {list.isPending ? (
        <Group gap="sm" aria-busy="true" wrap="nowrap">
          <Skeleton height={160} radius="md" />
          <Skeleton height={160} radius="md" />
          <Skeleton height={160} radius="md" />
        </Group>
      ) : list.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />}>
          <Group justify="space-between" gap="sm">
            <Text fz="sm">{errorText(list.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void list.refetch()}>
              {t('board.retry')}
            </Button>
          </Group>
        </Alert>
      ) : items.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Text ta="center" c="dimmed" fw={500} data-testid="empty-state">
            {q || openingId ? t('board.noMatch') : t('board.empty')}
          </Text>
        </Paper>
      ) : (
        // The board scrolls sideways in its own box on a phone; the page itself does not.
        <ScrollArea type="auto" offsetScrollbars data-testid="applicants-board">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            {BOARD_STAGES.map((stage) => {
              const cards = items.filter((a) => a.stage === stage);
              return (
                <Box
                  key={stage}
                  component="section"
                  aria-labelledby={`stage-${stage}`}
                  w={240}
                  miw={240}
                  p="xs"
                  bg="var(--mantine-color-gray-light)"
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                  data-testid={`stage-${stage}`}
                >
                  <Group justify="space-between" mb="xs" gap={4}>
                    <Title order={3} fz="sm" id={`stage-${stage}`}>
                      {t(`stages.${stage}`)}
                    </Title>
                    <SoftBadge color={STAGE_COLORS[stage]}>{number.format(cards.length)}</SoftBadge>
                  </Group>
                  <Stack gap="xs">
                    {cards.map((a) => (
                      <ApplicantCard key={a._id} application={a} onMove={(s) => setMoving({ application: a, stage: s })} />
                    ))}
                    {cards.length === 0 && (
                      <Text fz="xs" c="dimmed" ta="center" py="sm">
                        {t('board.none')}
                      </Text>
                    )}
                  </Stack>
                </Box>
              );
            })}
          </Group>
        </ScrollArea>
      )}
      {list.data && list.data.total > items.length && (
        <Text fz="sm" c="dimmed">
          {t('board.more', { shown: number.format(items.length), total: number.format(list.data.total) })}
        </Text>
      )}
      {moving && (
        <MoveStageDialog
          application={moving.application}
          stages={HIRING_NEXT[moving.application.stage]}
          initial={moving.stage}
          onClose={() => setMoving(null)}
        />
      )}
    </Stack>
  );
}
