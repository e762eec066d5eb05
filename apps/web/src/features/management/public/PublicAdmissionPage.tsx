import {
  ADMISSION_MESSAGES,
  ADMISSION_SOURCES,
  type AdmissionFormKind,
  type FormField,
  isLanguage,
  isoFromDdmmyyyy,
  LANGUAGES,
  type Language,
  type PublicAdmissionForm,
  ROUTES,
} from '@cue/contract';
import {
  ActionIcon,
  Alert,
  Avatar,
  Box,
  Button,
  Checkbox,
  Container,
  FileButton,
  Group,
  MultiSelect,
  Paper,
  Progress,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconFile, IconPaperclip, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError, apiRequest, apiResult } from '../../../lib/api';
import { sendForm } from '../../../lib/http';
import { chooseLanguage } from '../../../lib/i18n';
import { errorText } from '../../../lib/notify';
import { PUBLIC_FORMS_NS } from '../i18n';
import { type AnswerProblem, type AnswerValue, answerKeyOf, answersBody, formProblems, localized, sourceOf } from './publicForm';

const MESSAGE_NAMES = new Map(Object.entries(ADMISSION_MESSAGES).map(([name, text]) => [text as string, name]));
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ar: 'العربية', he: 'עברית' };
const ACCEPT = 'application/pdf,image/jpeg,image/png,image/heic,image/heif,.heic,.docx';
const MAX_BYTES = 10 * 1024 * 1024;

/** The keys of the form that the page asks in its own way (the class, the start, how they heard of the school). */
const CLASS_KEYS = new Set(['desired_class', 'desired_class_id']);
const START_KEYS = new Set(['desired_start', 'desired_start_date']);
const SOURCE_KEYS = new Set(['source', 'heard_about', 'heard_from', 'how_did_you_hear']);

interface Uploaded {
  _id: string;
  name: string;
}

