import { IMPORT_COLUMNS, type ImportKind, type ImportPreview } from '@cue/contract';
import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  List,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { ApiError } from '../../../lib/api';
import { errorText, toast } from '../../../lib/notify';
import { IMPORT_ROUTES, previewImport, useCommitImport } from '../api';
import { downloadFile } from '../download';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The server's import problems, in the reader's language (its English text when not one of these). */
const PROBLEMS: [RegExp, string, (m: RegExpExecArray) => Record<string, string>][] = [
  [/^First name is missing$/, 'firstNameMissing', () => ({})],
  [/^Class is missing$/, 'classMissing', () => ({})],
  [/^No class named (.*)$/, 'noClass', (m) => ({ name: m[1] ?? '' })],
  [/^No role named (.*)$/, 'noRole', (m) => ({ name: m[1] ?? '' })],
  [/^Phone number must be 10 digits$/, 'badPhone', () => ({})],
  [/^Email is not valid$/, 'badEmail', () => ({})],
  [/^Parent's first name is missing$/, 'parentFirstNameMissing', () => ({})],
  [/^Give the parent's phone number or email$/, 'parentContactMissing', () => ({})],
  [/^Give a phone number or an email to sign in with$/, 'contactMissing', () => ({})],
  [/^Duplicate of row (\d+)$/, 'duplicate', (m) => ({ row: m[1] ?? '' })],
  [/^Already staff of this school$/, 'alreadyStaff', () => ({})],
  [/^(.*) is already in (.*)$/, 'alreadyInClass', (m) => ({ name: m[1] ?? '', className: m[2] ?? '' })],
  [/^Use the format DD-MM-YYYY$/, 'dateFormat', () => ({})],
  [/^The date of birth cannot be in the future$/, 'bornInFuture', () => ({})],
  [
    /^Say how severe the allergy to (.*) is \(mild, moderate or severe\), e\.g\. .*$/,
    'allergySeverity',
    (m) => ({ name: m[1] ?? '' }),
  ],
  [/^The emergency contact's name is missing$/, 'contactNameMissing', () => ({})],
  [/^Enter a phone number$/, 'badContactPhone', () => ({})],
  [/^No consent named (.*): use (.*)$/, 'noConsent', (m) => ({ name: m[1] ?? '', list: m[2] ?? '' })],
  [/^Answer (.*) with yes or no$/, 'consentAnswer', (m) => ({ name: m[1] ?? '' })],
];

export function problemText(t: TFunction<'admin'>, message: string): string {
  for (const [pattern, key, values] of PROBLEMS) {
    const match = pattern.exec(message);
    if (match) return t(`import.problem.${key}`, { ...values(match), defaultValue: message });
  }
  return message;
}

/** Spreadsheet row number of the n-th data row (row 1 is the header). */
const rowNumber = (index: number) => index + 2;

interface ImportModalProps {
  kind: ImportKind;
  opened: boolean;
  onClose: () => void;
}

/**
 * Bulk import of students (with their parents) or staff: download the template, choose a CSV or XLSX
 * file, see every row with its problems, and import only a file without problems (all or nothing).
 */
export function ImportModal({ kind, opened, onClose }: ImportModalProps) {
  const { t } = useTranslation('admin');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [failure, setFailure] = useState<{ message: string; errors: string[] } | null>(null);
  const [downloading, setDownloading] = useState(false);
  const requestRef = useRef(0);
  const commit = useCommitImport(kind);

  const reset = () => {
    requestRef.current++;
    setFile(null);
    setPreview(null);
    setFailure(null);
    setPreviewing(false);
  };
  const close = () => {
    reset();
    onClose();
  };

  const choose = async (chosen: File | null) => {
    const request = ++requestRef.current;
    setFile(chosen);
    setPreview(null);
    setFailure(null);
    if (!chosen) return;
    setPreviewing(true);
    try {
      const answer = await previewImport(kind, chosen);
      if (request === requestRef.current) setPreview(answer);
    } catch (err) {
      if (request === requestRef.current) setFailure({ message: errorText(err), errors: [] });
    } finally {
      if (request === requestRef.current) setPreviewing(false);
    }
  };

  const template = async () => {
    setDownloading(true);
    try {
      await downloadFile(IMPORT_ROUTES[kind].template, `${kind}-import-template.csv`);
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setDownloading(false);
    }
  };

  const submit = () => {
    if (!file) return;
    commit.mutate(file, {
      onSuccess: (result) => {
        toast.success(t(`import.done.${kind}`, { count: result.imported }));
        close();
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'IMPORT_INVALID') {
          setFailure({
            message: errorText(err),
            errors: (err.errors ?? []).map((e) => `${e.field}: ${problemText(t, e.message)}`),
          });
        } else toast.error(errorText(err));
      },
    });
  };

  const columns = IMPORT_COLUMNS[kind];
  const problemsByRow = new Map<number, Map<string, string[]>>();
  for (const p of preview?.problems ?? []) {
    const fields = problemsByRow.get(p.row) ?? new Map<string, string[]>();
    fields.set(p.field, [...(fields.get(p.field) ?? []), problemText(t, p.message)]);
    problemsByRow.set(p.row, fields);
  }
  const clean = !!preview && preview.problems.length === 0 && preview.total_rows > 0;

  return (
    <FormModal
      opened={opened}
      onClose={close}
      title={t(`import.title.${kind}`)}
      submitLabel={t('import.import')}
      onSubmit={submit}
      pending={commit.isPending}
      submitDisabled={!clean || previewing}
      size="90rem"
    >
      <Text fz="sm" c="dimmed">
        {t(`import.intro.${kind}`)}
      </Text>
      <Group align="flex-end" gap="md" wrap="wrap">
        <Button variant="light" leftSection={<IconDownload size={18} aria-hidden />} onClick={template} loading={downloading}>
          {t('import.template')}
        </Button>
        <FileInput
          label={t('import.file')}
          placeholder={t('import.filePlaceholder')}
          accept={ACCEPT}
          value={file}
          onChange={(chosen) => void choose(chosen)}
          clearable
          clearButtonProps={{ 'aria-label': t('import.clearFile') }}
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          miw={280}
          style={{ flex: '1 1 280px' }}
        />
      </Group>

      {previewing && (
        <Group gap="sm" aria-live="polite">
          <Loader size="sm" aria-hidden />
          <Text fz="sm">{t('import.checking')}</Text>
        </Group>
      )}

      {failure && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={20} aria-hidden />}
          title={failure.message}
          role="alert"
        >
          {failure.errors.length > 0 && (
            <List size="sm" spacing={2}>
              {failure.errors.map((e) => (
                <List.Item key={e}>{e}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}

      {preview && (
        <Stack gap="sm" data-testid="import-preview">
          <Group gap="sm" aria-live="polite">
            <Badge variant="light" color="gray" size="lg" tt="none">
              {t('import.totalRows', { count: preview.total_rows })}
            </Badge>
            <Badge variant="filled" color="teal.9" size="lg" tt="none">
              {t('import.validRows', { count: preview.valid_rows })}
            </Badge>
            <Badge
              variant="light"
              color={preview.problems.length ? 'red' : 'teal'}
              size="lg"
              tt="none"
              data-testid="problem-count"
            >
              {t('import.problems', { count: preview.problems.length })}
            </Badge>
          </Group>
          {clean ? (
            <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} aria-hidden />}>
              {t(`import.ready.${kind}`, { count: preview.total_rows })}
            </Alert>
          ) : (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />}>
              {t('import.fixFirst')}
            </Alert>
          )}
          <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
            <ScrollArea.Autosize mah={420} type="auto">
              <Table.ScrollContainer minWidth={900} type="native">
                <Table verticalSpacing={6} horizontalSpacing="sm" stickyHeader fz="sm">
                  <VisuallyHidden component="caption">{t('import.previewCaption')}</VisuallyHidden>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={56}>{t('import.row')}</Table.Th>
                      {columns.map((col) => (
                        <Table.Th key={col}>{t(`import.columns.${col}`)}</Table.Th>
                      ))}
                      <Table.Th>{t('import.problemsColumn')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {preview.rows.map((row, index) => {
                      const n = rowNumber(index);
                      const fields = problemsByRow.get(n);
                      const messages = fields ? [...fields.values()].flat() : [];
                      return (
                        <Table.Tr
                          key={n}
                          data-testid="import-row"
                          data-problem={fields ? 'true' : undefined}
                          bg={fields ? 'var(--mantine-color-red-light)' : undefined}
                        >
                          <Table.Td c={fields ? 'red.9' : 'dimmed'}>{n}</Table.Td>
                          {columns.map((col) => {
                            const bad = fields?.get(col);
                            return (
                              <Table.Td
                                key={col}
                                c={bad ? 'red.9' : undefined}
                                fw={bad ? 700 : undefined}
                                data-invalid={bad ? 'true' : undefined}
                                title={bad?.join(' · ')}
                                style={bad ? { outline: '2px solid var(--mantine-color-red-5)', outlineOffset: -2 } : undefined}
                              >
                                {row[col] || (bad ? '—' : '')}
                              </Table.Td>
                            );
                          })}
                          <Table.Td c={messages.length ? 'red.9' : 'teal.9'}>
                            {messages.length ? messages.join(' · ') : t('import.rowOk')}
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </ScrollArea.Autosize>
          </Paper>
        </Stack>
      )}
    </FormModal>
  );
}
