import {
  type CurriculumFramework,
  type CurriculumImportResult,
  curriculumCopyRequestSchema,
  curriculumFrameworkRequestSchema,
  pagePath,
} from '@cue/contract';
import { Alert, Button, Group, SimpleGrid, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconUpload } from '@tabler/icons-react';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FileDrop } from '../../../components/FileDrop';
import { FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { UploadProgress } from '../../../components/UploadProgress';
import { toast } from '../../../lib/notify';
import { AuditHistory } from '../components/AuditHistory';
import { CURRICULUM_NS } from '../i18n';
import { downloadTemplate, useCopyFramework, useCreateFramework, useImportFramework, useUpdateFramework } from './api';
import { copyCode } from './format';
import { curriculumErrorText, curriculumText } from './messages';

/** "New framework" (framework null) or "Edit framework": its name, code and description. */
export function FrameworkModal({ framework, onClose }: { framework: CurriculumFramework | null; onClose: () => void }) {
  const { t } = useTranslation(CURRICULUM_NS);
  const navigate = useNavigate();
  const create = useCreateFramework();
  const update = useUpdateFramework();
  const form = useContractForm({
    schema: curriculumFrameworkRequestSchema,
    initialValues: { name: framework?.name ?? '', code: framework?.code ?? '', description: framework?.description ?? '' },
    messages: { name: { required: t('framework.nameRequired') }, code: { required: t('framework.codeRequired') } },
  });
  const submit = form.submitWith(
    (body) => (framework ? update.mutateAsync({ id: framework._id, body }) : create.mutateAsync(body)),
    {
      onSuccess: (answer) => {
        const saved = answer as { result: CurriculumFramework; message?: string };
        toast.success(curriculumText(saved.message, framework ? 'frameworkSaved' : 'frameworkCreated'));
        onClose();
        // A new framework is empty: its page is where its areas are added.
        if (!framework) navigate(pagePath.curriculumFramework(saved.result._id));
      },
      onError: (err) => form.setError(curriculumErrorText(err)),
    },
  );
  return (
    <FormModal
      opened
      onClose={onClose}
      title={framework ? t('framework.editTitle', { name: framework.name }) : t('framework.newTitle')}
      submitLabel={framework ? t('framework.save') : t('framework.create')}
      onSubmit={submit}
      pending={form.pending}
      error={form.error}
      size="md"
    >
      <TextInput label={t('framework.name')} required maxLength={120} data-autofocus {...form.getInputProps('name')} />
      <TextInput
        label={t('framework.code')}
        description={t('framework.codeHint')}
        required
        maxLength={40}
        {...form.getInputProps('code')}
      />
      <Textarea
        label={t('framework.description')}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={2000}
        {...form.getInputProps('description')}
      />
      {framework && (
        <Group>
          <AuditHistory entityType="curriculum_framework" entityId={framework._id} />
        </Group>
      )}
    </FormModal>
  );
}

/** "Copy": a school-owned deep copy under a new name and code; the copy opens once made. */
export function CopyModal({ framework, onClose }: { framework: CurriculumFramework; onClose: () => void }) {
  const { t } = useTranslation(CURRICULUM_NS);
  const navigate = useNavigate();
  const copy = useCopyFramework();
  const form = useContractForm({
    schema: curriculumCopyRequestSchema,
    initialValues: { name: t('copy.defaultName', { name: framework.name }), code: copyCode(framework.code) },
    messages: { name: { required: t('framework.nameRequired') }, code: { required: t('framework.codeRequired') } },
  });
  const submit = form.submitWith((body) => copy.mutateAsync({ id: framework._id, body }), {
    onSuccess: (answer) => {
      const made = answer as { result: CurriculumFramework; message?: string };
      toast.success(curriculumText(made.message, 'frameworkCopied'));
      onClose();
      navigate(pagePath.curriculumFramework(made.result._id));
    },
    onError: (err) => form.setError(curriculumErrorText(err)),
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('copy.title', { name: framework.name })}
      submitLabel={t('copy.submit')}
      onSubmit={submit}
      pending={form.pending}
      error={form.error}
      size="md"
    >
      <Text fz="sm" c="dimmed">
        {t('copy.hint')}
      </Text>
      <TextInput label={t('copy.name')} required maxLength={120} data-autofocus {...form.getInputProps('name')} />
      <TextInput label={t('copy.code')} required maxLength={40} {...form.getInputProps('code')} />
    </FormModal>
  );
}

const CSV_TYPES = ['text/csv', 'application/vnd.ms-excel', 'text/plain', 'application/csv'] as const;
const MAX_SIZE = 5 * 1024 * 1024;

function ImportSummary({ result }: { result: CurriculumImportResult }) {
  const { t, i18n } = useTranslation(CURRICULUM_NS);
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Stack gap="sm" data-testid="curriculum-import-check">
      <SimpleGrid cols={3} spacing="xs">
        {(['areas', 'aspects', 'statements'] as const).map((k) => (
          <Stack key={k} gap={0} p="xs" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}>
            <Text fw={700} fz="lg" data-testid={`curriculum-import-${k}`}>
              {number.format(result[k])}
            </Text>
            <Text fz="xs" c="dimmed">
              {t(`import.counts.${k}`)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      {result.errors.length === 0 ? (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} aria-hidden />}>
          {t('import.ready')}
        </Alert>
      ) : (
        <Stack gap="xs">
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />}>
            {t('import.refused', { count: result.errors.length })}
          </Alert>
          <Table.ScrollContainer minWidth={360} mah={260} type="native">
            <Table withTableBorder fz="sm" verticalSpacing={4} stickyHeader data-testid="curriculum-import-errors">
              <Table.Caption>{t('import.errorsCaption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={64}>{t('import.row')}</Table.Th>
                  <Table.Th w={140}>{t('import.column')}</Table.Th>
                  <Table.Th>{t('import.reason')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.errors.map((e) => (
                  <Table.Tr key={`${e.row}-${e.field}-${e.reason}`}>
                    <Table.Td>{number.format(e.row)}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-word' }}>{e.field}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-word' }}>{e.reason}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Stack>
  );
}

/**
 * "Import from CSV": a name, a code and the file (the template's columns); "Check the file" asks the
 * server what it would import (nothing is written), then "Import" makes the framework and opens it.
 */
export function ImportModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(CURRICULUM_NS);
  const navigate = useNavigate();
  const run = useImportFramework();
  const dropLabel = useId();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState(0);
  const [fileError, setFileError] = useState<string | null>(null);
  // The check of the file as it is now; any change to the name, code or file asks for a new one.
  const [checked, setChecked] = useState<CurriculumImportResult | null>(null);
  const [downloading, setDownloading] = useState(false);
  const form = useContractForm({
    schema: curriculumCopyRequestSchema,
    initialValues: { name: '', code: '' },
    messages: { name: { required: t('framework.nameRequired') }, code: { required: t('framework.codeRequired') } },
  });
  const changed = () => {
    setChecked(null);
    form.setError(null);
  };
  const ready = !!checked && checked.errors.length === 0 && checked.statements > 0;
  const submit = form.submitWith(
    (body) => {
      setPercent(0);
      return run.mutateAsync({
        file: file as File,
        name: body.name,
        code: body.code,
        dryRun: !ready,
        onProgress: (f) => setPercent(Math.round(f * 100)),
      });
    },
    {
      onSuccess: (answer) => {
        const { result, message } = answer as { result: CurriculumImportResult; message?: string };
        if (result.framework) {
          toast.success(curriculumText(message, 'imported'));
          onClose();
          navigate(pagePath.curriculumFramework(result.framework._id));
          return;
        }
        setChecked(result);
      },
      onError: (err) => form.setError(curriculumErrorText(err)),
    },
  );
  // The file is no field of the form: asked for before anything is sent.
  const send = () => {
    if (!file) setFileError(t('import.fileRequired'));
    else submit();
  };
  const template = () => {
    setDownloading(true);
    downloadTemplate()
      .catch((err) => toast.error(curriculumErrorText(err)))
      .finally(() => setDownloading(false));
  };
  const field = (name: 'name' | 'code') => {
    const props = form.getInputProps(name);
    return {
      ...props,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        changed();
        props.onChange(event);
      },
    };
  };
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('import.title')}
      submitLabel={ready ? t('import.submit') : t('import.check')}
      onSubmit={send}
      pending={form.pending}
      error={form.error}
      size="lg"
    >
      <Group justify="space-between" gap="sm" wrap="wrap" align="flex-start">
        <Text fz="sm" c="dimmed" maw={440}>
          {t('import.hint')}
        </Text>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={template}
          loading={downloading}
          data-testid="curriculum-import-template"
        >
          {t('import.template')}
        </Button>
      </Group>
      <TextInput label={t('import.name')} required maxLength={120} data-autofocus {...field('name')} />
      <TextInput label={t('import.code')} required maxLength={40} {...field('code')} />
      <FileDrop
        accept={CSV_TYPES}
        maxSize={MAX_SIZE}
        disabled={form.pending}
        aria-labelledby={dropLabel}
        data-testid="curriculum-import-file"
        onDrop={(files) => {
          setFile(files[0] ?? null);
          setFileError(null);
          changed();
        }}
        onReject={() => setFileError(t('import.fileRefused'))}
      >
        <Group gap="sm" wrap="nowrap" justify="center" py="md">
          <IconUpload size={24} aria-hidden />
          <Stack gap={0}>
            <Text fw={600} id={dropLabel}>
              {t('import.file')}
            </Text>
            <Text fz="sm" c="dimmed">
              {t('import.fileHint')}
            </Text>
          </Stack>
        </Group>
      </FileDrop>
      {fileError && (
        <Text c="red" fz="sm" role="alert">
          {fileError}
        </Text>
      )}
      {file && <UploadProgress name={file.name} percent={percent} failed={run.isError} />}
      {checked && <ImportSummary result={checked} />}
    </FormModal>
  );
}
