import { addDays, ddmmyyyyFromIso, EXPORT_LANGUAGES, weekStart } from '@cue/contract';
import { Alert, Button, Group, Progress, SegmentedControl, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconFileTypePdf, IconRefresh } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DAY, readerDateFormatter } from '../../../components/dateFormat';
import { FormModal } from '../../../components/FormModal';
import { toast } from '../../../lib/notify';
import { useExport } from '../../children/api';
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

type Language = (typeof EXPORT_LANGUAGES)[number];
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ar: 'العربية', he: 'עברית' };

/** The week as a PDF: prepared by a job whose progress shows here, then opened from its link. */
export function WeekPdfModal({ classId, monday, onClose }: { classId: string; monday: string; onClose: () => void }) {
  const { t, i18n } = useTranslation(PLANNING_NS);
  const [language, setLanguage] = useState<Language>(EXPORT_LANGUAGES.find((l) => i18n.language.startsWith(l)) ?? 'en');
  const start = useWeekPdf();
  const [exportId, setExportId] = useState<string | null>(null);
  const job = useExport(exportId);
  const status = job.data?.status;
  const running = start.isPending || (!!exportId && status !== 'done' && status !== 'failed' && !job.isError);
  const failed = status === 'failed' || job.isError || start.isError;
  const link = status === 'done' ? job.data?.file_link : null;
  const languageId = useId();
  const make = () => {
    setExportId(null);
    start.mutate(
      { classId, body: { week: ddmmyyyyFromIso(monday), language } },
      { onSuccess: (answer) => setExportId(answer.id) },
    );
  };
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('weekly.pdf.title')}
      submitLabel={t('weekly.pdf.make')}
      onSubmit={make}
      pending={start.isPending}
      submitDisabled={running}
      size="md"
    >
      <Stack gap={4}>
        <Text fz="sm" fw={500} id={languageId}>
          {t('weekly.pdf.language')}
        </Text>
        <SegmentedControl
          aria-labelledby={languageId}
          value={language}
          onChange={(value) => setLanguage(value as Language)}
          data={EXPORT_LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
          disabled={running}
        />
      </Stack>
      {running && (
        <Stack gap={4} data-testid="week-pdf-progress">
          <Text fz="sm">{t('weekly.pdf.preparing', { progress: job.data?.progress ?? 0 })}</Text>
          <Progress value={job.data?.progress ?? 0} animated aria-label={t('weekly.pdf.title')} />
        </Stack>
      )}
      {link && (
        <Alert color="teal" variant="light" data-testid="week-pdf-ready">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text fz="sm">{t('weekly.pdf.ready')}</Text>
            <Button
              component="a"
              href={link}
              target="_blank"
              rel="noopener"
              leftSection={<IconFileTypePdf size={16} aria-hidden />}
              data-testid="week-pdf-link"
            >
              {t('weekly.pdf.open')}
            </Button>
          </Group>
        </Alert>
      )}
      {failed && !running && (
        <Alert color="red" variant="light" data-testid="week-pdf-failed">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text fz="sm">
              {start.isError
                ? planningErrorText(start.error)
                : job.isError
                  ? planningErrorText(job.error)
                  : t('weekly.pdf.failed')}
            </Text>
            <Button variant="default" size="xs" leftSection={<IconRefresh size={14} aria-hidden />} onClick={make}>
              {t('weekly.pdf.retry')}
            </Button>
          </Group>
        </Alert>
      )}
    </FormModal>
  );
}
