import { LIBRARY_IMPORT_MAX_RECORDS, type LibraryImport } from '@cue/contract';
import { Alert, Anchor, Button, Group, Paper, Progress, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconFileImport, IconRefresh, IconUpload } from '@tabler/icons-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../components/FileDrop';
import { SoftBadge } from '../../../components/SoftBadge';
import { UploadProgress } from '../../../components/UploadProgress';
import { errorText, toast } from '../../../lib/notify';
import { saveBlob } from '../../admin/download';
import { downloadCsvTemplate, readLibrarySettings, useCommitImport, useImportProgress, usePreviewImport } from '../api-admin';
import { LIBRARY_ADMIN_NS } from '../i18n';
import { libraryText, refusalsCsv, sequenceRange } from './format';

const ns = LIBRARY_ADMIN_NS;

/** What the file chooser offers and what a drop takes: CSV, MARC21 (.mrc) and MARCXML. */
const ACCEPT = ['.csv', '.mrc', '.marc', '.xml', 'text/csv', 'application/marc', 'application/marcxml+xml', 'text/xml'];
const EXTENSIONS = /\.(csv|mrc|marc|xml)$/i;
/** Generous for 50,000 MARC records; the server has the last word. */
const MAX_SIZE = 100 * 1024 * 1024;

/**
 * Browsers give MARC files no MIME type, so the drop's type check refuses them: a file is taken by its
 * name's extension instead.
 */
export const importable = (file: { name: string; size: number }): boolean => EXTENSIONS.test(file.name) && file.size <= MAX_SIZE;

const LAST_IMPORT_KEY = 'cue.library.lastImportBarcodes';

/** The barcodes of the sequence the last import (in this tab of the browser) gave its copies, for its labels. */
export function lastImportRange(): { from: string; to: string } | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(LAST_IMPORT_KEY) ?? 'null') as { from?: unknown; to?: unknown } | null;
    return saved && typeof saved.from === 'string' && typeof saved.to === 'string' ? { from: saved.from, to: saved.to } : null;
  } catch {
    return null;
  }
}

