import { EXPORT_LANGUAGES } from '@cue/contract';
import { Alert, Button, Group, Progress, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconFileTypePdf, IconRefresh } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { useExport } from '../features/children/api';

export type ExportLanguage = (typeof EXPORT_LANGUAGES)[number];

/** Each language named in itself, as a reader looks for their own. */
const LANGUAGE_NAMES: Record<ExportLanguage, string> = { en: 'English', ar: 'العربية', he: 'עברית' };

/** The document language matching the interface's, English where the interface's is not offered. */
export const readerExportLanguage = (interfaceLanguage: string): ExportLanguage =>
  EXPORT_LANGUAGES.find((l) => interfaceLanguage.startsWith(l)) ?? 'en';

/** What starts a document job: a mutation whose answer names the job. */
type StartJob<V> = {
  mutate(variables: V, options: { onSuccess: (answer: { id: string }) => void }): void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
};

/**
 * A document prepared by a job: `make` starts it (forgetting any earlier one), then the job is read every
 * second until it is done (its link) or failed. `error` is the request's own failure, when there is one;
 * a job that ran and failed has none.
 */
export function useExportJob<V>(start: StartJob<V>) {
  const [exportId, setExportId] = useState<string | null>(null);
  const job = useExport(exportId);
  const status = job.data?.status;
  const running = start.isPending || (!!exportId && status !== 'done' && status !== 'failed' && !job.isError);
  return {
    make: (variables: V) => {
      setExportId(null);
      start.mutate(variables, { onSuccess: (answer) => setExportId(answer.id) });
    },
    running,
    failed: status === 'failed' || job.isError || start.isError,
    link: status === 'done' ? (job.data?.file_link ?? null) : null,
    progress: job.data?.progress ?? 0,
    error: start.isError ? start.error : job.isError ? job.error : null,
  };
}

/** What the dialog shows of a job (its `make` stays with the dialog's own button). */
type ExportJobState = Pick<ReturnType<typeof useExportJob>, 'running' | 'failed' | 'link' | 'progress'>;

/** The document's language, each named in itself; fixed while a document is being prepared. */
export function ExportLanguagePicker({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: ExportLanguage;
  onChange: (language: ExportLanguage) => void;
  disabled: boolean;
}) {
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text fz="sm" fw={500} id={labelId}>
        {label}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        value={value}
        onChange={(next) => onChange(next as ExportLanguage)}
        data={EXPORT_LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
        disabled={disabled}
      />
    </Stack>
  );
}

/**
 * A document job's state in its dialog: the progress while it runs, the link once ready, and why it
 * failed with a retry. `testId` prefixes each part's test id (`<testId>-progress`, `-ready`, `-link`,
 * `-failed`).
 */
export function ExportProgress({
  job,
  testId,
  text,
  onRetry,
  icon,
}: {
  job: ExportJobState;
  testId: string;
  text: {
    /** The progress bar's name (the document's). */
    name: string;
    preparing: string;
    ready: string;
    open: string;
    failed: string;
    retry: string;
  };
  onRetry: () => void;
  /** The file's icon on the link (a PDF's unless told). */
  icon?: ReactNode;
}) {
  return (
    <>
      {job.running && (
        <Stack gap={4} data-testid={`${testId}-progress`}>
          <Text fz="sm">{text.preparing}</Text>
          <Progress value={job.progress} animated aria-label={text.name} />
        </Stack>
      )}
      {job.link && (
        <Alert color="teal" variant="light" data-testid={`${testId}-ready`}>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text fz="sm">{text.ready}</Text>
            <Button
              component="a"
              href={job.link}
              target="_blank"
              rel="noopener"
              leftSection={icon ?? <IconFileTypePdf size={16} aria-hidden />}
              data-testid={`${testId}-link`}
            >
              {text.open}
            </Button>
          </Group>
        </Alert>
      )}
      {job.failed && !job.running && (
        <Alert color="red" variant="light" data-testid={`${testId}-failed`}>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text fz="sm">{text.failed}</Text>
            <Button variant="default" size="xs" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry}>
              {text.retry}
            </Button>
          </Group>
        </Alert>
      )}
    </>
  );
}
