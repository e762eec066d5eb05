import {
  EMAIL_PLACEHOLDERS,
  type EmailTemplateKey,
  ERROR_CODES,
  LANGUAGES,
  type Language,
  PAGE_PATHS,
  unknownPlaceholders,
} from '@cue/contract';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowBackUp, IconDeviceDesktop, IconDeviceMobile, IconMail, IconRestore } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker, useParams } from 'react-router';
import { ConfirmModal } from '../../../components/FormModal';
import { SoftBadge } from '../../../components/SoftBadge';
import { useAddressParam } from '../../../lib/addressParam';
import { ApiError } from '../../../lib/api';
import { errorText, toast } from '../../../lib/notify';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import { AuditHistory } from '../components/AuditHistory';
import { academicNeed, EMAIL_TEMPLATES_NS } from '../i18n';
import {
  type Draft,
  type EmailTemplate,
  useEmailPreview,
  useEmailTemplate,
  useResetEmailTemplate,
  useSaveEmailTemplate,
  useSendTestEmail,
} from './api-email-templates';
import { showChanged } from './EmailTemplatesPage';
import { fieldDirection, insertPlaceholder, isEmailKey, LANGUAGE_NAMES, languageOf } from './templateText';

type Field = 'subject' | 'body';
const PREVIEW_WIDTH = { phone: 390, desktop: 680 } as const;

/** What a preview may be asked for: an emptied field is left out (the saved one is previewed instead). */
const previewBody = (draft: Draft): Draft | null => {
  const subject = draft.subject.trim();
  const body = draft.body.trim();
  return subject || body
    ? ({ ...(subject ? { subject: draft.subject } : {}), ...(body ? { body: draft.body } : {}) } as Draft)
    : null;
};

function Unknown({ names }: { names: string[] }) {
  const { t } = useTranslation(EMAIL_TEMPLATES_NS);
  if (names.length === 0) return null;
  return (
    <Text fz="sm" c="red.8" role="alert" data-testid="unknown-placeholders">
      {t('editor.unknown', { names: names.map((n) => `{{${n}}}`).join(', ') })}
    </Text>
  );
}

