import { addDays, ddmmyyyyFromIso, weekStart } from '@cue/contract';
import { Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DAY, readerDateFormatter } from '../../../components/dateFormat';
import {
  type ExportLanguage,
  ExportLanguagePicker,
  ExportProgress,
  readerExportLanguage,
  useExportJob,
} from '../../../components/ExportJob';
import { FormModal } from '../../../components/FormModal';
import { toast } from '../../../lib/notify';
import { useCopyWeek, useWeekPdf } from '../api';
import { PLANNING_NS, planningErrorText, planningMessage } from '../i18n';
import { showDay, showRange } from '../planFormat';
import { shiftWeek } from '../weekGrid';

/**
 * Copies the week's activities into another week (each keeps its weekday and time); the toast says how
 * many were copied and lists those skipped (a holiday or a day the class does not meet there).
 */
export function WeekCopyModal({
  classId,
  monday,
  onClose,
  onCopied,
}: {
  classId: string;
  /** The week copied, by its Monday (ISO). */
  monday: string;
  onClose: () => void;
  /** The target week's Monday, once copied. */
  onCopied: (monday: string) => void;
}) {
  const { t, i18n } = useTranslation(PLANNING_NS);
  const copy = useCopyWeek();
  const [target, setTarget] = useState<string>(shiftWeek(monday, 1));
  const targetMonday = weekStart(target);
  const same = targetMonday === monday;
  const submit = () => {
    if (same) return;
    copy.mutate(
      { classId, body: { from_week: ddmmyyyyFromIso(monday), to_week: ddmmyyyyFromIso(targetMonday) } },
      {
        onSuccess: (answer) => {
          const { copied, skipped } = answer.result;
          const list = skipped
            .map((s) =>
              t(s.reason === 'holiday' ? 'weekly.copy.skippedHoliday' : 'weekly.copy.skippedClosed', {
                title: s.title,
                day: showDay(s.date, i18n.language, { weekday: 'short', day: 'numeric', month: 'short' }),
              }),
            )
            .join('; ');
          toast.success(
            skipped.length ? t('weekly.copy.skipped', { count: skipped.length, list }) : t('weekly.copy.noneSkipped'),
            t('weekly.copy.copied', { count: copied }),
          );
          onCopied(targetMonday);
          onClose();
        },
      },
    );
  };
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('weekly.copy.title')}
      submitLabel={t('weekly.copy.submit')}
      onSubmit={submit}
      pending={copy.isPending}
      submitDisabled={same}
      error={copy.error ? planningErrorText(copy.error) : null}
      size="md"
    >
      <Text fz="sm" c="dimmed">
        {t('weekly.copy.hint', { week: showRange(monday, addDays(monday, 6), i18n.language) })}
      </Text>
      <DatePickerInput
        label={t('weekly.copy.target')}
        value={target}
        onChange={(v) => v && setTarget(String(v).slice(0, 10))}
        valueFormat="MMM DD, YYYY"
        valueFormatter={readerDateFormatter(DAY)}
        leftSection={<IconCalendar size={16} aria-hidden />}
        data-testid="week-copy-target"
      />
      <Text fz="sm" data-testid="week-copy-range">
        {same
          ? planningMessage('sameWeek')
          : t('weekly.copy.into', { week: showRange(targetMonday, addDays(targetMonday, 6), i18n.language) })}
      </Text>
    </FormModal>
  );
}

/** The week as a PDF: prepared by a job whose progress shows here, then opened from its link. */
export function WeekPdfModal({ classId, monday, onClose }: { classId: string; monday: string; onClose: () => void }) {
  const { t, i18n } = useTranslation(PLANNING_NS);
  const [language, setLanguage] = useState<ExportLanguage>(readerExportLanguage(i18n.language));
  const start = useWeekPdf();
  const job = useExportJob(start);
  const make = () => job.make({ classId, body: { week: ddmmyyyyFromIso(monday), language } });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('weekly.pdf.title')}
      submitLabel={t('weekly.pdf.make')}
      onSubmit={make}
      pending={start.isPending}
      submitDisabled={job.running}
      size="md"
    >
      <ExportLanguagePicker label={t('weekly.pdf.language')} value={language} onChange={setLanguage} disabled={job.running} />
      <ExportProgress
        job={job}
        testId="week-pdf"
        text={{
          name: t('weekly.pdf.title'),
          preparing: t('weekly.pdf.preparing', { progress: job.progress }),
          ready: t('weekly.pdf.ready'),
          open: t('weekly.pdf.open'),
          failed: job.error ? planningErrorText(job.error) : t('weekly.pdf.failed'),
          retry: t('weekly.pdf.retry'),
        }}
        onRetry={make}
      />
    </FormModal>
  );
}