/** A file field: pick a file, it uploads at once with its progress, its name shows with Remove. */
function FileField({
  schoolId,
  field,
  label,
  help,
  files,
  error,
  onChange,
}: {
  schoolId: string;
  field: FormField;
  label: string;
  help: string;
  files: Uploaded[];
  error?: string;
  onChange: (files: Uploaded[]) => void;
}) {
  const { t } = useTranslation(PUBLIC_FORMS_NS);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const id = `file-${field.key}`;
  const pick = async (file: File | null) => {
    if (!file) return;
    setProblem(null);
    if (file.size > MAX_BYTES) {
      setProblem(t('check.tooBig'));
      return;
    }
    setProgress(0);
    try {
      const form = new FormData();
      form.append(ROUTES.publicAdmissionDocument.upload, file, file.name);
      const answer = await sendForm(ROUTES.publicAdmissionDocument, null, form, {
        params: { school_id: schoolId },
        onProgress: (f) => setProgress(Math.round(f * 100)),
      });
      onChange([...files, { _id: answer.result._id, name: answer.result.name }]);
    } catch (err) {
      setProblem(serverText(err, t));
    } finally {
      setProgress(null);
    }
  };
  const shown = problem ?? error;
  return (
    <Stack gap={6} role="group" aria-labelledby={`${id}-label`}>
      <Text fz="sm" fw={500} id={`${id}-label`}>
        {label}
        {field.required && (
          <Text span c="red" aria-hidden>
            {' *'}
          </Text>
        )}
      </Text>
      {help && (
        <Text fz="xs" c="dimmed" mt={-4}>
          {help}
        </Text>
      )}
      {files.map((f) => (
        <Paper key={f._id} withBorder radius="md" px="sm" py={6}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="xs" wrap="nowrap" miw={0}>
              <IconFile size={18} aria-hidden />
              <Text fz="sm" truncate dir="auto">
                {f.name}
              </Text>
            </Group>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => onChange(files.filter((x) => x._id !== f._id))}
              aria-label={t('form.removeFile', { name: f.name })}
            >
              <IconX size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      {progress !== null && <Progress value={progress} size="sm" aria-label={t('form.uploading', { label })} />}
      {(files.length === 0 || field.type === 'file') && progress === null && (
        <FileButton onChange={pick} accept={ACCEPT}>
          {(props) => (
            <Button
              variant="default"
              leftSection={<IconPaperclip size={16} aria-hidden />}
              w="fit-content"
              aria-describedby={shown ? `${id}-error` : undefined}
              aria-label={t('form.attach', { label })}
              {...props}
            >
              {files.length ? t('form.attachAnother') : t('form.attachFile')}
            </Button>
          )}
        </FileButton>
      )}
      <Text fz="xs" c="dimmed">
        {t('form.fileHint')}
      </Text>
      {shown && (
        <Text fz="xs" c="red" id={`${id}-error`} role="alert">
          {shown}
        </Text>
      )}
    </Stack>
  );
}

/** A refusal of the server in the visitor's language: its message by name when it is one of admissions', else by its code. */
function serverText(err: unknown, t: (key: string) => string): string {
  if (err instanceof ApiError) {
    const name = MESSAGE_NAMES.get(err.message);
    if (name) return t(`messages.${name}`);
  }
  return errorText(err);
}

function LanguageSwitch() {
  const { t, i18n } = useTranslation(PUBLIC_FORMS_NS);
  const current = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <SegmentedControl
      size="xs"
      value={current}
      onChange={(v) => void chooseLanguage(v as Language)}
      data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
      aria-label={t('form.language')}
    />
  );
}

function Frame({ data, children }: { data?: PublicAdmissionForm; children: React.ReactNode }) {
  return (
    <Box bg="var(--mantine-color-gray-0)" mih="100dvh" py={{ base: 'md', sm: 'xl' }}>
      <Container size={640} px={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            {data ? (
              <Group gap="sm" wrap="nowrap" miw={0}>
                <Avatar src={data.school.logo} alt="" radius="md" size={44} color="cue">
                  {data.school.name.slice(0, 1)}
                </Avatar>
                <Text fw={700} fz="lg" truncate>
                  {data.school.name}
                </Text>
              </Group>
            ) : (
              <span />
            )}
            <LanguageSwitch />
          </Group>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}

function Message({ icon, color, title, text }: { icon: React.ReactNode; color: string; title: string; text?: string }) {
  return (
    <Paper withBorder radius="lg" p="xl" shadow="xs">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color={color}>
          {icon}
        </ThemeIcon>
        <Title order={1} fz={22}>
          {title}
        </Title>
        {text && <Text c="dimmed">{text}</Text>}
      </Stack>
    </Paper>
  );
}

function TheForm({ schoolId, kind, data }: { schoolId: string; kind: AdmissionFormKind; data: PublicAdmissionForm }) {
  const { t, i18n } = useTranslation(PUBLIC_FORMS_NS);
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const { form, classes } = data;
  const [answers, setAnswers] = useState<Record<string, AnswerValue>>({});
  const [files, setFiles] = useState<Record<string, Uploaded[]>>({});
  const [website, setWebsite] = useState('');
  const [problems, setProblems] = useState<Record<string, AnswerProblem>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [reference, setReference] = useState<string | null>(null);
  const [thanks, setThanks] = useState('');
  // The class and first day asked for, when the school lists its classes and the form has no question of its own for them.
  const [place, setPlace] = useState({ classId: '', start: '' });
  const [placeError, setPlaceError] = useState<string | null>(null);
  const allFields = form.sections.flatMap((s) => s.fields);
  const askPlace = classes.length > 0 && !allFields.some((f) => CLASS_KEYS.has(f.key));
  const title = localized(form.title, language);
  useDocumentTitle(title ? `${title} · ${data.school.name}` : data.school.name);

  const set = (key: string, value: AnswerValue) => {
    setAnswers((a) => ({ ...a, [key]: value }));
    setProblems(({ [key]: _, ...rest }) => rest);
    setServerErrors(({ [key]: _, ...rest }) => rest);
  };
  const withFiles = (): Record<string, AnswerValue> => {
    const all: Record<string, AnswerValue> = { ...answers };
    for (const [key, list] of Object.entries(files)) all[key] = list.map((f) => f._id);
    return all;
  };
  const sourceField = form.sections.flatMap((s) => s.fields).find((f) => SOURCE_KEYS.has(f.key));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const all = withFiles();
    const found = formProblems(form.sections, all);
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`field-${first}`)?.focus();
      return;
    }
    const body = answersBody(form.sections, all);
    const classKey = form.sections.flatMap((s) => s.fields).find((f) => CLASS_KEYS.has(f.key))?.key;
    const startKey = form.sections.flatMap((s) => s.fields).find((f) => START_KEYS.has(f.key))?.key;
    const desiredClass = classKey && typeof body[classKey] === 'string' ? (body[classKey] as string) : place.classId;
    const desiredStart = startKey && typeof body[startKey] === 'string' ? (body[startKey] as string) : place.start.trim();
    if (desiredStart && !isoFromDdmmyyyy(desiredStart)) {
      setPlaceError(t('check.date'));
      document.getElementById('place-start')?.focus();
      return;
    }
    const heard = sourceField ? String(body[sourceField.key] ?? '') : '';
    setSending(true);
    try {
      const answer = await apiRequest(ROUTES.publicAdmissionSubmit, {
        params: { school_id: schoolId, kind },
        body: {
          answers: body,
          desired_class_id: desiredClass || null,
          desired_start: desiredStart || null,
          source: sourceOf(heard),
          language,
          website,
        },
      });
      setThanks(answer.message ? serverText(new ApiError(200, answer.message, ''), t) : t('messages.submitted'));
      setReference(answer.result.reference);
      window.scrollTo({ top: 0 });
    } catch (err) {
      const onFields: Record<string, string> = {};
      if (err instanceof ApiError)
        for (const refusal of err.errors ?? []) {
          const key = answerKeyOf(refusal.field) ?? (refusal.field in answers ? refusal.field : null);
          const name = MESSAGE_NAMES.get(refusal.message);
          if (key) onFields[key] = name ? t(`messages.${name}`) : refusal.message;
        }
      setServerErrors(onFields);
      setError(Object.keys(onFields).length ? t('form.fixFields') : serverText(err, t));
    } finally {
      setSending(false);
    }
  };

  if (reference)
    return (
      <Paper withBorder radius="lg" p="xl" shadow="xs" data-testid="admission-submitted">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="teal">
            <IconCircleCheck size={32} aria-hidden />
          </ThemeIcon>
          <Title order={1} fz={22}>
            {t('done.title')}
          </Title>
          <Text>{thanks}</Text>
          <Text c="dimmed" fz="sm">
            {t('done.reference')}
          </Text>
          <Text fw={700} fz={24} dir="ltr" data-testid="admission-reference">
            {reference}
          </Text>
          <Text c="dimmed" fz="sm">
            {t('done.keep')}
          </Text>
        </Stack>
      </Paper>
    );

  const problemText = (key: string): string | undefined =>
    serverErrors[key] ?? (problems[key] ? t(`check.${problems[key]}`) : undefined);

  const renderField = (field: FormField) => {
    const label = localized(field.label, language);
    const help = localized(field.help, language);
    const common = {
      id: `field-${field.key}`,
      label,
      description: help || undefined,
      required: field.required,
      error: problemText(field.key),
    };
    const value = answers[field.key];
    const text = typeof value === 'string' ? value : '';
    const options = field.options.map((o) => ({ value: o.value, label: localized(o.label, language) }));
    if (CLASS_KEYS.has(field.key) && classes.length > 0)
      return (
        <Select
          key={field.key}
          {...common}
          placeholder={t('form.choose')}
          data={classes.map((c) => ({ value: c._id, label: c.age_range ? `${c.name} (${c.age_range})` : c.name }))}
          value={text || null}
          onChange={(v) => set(field.key, v ?? '')}
          clearable={!field.required}
        />
      );
    if (SOURCE_KEYS.has(field.key) && field.type === 'select' && options.length === 0)
      return (
        <Select
          key={field.key}
          {...common}
          placeholder={t('form.choose')}
          data={ADMISSION_SOURCES.map((s) => ({ value: s, label: t(`sources.${s}`) }))}
          value={text || null}
          onChange={(v) => set(field.key, v ?? '')}
        />
      );
    switch (field.type) {
      case 'textarea':
        return (
          <Textarea
            key={field.key}
            {...common}
            autosize
            minRows={3}
            maxLength={5000}
            value={text}
            onChange={(e) => set(field.key, e.currentTarget.value)}
          />
        );
      case 'email':
        return (
          <TextInput
            key={field.key}
            {...common}
            type="email"
            autoComplete={field.key === 'parent_email' ? 'email' : undefined}
            dir="ltr"
            value={text}
            onChange={(e) => set(field.key, e.currentTarget.value)}
          />
        );
      case 'phone':
        return (
          <TextInput
            key={field.key}
            {...common}
            type="tel"
            inputMode="numeric"
            autoComplete={field.key === 'parent_phone' ? 'tel-national' : undefined}
            placeholder={t('form.phonePlaceholder')}
            dir="ltr"
            maxLength={14}
            value={text}
            onChange={(e) => set(field.key, e.currentTarget.value)}
          />
        );
      case 'date':
        return (
          <TextInput
            key={field.key}
            {...common}
            placeholder={t('form.datePlaceholder')}
            inputMode="numeric"
            dir="ltr"
            maxLength={10}
            value={text}
            onChange={(e) => set(field.key, e.currentTarget.value)}
          />
        );
      case 'number':
        return (
          <TextInput
            key={field.key}
            {...common}
            inputMode="decimal"
            dir="ltr"
            value={text}
            onChange={(e) => set(field.key, e.currentTarget.value)}
          />
        );
      case 'select':
        return (
          <Select
            key={field.key}
            {...common}
            placeholder={t('form.choose')}
            data={options}
            value={text || null}
            onChange={(v) => set(field.key, v ?? '')}
            clearable={!field.required}
          />
        );
      case 'multiselect':
        return (
          <MultiSelect
            key={field.key}
            {...common}
            placeholder={t('form.chooseMany')}
            data={options}
            value={Array.isArray(value) ? value : []}
            onChange={(v) => set(field.key, v)}
          />
        );
      case 'checkbox':
        return (
          <Checkbox
            key={field.key}
            id={common.id}
            label={label}
            description={common.description}
            error={common.error}
            checked={value === true}
            onChange={(e) => set(field.key, e.currentTarget.checked)}
          />
        );
      case 'file':
        return (
          <FileField
            key={field.key}
            schoolId={schoolId}
            field={field}
            label={label}
            help={help}
            files={files[field.key] ?? []}
            error={problemText(field.key)}
            onChange={(list) => {
              setFiles((f) => ({ ...f, [field.key]: list }));
              setProblems(({ [field.key]: _, ...rest }) => rest);
              setServerErrors(({ [field.key]: _, ...rest }) => rest);
            }}
          />
        );
      default:
        return (
          <TextInput
            key={field.key}
            {...common}
            maxLength={500}
            autoComplete={field.key.endsWith('first_name') && field.key.startsWith('parent') ? 'given-name' : undefined}
            value={text}
            onChange={(e) => set(field.key, e.currentTarget.value)}
          />
        );
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="admission-title">
      <Stack gap="md">
        <Box>
          <Title order={1} fz={{ base: 24, sm: 28 }} id="admission-title">
            {title}
          </Title>
          {localized(form.intro, language) && (
            <Text c="dimmed" mt={6} style={{ whiteSpace: 'pre-line' }}>
              {localized(form.intro, language)}
            </Text>
          )}
          <Text fz="xs" c="dimmed" mt={6}>
            {t('form.requiredNote')}
          </Text>
        </Box>
        {form.sections.map((section) => (
          <Paper
            key={section.id}
            withBorder
            radius="lg"
            p={{ base: 'md', sm: 'lg' }}
            component="fieldset"
            style={{ minInlineSize: 0 }}
          >
            <Title order={2} fz="lg" component="legend" px={4}>
              {localized(section.title, language)}
            </Title>
            <Stack gap="md" mt="xs">
              {section.fields.map(renderField)}
            </Stack>
          </Paper>
        ))}
        {askPlace && (
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="fieldset" style={{ minInlineSize: 0 }}>
            <Title order={2} fz="lg" component="legend" px={4}>
              {t('place.title')}
            </Title>
            <Stack gap="md" mt="xs">
              <Select
                id="place-class"
                label={t('place.class')}
                placeholder={t('form.choose')}
                data={classes.map((c) => ({ value: c._id, label: c.age_range ? `${c.name} (${c.age_range})` : c.name }))}
                value={place.classId || null}
                onChange={(v) => setPlace((p) => ({ ...p, classId: v ?? '' }))}
                clearable
              />
              <TextInput
                id="place-start"
                label={t('place.start')}
                placeholder={t('form.datePlaceholder')}
                inputMode="numeric"
                dir="ltr"
                maxLength={10}
                value={place.start}
                error={placeError ?? undefined}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setPlace((p) => ({ ...p, start: value }));
                  setPlaceError(null);
                }}
              />
            </Stack>
          </Paper>
        )}
        {/* Robots fill every input they find; people never see this one (its answer is thrown away). */}
        <Box
          style={{ position: 'absolute', insetInlineStart: -10000, width: 1, height: 1, overflow: 'hidden' }}
          aria-hidden="true"
        >
          <label htmlFor="admission-website">Website</label>
          <input
            id="admission-website"
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={website}
            onChange={(e) => setWebsite(e.currentTarget.value)}
          />
        </Box>
        {error && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={20} aria-hidden />}
            role="alert"
            data-testid="form-error"
          >
            {error}
          </Alert>
        )}
        <Button type="submit" size="lg" loading={sending} fullWidth data-testid="submit-admission">
          {kind === 'enquiry' ? t('form.sendEnquiry') : t('form.sendApplication')}
        </Button>
      </Stack>
    </form>
  );
}