function Preview({ emailKey, language, draft }: { emailKey: EmailTemplateKey; language: Language; draft: Draft }) {
  const { t } = useTranslation(EMAIL_TEMPLATES_NS);
  const [debounced] = useDebouncedValue(draft, 400);
  const [width, setWidth] = useState<'phone' | 'desktop'>('desktop');
  const preview = useEmailPreview(emailKey, language, previewBody(debounced), true);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="email-preview-heading" miw={0}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Title order={2} fz="md" id="email-preview-heading">
              {t('editor.preview')}
            </Title>
            {preview.isFetching && <Loader size="xs" aria-label={t('editor.previewLoading')} />}
          </Group>
          <SegmentedControl
            size="xs"
            aria-label={t('editor.previewWidth')}
            value={width}
            onChange={(v) => setWidth(v === 'phone' ? 'phone' : 'desktop')}
            data={[
              {
                value: 'phone',
                label: (
                  <Group gap={4} wrap="nowrap">
                    <IconDeviceMobile size={14} aria-hidden />
                    {t('editor.phone')}
                  </Group>
                ),
              },
              {
                value: 'desktop',
                label: (
                  <Group gap={4} wrap="nowrap">
                    <IconDeviceDesktop size={14} aria-hidden />
                    {t('editor.desktop')}
                  </Group>
                ),
              },
            ]}
          />
        </Group>
        {preview.isError ? (
          <Alert color="red" title={t('editor.previewError')}>
            {errorText(preview.error)}
          </Alert>
        ) : !preview.data ? (
          <Skeleton height={360} radius="sm" />
        ) : (
          <>
            <Box>
              <Text fz="xs" c="dimmed">
                {t('editor.previewSubject')}
              </Text>
              <Text fw={600} dir={preview.data.direction} lang={language} data-testid="preview-subject">
                {preview.data.subject}
              </Text>
            </Box>
            <Box style={{ overflowX: 'auto' }}>
              <iframe
                sandbox=""
                srcDoc={preview.data.html}
                title={t('editor.previewTitle')}
                data-testid="email-preview"
                style={{
                  display: 'block',
                  width: '100%',
                  maxWidth: PREVIEW_WIDTH[width],
                  minWidth: Math.min(PREVIEW_WIDTH[width], 280),
                  height: 480,
                  marginInline: 'auto',
                  border: '1px solid var(--mantine-color-default-border)',
                  borderRadius: 'var(--mantine-radius-sm)',
                  background: 'white',
                }}
              />
            </Box>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function Editor({ emailKey, language, template }: { emailKey: EmailTemplateKey; language: Language; template: EmailTemplate }) {
  const { t } = useTranslation(EMAIL_TEMPLATES_NS);
  const [draft, setDraft] = useState<Draft>({ subject: template.subject, body: template.body });
  const [target, setTarget] = useState<Field>('body');
  const [confirmReset, setConfirmReset] = useState(false);
  const [noEmail, setNoEmail] = useState(false);
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const save = useSaveEmailTemplate(emailKey, language);
  const reset = useResetEmailTemplate(emailKey, language);
  const test = useSendTestEmail(emailKey, language);

  const dirty = draft.subject !== template.subject || draft.body !== template.body;
  const unknownSubject = unknownPlaceholders(emailKey, draft.subject);
  const unknownBody = unknownPlaceholders(emailKey, draft.body);
  const empty = !draft.subject.trim() || !draft.body.trim();
  const dir = fieldDirection(language);

  // Leaving the page, or this language for another, with unsaved changes asks first.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const insert = (name: string) => {
    const element = target === 'subject' ? subjectRef.current : bodyRef.current;
    const next = insertPlaceholder(draft[target], name, element?.selectionStart ?? null, element?.selectionEnd ?? null);
    setDraft((d) => ({ ...d, [target]: next.value }));
    // The cursor goes after the placeholder once the field shows the new text.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.cursor, next.cursor);
    });
  };

  const onSave = () =>
    save.mutate(draft, {
      onSuccess: (answer) => {
        setDraft({ subject: answer.result.subject, body: answer.result.body });
        toast.success(t('messages.saved'));
      },
      onError: (err) => toast.error(errorText(err)),
    });
  const onTest = () => {
    setNoEmail(false);
    test.mutate(previewBody(draft) ?? draft, {
      onSuccess: () => toast.success(t('messages.testSent')),
      onError: (err) => {
        if (err instanceof ApiError && err.code === ERROR_CODES.noEmail) setNoEmail(true);
        else toast.error(errorText(err));
      },
    });
  };
  const onReset = () =>
    reset.mutate(undefined, {
      onSuccess: (answer) => {
        setDraft({ subject: answer.result.subject, body: answer.result.body });
        setConfirmReset(false);
        toast.success(t('messages.reset'));
      },
      onError: (err) => toast.error(errorText(err)),
    });

  const placeholders = EMAIL_PLACEHOLDERS[emailKey];
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <Stack gap="md" miw={0}>
        <Group gap="xs" wrap="wrap">
          <SoftBadge color={template.customised ? 'cue' : 'gray'} outline={!template.customised} data-testid="template-status">
            {template.customised ? t('status.changed') : t('status.default')}
          </SoftBadge>
          {template.customised && template.updated_at && (
            <Text fz="sm" c="dimmed">
              {template.updated_by
                ? t('editor.changedBy', { name: template.updated_by.name, date: showChanged(template.updated_at) })
                : t('editor.changedOn', { date: showChanged(template.updated_at) })}
            </Text>
          )}
          {dirty && (
            <SoftBadge color="orange" data-testid="unsaved">
              {t('editor.unsaved')}
            </SoftBadge>
          )}
        </Group>
        <Stack gap={4}>
          <TextInput
            ref={subjectRef}
            label={t('editor.subject')}
            value={draft.subject}
            dir={dir}
            lang={language}
            maxLength={300}
            required
            onFocus={() => setTarget('subject')}
            onChange={(e) => {
              // Read now: the event's target is gone by the time the update runs.
              const value = e.currentTarget.value;
              setDraft((d) => ({ ...d, subject: value }));
            }}
            error={unknownSubject.length > 0}
          />
          <Unknown names={unknownSubject} />
        </Stack>
        <Stack gap={4}>
          <Textarea
            ref={bodyRef}
            label={t('editor.body')}
            description={t('editor.bodyHelp')}
            value={draft.body}
            dir={dir}
            lang={language}
            autosize
            minRows={8}
            maxRows={24}
            maxLength={20000}
            required
            styles={{ input: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 14 } }}
            onFocus={() => setTarget('body')}
            onChange={(e) => {
              // Read now: the event's target is gone by the time the update runs.
              const value = e.currentTarget.value;
              setDraft((d) => ({ ...d, body: value }));
            }}
            error={unknownBody.length > 0}
          />
          <Unknown names={unknownBody} />
        </Stack>
        <Box role="group" aria-labelledby="email-placeholders-heading">
          <Text fz="sm" fw={600} id="email-placeholders-heading">
            {t('editor.placeholders')}
          </Text>
          <Text fz="xs" c="dimmed" mb={6}>
            {target === 'subject' ? t('editor.insertIntoSubject') : t('editor.insertIntoBody')}
          </Text>
          <Group gap={6} wrap="wrap">
            {placeholders.map((p) => (
              <Button
                key={p.name}
                size="compact-sm"
                variant="light"
                ff="monospace"
                dir="ltr"
                // Keeps the cursor in the field: the placeholder goes where it was.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => insert(p.name)}
                // Named with the words it shows ("message", "block"), so that voice control reaches it by
                // them; what a block is, is told by its description.
                aria-label={
                  p.kind === 'html'
                    ? `${t('editor.insert', { name: p.name })} ${t('editor.block')}`
                    : t('editor.insert', { name: p.name })
                }
                title={p.kind === 'html' ? t('editor.insertBlock', { name: p.name }) : undefined}
                data-testid={`placeholder-${p.name}`}
                rightSection={
                  p.kind === 'html' ? (
                    <Text span fz={10} fw={700} tt="uppercase" ff="text">
                      {t('editor.block')}
                    </Text>
                  ) : undefined
                }
              >
                {`{{${p.name}}}`}
              </Button>
            ))}
          </Group>
        </Box>
        {noEmail && (
          <Alert
            color="orange"
            title={t('editor.noEmailTitle')}
            withCloseButton
            closeButtonLabel={t('editor.close')}
            onClose={() => setNoEmail(false)}
          >
            {t('messages.noEmail')}
          </Alert>
        )}
        <Group gap="sm" wrap="wrap">
          <Button
            onClick={onSave}
            loading={save.isPending}
            disabled={!dirty || empty || unknownSubject.length + unknownBody.length > 0}
          >
            {t('editor.save')}
          </Button>
          <Button variant="default" leftSection={<IconMail size={16} aria-hidden />} onClick={onTest} loading={test.isPending}>
            {t('editor.test')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            disabled={!dirty}
            onClick={() => setDraft({ subject: template.subject, body: template.body })}
          >
            {t('editor.discard')}
          </Button>
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconRestore size={16} aria-hidden />}
            disabled={!template.customised}
            onClick={() => setConfirmReset(true)}
          >
            {t('editor.reset')}
          </Button>
          <AuditHistory entityType="email_template" entityId={`${emailKey}:${language}`} />
        </Group>
      </Stack>
      <Preview emailKey={emailKey} language={language} draft={draft} />
      <ConfirmModal
        opened={confirmReset}
        onClose={() => setConfirmReset(false)}
        title={t('editor.resetTitle')}
        message={t('editor.resetMessage', { language: LANGUAGE_NAMES[language] })}
        confirmLabel={t('editor.reset')}
        onConfirm={onReset}
        pending={reset.isPending}
      />
      <ConfirmModal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title={t('editor.leaveTitle')}
        message={t('editor.leaveMessage')}
        confirmLabel={t('editor.leave')}
        onConfirm={() => blocker.proceed?.()}
      />
    </SimpleGrid>
  );
}

