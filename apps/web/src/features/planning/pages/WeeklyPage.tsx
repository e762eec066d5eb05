import { addDays, ddmmyyyyFromIso, isoFromDdmmyyyy, UNIT_UPDATED_EVENT } from '@cue/contract';
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconCopy, IconFileTypePdf, IconPrinter } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/FormModal';
import { withReaderDates } from '../../../components/ReaderDates';
import { StepButton } from '../../../components/StepButton';
import { useAddressParam } from '../../../lib/addressParam';
import { todayWire } from '../../../lib/day';
import { formatClassName } from '../../../lib/format';
import { toast } from '../../../lib/notify';
import { toastThen } from '../../../lib/saved';
import { useSocketEvent } from '../../../lib/socket';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import { type PlanActivity, planningKeys, useDeleteActivity, useWeeklyPlan } from '../api';
import { useClassBookings, useClassDays } from '../api-dayParts';
import type { ActivityTarget } from '../components/ActivityModal';
import { LoadError } from '../components/LoadError';
import { NoClass, usePlanClass } from '../components/PlanClass';
import classes from '../components/Week.module.css';
import { type GridDay, WeekGrid } from '../components/WeekGrid';
import { dayContexts } from '../dayParts';
import { PLANNING_NS, planningErrorText, planningMessage } from '../i18n';
import { ltr, showRange } from '../planFormat';
import { gridDays, shiftWeek, weekFromParam, weekParam } from '../weekGrid';

// The forms load when first opened: the week's cards show before their code (and the date pickers') arrive.
const ActivityModal = lazy(async () => ({ default: (await import('../components/ActivityModal')).ActivityModal }));
const WeekCopyModal = lazy(async () => ({ default: (await import('../components/WeekTools')).WeekCopyModal }));
const WeekPdfModal = lazy(async () => ({ default: (await import('../components/WeekTools')).WeekPdfModal }));

/** The week shown, by its Monday (ISO), from the address's `?week=` (this week without one). */
function useWeekParam(): [string, (monday: string) => void] {
  const [asked, set] = useAddressParam('week');
  const today = isoFromDdmmyyyy(todayWire()) ?? '';
  return [weekFromParam(asked, today), (monday) => set(weekParam(monday, today))];
}

