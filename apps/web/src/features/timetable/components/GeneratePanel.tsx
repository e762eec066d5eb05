import { TIMETABLE_MESSAGES, type TIMETABLE_RUN_MODES, type TimetableBoard, type TimetableRun } from '@cue/contract';
import { Alert, Button, Group, Paper, Progress, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/notify';
import { requestTaskPanel } from '../../cue/tasks/store';
import { runIsActive, timetableKeys, useRun, useStartRun, useStopRun } from '../api';
import { TIMETABLE_NS, timetableError, timetableText } from '../i18n';
import { ReasonList, RunStatusBadge } from './parts';

const SECONDS = ['10', '30', '60', '120'] as const;

/** A run's figures: its best timetable's clashes and cost, and the time it took. */
function RunFigures({ run }: { run: TimetableRun }) {
  const { t } = useTranslation(TIMETABLE_NS);
  const active = runIsActive(run);
  return (
    <Stack gap={4}>
      <Group gap="sm" wrap="wrap">
        <RunStatusBadge status={run.status} />
        <Text fz="sm" data-testid="run-best">
          {run.hard === null
            ? active
              ? t('run.searching')
              : t('run.noResult')
            : run.hard === 0
              ? t('run.noClashes', { cost: run.soft ?? 0 })
              : t('run.clashes', { count: run.hard, cost: run.soft ?? 0 })}
        </Text>
        <Text fz="sm" c="dimmed">
          {t('run.elapsed', { seconds: Math.round(run.elapsed_ms / 1000), of: run.seconds })}
        </Text>
      </Group>
      {run.first_feasible_ms !== null && (
        <Text fz="xs" c="dimmed" data-testid="run-first-feasible">
          {t('run.firstFeasible', { seconds: (run.first_feasible_ms / 1000).toFixed(1) })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Generating the week: the whole of it or only what is in conflict, for how long; while the run works
 * its progress, the clashes and cost of its best timetable so far and a Stop button (asked every
 * second); when it ends the board is read again, and a run that found no timetable says why.
 */
export function GeneratePanel({ board }: { board: TimetableBoard }) {
  const { t } = useTranslation(TIMETABLE_NS);
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<(typeof TIMETABLE_RUN_MODES)[number]>('full');
  const [seconds, setSeconds] = useState<string>('30');
  const start = useStartRun();
  const stop = useStopRun();
  const [runId, setRunId] = useState<string | null>(board.run && runIsActive(board.run) ? board.run._id : null);
  // A run started elsewhere (another tab, another admin) is followed too.
  useEffect(() => {
    if (board.run && runIsActive(board.run)) setRunId(board.run._id);
  }, [board.run]);
  const polled = useRun(runId);
  const run = polled.data && polled.data._id === runId ? polled.data : board.run;
  const active = runIsActive(run);
  const wasActive = useRef(active);
  useEffect(() => {
    if (wasActive.current && !active) void queryClient.invalidateQueries({ queryKey: timetableKeys.all });
    wasActive.current = active;
  }, [active, queryClient]);

  const canStart = board.abilities.generate && board.outline.total_periods > 0 && !active;
  const generate = () =>
    start.mutate(
      { mode, seconds: Number(seconds) },
      {
        onSuccess: (answer) => {
          toast.info(timetableText(answer.message));
          if (answer.result) {
            queryClient.setQueryData(timetableKeys.run(answer.result._id), answer.result);
            setRunId(answer.result._id);
          }
          requestTaskPanel();
        },
        onError: (err) => toast.error(timetableError(err)),
      },
    );

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="tt-generate" data-testid="generate-panel">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="tt-generate">
          {t('run.title')}
        </Title>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Stack gap={4}>
            <Text fz="sm" fw={500} id="tt-mode">
              {t('run.mode')}
            </Text>
            <SegmentedControl
              aria-labelledby="tt-mode"
              value={mode}
              onChange={(v) => setMode(v as typeof mode)}
              data={[
                { value: 'full', label: t('run.full') },
                { value: 'repair', label: t('run.repair') },
              ]}
              disabled={active}
            />
          </Stack>
          <Select
            label={t('run.seconds')}
            data={SECONDS.map((s) => ({ value: s, label: t('run.secondsOption', { count: Number(s) }) }))}
            value={seconds}
            onChange={(v) => setSeconds(v ?? '30')}
            allowDeselect={false}
            w={150}
            disabled={active}
          />
          <Button
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            onClick={generate}
            loading={start.isPending}
            disabled={!canStart}
            data-testid="generate"
          >
            {t('run.generate')}
          </Button>
          {active && run && (
            <Button
              variant="default"
              c="red.8"
              leftSection={<IconPlayerStop size={16} aria-hidden />}
              onClick={() =>
                stop.mutate(run._id, {
                  onSuccess: (answer) => {
                    toast.info(timetableText(answer.message));
                    if (answer.result) queryClient.setQueryData(timetableKeys.run(run._id), answer.result);
                  },
                  onError: (err) => toast.error(timetableError(err)),
                })
              }
              loading={stop.isPending}
              data-testid="stop-run"
            >
              {t('run.stop')}
            </Button>
          )}
        </Group>
        <Text fz="xs" c="dimmed">
          {mode === 'full' ? t('run.fullHelp') : t('run.repairHelp')}
        </Text>
        {run && (
          <Stack gap={6} data-testid="run" data-status={run.status} aria-live="polite">
            {active && (
              <Progress
                value={run.progress}
                striped
                animated
                size="lg"
                aria-label={t('run.progress', { value: run.progress })}
                data-testid="run-progress"
                data-progress={run.progress}
              />
            )}
            <RunFigures run={run} />
            {run.status === 'impossible' && (
              <Alert color="red" variant="light" title={t('run.impossible')}>
                <ReasonList reasons={run.reasons} />
              </Alert>
            )}
            {run.status === 'failed' && (
              <Alert color="red" variant="light">
                {t('run.failed')}
              </Alert>
            )}
            {run.status === 'stopped' && (
              <Text fz="sm" c="dimmed">
                {timetableText(TIMETABLE_MESSAGES.runStopped)}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