function Body() {
  const { t } = useTranslation(EMAIL_TEMPLATES_NS);
  const { key } = useParams();
  const [asked, setLanguage] = useAddressParam('language');
  const language = languageOf(asked);
  const emailKey: EmailTemplateKey = isEmailKey(key) ? key : 'sign_in_code';
  const template = useEmailTemplate(emailKey, language);
  const back = (
    <Anchor component={Link} to={PAGE_PATHS.emailTemplates} fz="sm">
      {t('editor.back')}
    </Anchor>
  );
  if (!isEmailKey(key)) {
    return (
      <Page title={t('page.title')}>
        <Alert color="orange" title={t('editor.notFound')}>
          {back}
        </Alert>
      </Page>
    );
  }
  return (
    <Page title={t(`keys.${emailKey}.name`)} description={t(`keys.${emailKey}.description`)} actions={back} width={1280}>
      <Tabs value={language} onChange={(v) => setLanguage(v && v !== 'en' ? v : null)} keepMounted={false}>
        <Tabs.List aria-label={t('editor.languages')}>
          {LANGUAGES.map((lng) => (
            <Tabs.Tab key={lng} value={lng} lang={lng}>
              {LANGUAGE_NAMES[lng]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {LANGUAGES.map((lng) => (
          <Tabs.Panel key={lng} value={lng} pt="md">
            {template.isPending ? (
              <Stack gap="sm">
                <Loader size="sm" aria-label={t('editor.loading')} />
                <Skeleton height={36} />
                <Skeleton height={200} />
              </Stack>
            ) : template.isError ? (
              <Alert color="red" title={t('editor.error')}>
                <Stack gap="xs" align="flex-start">
                  <Text fz="sm">{errorText(template.error)}</Text>
                  <Button variant="default" size="xs" onClick={() => void template.refetch()}>
                    {t('editor.retry')}
                  </Button>
                </Stack>
              </Alert>
            ) : (
              // A new language (or a reset elsewhere) starts the editor again from the saved template.
              <Editor key={`${emailKey}:${lng}`} emailKey={emailKey} language={lng} template={template.data} />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Page>
  );
}

/** /admin/academic-setup/email-templates/:key: one email's subject and body in en, ar and he, with a live preview. */
export default function EmailTemplatePage() {
  return (
    <Gate need={academicNeed('academic-setup.email-templates')}>
      <Body />
    </Gate>
  );
}