function Weekly() {
  const { t, i18n } = useTranslation(PLANNING_NS);
  const { classId, name, loading } = usePlanClass();
  const [monday, setMonday] = useWeekParam();
  const plan = useWeeklyPlan(classId, ddmmyyyyFromIso(monday));
  // The class's day (its parts from the day schedule) and its bookings: drawn in the columns once they
  // answer, the plan itself never waits for them.
  const sunday = ddmmyyyyFromIso(addDays(monday, 6));
  const parts = useClassDays(classId, ddmmyyyyFromIso(monday), sunday);
  const bookings = useClassBookings(classId, ddmmyyyyFromIso(monday), sunday);
  const contexts = useMemo(() => dayContexts(classId, parts.data, bookings.data), [classId, parts.data, bookings.data]);
  const remove = useDeleteActivity();
  const client = useQueryClient();
  // A colleague moved or renamed a unit of the class: its activities and chips may have changed.
  useSocketEvent(UNIT_UPDATED_EVENT, () => void client.invalidateQueries({ queryKey: planningKeys.weeks }));
  const [editing, setEditing] = useState<ActivityTarget | null>(null);
  const [deleting, setDeleting] = useState<PlanActivity | null>(null);
  const [copying, setCopying] = useState(false);
  const [pdf, setPdf] = useState(false);
  const today = todayWire();
  const thisWeek = weekFromParam(null, isoFromDdmmyyyy(today) ?? '');

  // The answer of another class or week (kept while the next loads) is not shown as this one's.
  const data = plan.data && plan.data.class._id === classId ? plan.data : undefined;
  const days = useMemo(() => (data ? gridDays(data.days) : []), [data]);
  const count = useMemo(() => days.reduce((sum, d) => sum + d.activities.length, 0), [days]);

  // Stable handlers: the memoised columns and cards re-render only when their own data changes.
  const onAdd = useCallback((day: GridDay) => setEditing({ kind: 'new', date: day.date, dayActivities: day.sorted }), []);
  const onEdit = useCallback((activity: PlanActivity) => setEditing({ kind: 'edit', activity }), []);
  const onDelete = useCallback((activity: PlanActivity) => setDeleting(activity), []);

  const range = showRange(monday, addDays(monday, 6), i18n.language);
  const className = name ? formatClassName(name).text : (data?.class.name ?? '');
  const canEdit = !!data?.abilities.can_edit;

  return (
    <Page
      title={t('weekly.title')}
      description={className ? t('weekly.description', { name: className }) : undefined}
      width={1400}
      actions={
        classId ? (
          <Group gap="sm" wrap="wrap" className={classes.noPrint}>
            {canEdit && (
              <Button
                variant="default"
                leftSection={<IconCopy size={16} aria-hidden />}
                onClick={() => setCopying(true)}
                disabled={count === 0}
              >
                {t('weekly.copyWeek')}
              </Button>
            )}
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} aria-hidden />}
              onClick={() => window.print()}
              disabled={!data}
            >
              {t('weekly.print')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileTypePdf size={16} aria-hidden />}
              onClick={() => setPdf(true)}
              disabled={!data}
            >
              {t('weekly.downloadPdf')}
            </Button>
          </Group>
        ) : undefined
      }
    >
      {!classId ? (
        loading ? (
          <Skeleton h={320} radius="lg" />
        ) : (
          <NoClass />
        )
      ) : (
        <Stack gap="md">
          <Group gap="xs" wrap="wrap" role="group" aria-label={t('weekly.weekNav')} className={classes.noPrint}>
            <StepButton label={t('weekly.previous')} step="back" onClick={() => setMonday(shiftWeek(monday, -1))} />
            <Text fw={600} miw={150} ta="center" aria-live="polite" data-testid="week-range">
              {range}
            </Text>
            <StepButton label={t('weekly.next')} step="forward" onClick={() => setMonday(shiftWeek(monday, 1))} />
            {monday !== thisWeek && (
              <Button variant="subtle" size="sm" onClick={() => setMonday(thisWeek)}>
                {t('weekly.thisWeek')}
              </Button>
            )}
            {data && (
              <Text fz="sm" c="dimmed" ms="auto">
                {t('weekly.count', { count })} ·{' '}
                {t('weekly.hours', { from: ltr(data.class.start_time), to: ltr(data.class.end_time) })}
              </Text>
            )}
          </Group>
          {plan.error && !data ? (
            <LoadError error={plan.error} onRetry={() => void plan.refetch()} />
          ) : !data ? (
            <Skeleton h={360} radius="lg" data-testid="week-loading" />
          ) : (
            <div className={classes.print} aria-busy={plan.isFetching} style={{ opacity: plan.isPlaceholderData ? 0.6 : 1 }}>
              {days.length === 0 ? (
                <Alert color="gray" variant="light" data-testid="week-empty">
                  {t('weekly.noDays')}
                </Alert>
              ) : (
                <Stack gap="xs">
                  {/* Shown on paper only: which class and week the sheet is. */}
                  <Text fw={700} fz="lg" className={classes.printTitle}>
                    {className} · {range}
                  </Text>
                  {count === 0 && canEdit && (
                    <Text fz="sm" c="dimmed" className={classes.noPrint} data-testid="week-nothing">
                      {t('weekly.empty')}
                    </Text>
                  )}
                  <WeekGrid
                    days={days}
                    todayWire={today}
                    canAdd={canEdit}
                    onAdd={onAdd}
                    onEdit={onEdit}
                    onDelete={onDelete}
                    contexts={contexts}
                    classId={classId}
                  />
                </Stack>
              )}
            </div>
          )}
        </Stack>
      )}
      <Suspense fallback={null}>
        {editing && data && (
          <ActivityModal
            plan={data}
            target={editing}
            onClose={() => setEditing(null)}
            periods={contexts.get(editing.kind === 'new' ? editing.date : editing.activity.date)?.slots}
          />
        )}
        {copying && classId && (
          <WeekCopyModal classId={classId} monday={monday} onClose={() => setCopying(false)} onCopied={setMonday} />
        )}
        {pdf && classId && <WeekPdfModal classId={classId} monday={monday} onClose={() => setPdf(false)} />}
      </Suspense>
      {deleting && (
        <ConfirmModal
          opened
          onClose={() => setDeleting(null)}
          title={t('weekly.deleteTitle')}
          message={t('weekly.deleteMessage', { title: deleting.title })}
          confirmLabel={t('weekly.delete')}
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(deleting._id, {
              onSuccess: toastThen(planningMessage('activityDeleted'), () => setDeleting(null)),
              onError: (err) => {
                setDeleting(null);
                toast.error(planningErrorText(err));
              },
            })
          }
        />
      )}
    </Page>
  );
}

/** /planning/weekly-planning: the class's week of activities, in the class's days and hours. */
function WeeklyPageBody() {
  return (
    <Gate>
      <Weekly />
    </Gate>
  );
}

/** The page, its date pickers in the reader's language. */
export default withReaderDates(WeeklyPageBody);