/** /public/admissions/:schoolId/:kind: a school's enquiry or application form (no sign-in). */
export default function PublicAdmissionPage() {
  const { t } = useTranslation(PUBLIC_FORMS_NS);
  const { schoolId = '', kind: asked = '' } = useParams();
  const kind: AdmissionFormKind | null = asked === 'enquiry' || asked === 'application' ? asked : null;
  const query = useQuery({
    queryKey: ['public', 'admissions', schoolId, kind],
    queryFn: ({ signal }) =>
      apiResult(ROUTES.publicAdmissionForm, { signal, params: { school_id: schoolId, kind: kind ?? 'enquiry' } }),
    enabled: !!kind,
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
  const notFound = !kind || (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400));
  if (notFound)
    return (
      <Frame>
        <Message
          icon={<IconAlertTriangle size={30} aria-hidden />}
          color="gray"
          title={t('notFound.title')}
          text={t('notFound.text')}
        />
      </Frame>
    );
  if (query.error)
    return (
      <Frame>
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} title={errorText(query.error)}>
          <Button size="xs" variant="white" color="red" mt="xs" onClick={() => void query.refetch()}>
            {t('form.retry')}
          </Button>
        </Alert>
      </Frame>
    );
  if (!query.data)
    return (
      <Frame>
        <Skeleton height={40} radius="md" />
        <Skeleton height={320} radius="lg" />
      </Frame>
    );
  return (
    <Frame data={query.data}>
      {query.data.form.open ? (
        <TheForm schoolId={schoolId} kind={kind} data={query.data} />
      ) : (
        <Message
          icon={<IconAlertTriangle size={30} aria-hidden />}
          color="orange"
          title={t('closed.title')}
          text={t('closed.text')}
        />
      )}
    </Frame>
  );
}