function Counts({ preview }: { preview: LibraryImport }) {
  const { t, i18n } = useTranslation(ns);
  const number = new Intl.NumberFormat(i18n.language);
  const cells = [
    { key: 'total', label: t('import.total'), value: preview.total, color: undefined },
    { key: 'valid', label: t('import.valid'), value: preview.valid, color: 'teal.8' },
    { key: 'refused', label: t('import.refused'), value: preview.refused, color: preview.refused ? 'red.8' : undefined },
  ];
  return (
    <SimpleGrid cols={{ base: 3 }} spacing="sm" data-testid="import-counts">
      {cells.map((c) => (
        <Paper key={c.key} withBorder radius="md" p="sm" data-testid={`import-${c.key}`}>
          <Text fz="xs" c="dimmed">
            {c.label}
          </Text>
          <Text fz="xl" fw={700} c={c.color}>
            {number.format(c.value)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** A table of an import's rows under a sticky header, scrolled within its frame (labelled by its title). */
function ScrollTable({
  mah,
  labelledBy,
  testId,
  headers,
  children,
}: {
  mah: number;
  labelledBy: string;
  testId: string;
  headers: string[];
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <ScrollArea.Autosize mah={mah} type="auto" aria-labelledby={labelledBy} data-testid={testId}>
        <Table stickyHeader verticalSpacing="xs" miw={640}>
          <Table.Thead>
            <Table.Tr>
              {headers.map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Paper>
  );
}

function RecordsTable({ preview }: { preview: LibraryImport }) {
  const { t } = useTranslation(ns);
  const titleId = useId();
  if (preview.preview.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3} fz="md" id={titleId}>
        {t('import.recordsTitle', { n: preview.preview.length })}
      </Title>
      <ScrollTable
        mah={360}
        labelledBy={titleId}
        testId="import-records"
        headers={[t('import.row'), t('import.title'), t('import.authors'), t('import.isbn'), t('import.copies')]}
      >
        {preview.preview.map((r) => (
          <Table.Tr key={r.row}>
            <Table.Td>{r.row}</Table.Td>
            <Table.Td>
              <Stack gap={2}>
                <Text fz="sm" fw={600}>
                  {r.title}
                </Text>
                {r.existing && (
                  <SoftBadge color="blue" size="sm" data-testid="import-existing">
                    {t('import.existing')}
                  </SoftBadge>
                )}
              </Stack>
            </Table.Td>
            <Table.Td>{r.authors.join(', ')}</Table.Td>
            <Table.Td dir="ltr" style={{ whiteSpace: 'nowrap' }}>
              {r.isbn ?? '—'}
            </Table.Td>
            <Table.Td>{r.copies}</Table.Td>
          </Table.Tr>
        ))}
      </ScrollTable>
    </Stack>
  );
}

function RefusalsTable({ preview }: { preview: LibraryImport }) {
  const { t } = useTranslation(ns);
  const titleId = useId();
  if (preview.refusals.length === 0) return null;
  const download = () => {
    const csv = refusalsCsv(
      { row: t('import.row'), field: t('import.field'), reason: t('import.reason'), excerpt: t('import.excerpt') },
      preview.refusals,
    );
    saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${preview.filename.replace(/\.[^.]+$/, '')}-refused.csv`);
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={3} fz="md" id={titleId} c="red.8">
          {t('import.refusalsTitle', { n: preview.refused })}
        </Title>
        <Button variant="default" size="xs" leftSection={<IconDownload size={14} aria-hidden />} onClick={download}>
          {t('import.downloadRefusals')}
        </Button>
      </Group>
      {preview.refused > preview.refusals.length && (
        <Text fz="sm" c="dimmed">
          {t('import.refusalsListed', { listed: preview.refusals.length, n: preview.refused })}
        </Text>
      )}
      <ScrollTable
        mah={320}
        labelledBy={titleId}
        testId="import-refusals"
        headers={[t('import.row'), t('import.field'), t('import.reason'), t('import.excerpt')]}
      >
        {preview.refusals.map((r, i) => (
          // A row may be refused for several fields; the list is read-only and never reordered.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Table.Tr key={`${r.row}-${r.field ?? ''}-${i}`}>
            <Table.Td>{r.row}</Table.Td>
            <Table.Td dir="ltr">{r.field ?? '—'}</Table.Td>
            <Table.Td>{libraryText(r.message)}</Table.Td>
            <Table.Td>
              <Text fz="sm" c="dimmed" lineClamp={2} maw={320}>
                {r.excerpt}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </ScrollTable>
    </Stack>
  );
}

/**
 * Import: a CSV or MARC file is read into a preview (what will be imported, what is refused and why),
 * then committed; a large file is imported in the background and its progress read every second.
 */
export function ImportTab({ onOpenCatalogue }: { onOpenCatalogue: () => void }) {
  const { t, i18n } = useTranslation(ns);
  const number = new Intl.NumberFormat(i18n.language);
  const dropLabel = useId();
  const upload = usePreviewImport();
  const commit = useCommitImport();
  const [file, setFile] = useState<{ name: string; percent: number } | null>(null);
  const [current, setCurrent] = useState<LibraryImport | null>(null);
  const [before, setBefore] = useState<{ prefix: string; next: number } | null>(null);
  const running = current?.status === 'importing';
  const progress = useImportProgress(current?.id ?? null, running);
  const shown = running && progress.data ? progress.data : current;

  // The background import's answer replaces the one the commit gave, once it has ended.
  useEffect(() => {
    if (running && progress.data && progress.data.status !== 'importing') setCurrent(progress.data);
  }, [running, progress.data]);

  // Once done, the sequence's barcodes the import used are kept for the labels tab.
  useEffect(() => {
    if (current?.status !== 'done' || !before) return;
    let cancelled = false;
    readLibrarySettings()
      .then((after) => {
        if (cancelled) return;
        const range = sequenceRange(before.prefix, before.next, after.next_barcode);
        if (range) sessionStorage.setItem(LAST_IMPORT_KEY, JSON.stringify(range));
        else sessionStorage.removeItem(LAST_IMPORT_KEY);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [current?.status, before]);

  const take = (files: File[]) => {
    const chosen = files.find(importable);
    if (!chosen) {
      toast.error(t('import.wrongFile'));
      return;
    }
    setCurrent(null);
    setFile({ name: chosen.name, percent: 0 });
    upload.mutate(
      { file: chosen, onProgress: (fraction) => setFile({ name: chosen.name, percent: Math.round(fraction * 100) }) },
      {
        onSuccess: (answer) => {
          setFile(null);
          setCurrent(answer.result);
        },
        onError: () => setFile((f) => (f ? { ...f, percent: 100 } : f)),
      },
    );
  };

  const start = async () => {
    if (!current) return;
    try {
      const settings = await readLibrarySettings().catch(() => null);
      setBefore(settings ? { prefix: settings.barcode_prefix, next: settings.next_barcode } : null);
      const answer = await commit.mutateAsync(current.id);
      setCurrent(answer.result);
      if (answer.result.status === 'done') toast.success(libraryText(answer.message) || t('import.done'));
    } catch (err) {
      toast.error(errorText(err));
    }
  };

  const reset = () => {
    setCurrent(null);
    setFile(null);
    upload.reset();
    commit.reset();
  };

  const template = () => downloadCsvTemplate().catch((err) => toast.error(errorText(err)));

  if (shown && (shown.status === 'importing' || shown.status === 'done' || shown.status === 'failed')) {
    return (
      <Stack gap="md" data-testid="import-result">
        {shown.status === 'importing' && (
          <Stack gap={4} data-testid="import-progress">
            <Text fz="sm">{t('import.importing', { name: shown.filename })}</Text>
            <Progress value={shown.progress} animated aria-label={t('import.progressLabel')} />
            <Text fz="xs" c="dimmed">
              {t('import.percent', { n: shown.progress })}
            </Text>
          </Stack>
        )}
        {shown.status === 'done' && (
          <Alert color="teal" variant="light" title={t('import.doneTitle')} data-testid="import-done">
            <Stack gap="xs">
              <Text fz="sm">
                {t('import.doneCounts', {
                  items: number.format(shown.created_items),
                  copies: number.format(shown.created_copies),
                })}
              </Text>
              {shown.refused > 0 && <Text fz="sm">{t('import.doneRefused', { n: number.format(shown.refused) })}</Text>}
              <Group gap="sm">
                <Anchor component="button" type="button" onClick={onOpenCatalogue} fz="sm">
                  {t('import.openCatalogue')}
                </Anchor>
              </Group>
            </Stack>
          </Alert>
        )}
        {shown.status === 'failed' && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} title={t('import.failedTitle')}>
            {t('import.failed')}
          </Alert>
        )}
        {shown.status !== 'importing' && (
          <Group>
            <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={reset}>
              {t('import.another')}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap" align="flex-start">
        <Text fz="sm" c="dimmed" maw={640}>
          {t('import.hint', { max: number.format(LIBRARY_IMPORT_MAX_RECORDS) })}
        </Text>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={template}
          data-testid="import-template"
        >
          {t('import.template')}
        </Button>
      </Group>
      <FileDrop
        accept={ACCEPT}
        maxSize={MAX_SIZE}
        onDrop={take}
        onReject={take}
        disabled={upload.isPending || commit.isPending}
        aria-labelledby={dropLabel}
        data-testid="import-drop"
      >
        <Group gap="sm" wrap="nowrap" justify="center" py="md">
          <IconUpload size={24} aria-hidden />
          <Stack gap={0}>
            <Text fw={600} id={dropLabel}>
              {t('import.drop')}
            </Text>
            <Text fz="sm" c="dimmed">
              {t('import.dropHint')}
            </Text>
          </Stack>
        </Group>
      </FileDrop>
      {file && <UploadProgress name={file.name} percent={file.percent} failed={upload.isError} />}
      {upload.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} data-testid="import-error">
          {libraryText(errorText(upload.error))}
        </Alert>
      )}
      {current && (
        <Stack gap="md" data-testid="import-preview">
          <Text fz="sm">{t('import.previewOf', { name: current.filename })}</Text>
          <Counts preview={current} />
          <RecordsTable preview={current} />
          <RefusalsTable preview={current} />
          <Group gap="sm" wrap="wrap">
            <Button
              leftSection={<IconFileImport size={16} aria-hidden />}
              onClick={() => void start()}
              loading={commit.isPending}
              disabled={current.valid === 0}
              data-testid="import-commit"
            >
              {t('import.commit', { count: current.valid, n: number.format(current.valid) })}
            </Button>
            <Button variant="default" onClick={reset} disabled={commit.isPending}>
              {t('import.cancel')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
