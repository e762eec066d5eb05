import { ERROR_CODES, type Language, pagePath, publicJobApplicationSchema } from '@cue/contract';
import { Alert, Anchor, Box, Button, FileButton, Group, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconMapPin, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useContractForm } from '../../../components/form/useContractForm';
import { UploadProgress } from '../../../components/UploadProgress';
import { ApiError } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { errorText } from '../../../lib/notify';
import { showDay } from '../../planning/planFormat';
import { hiringText, uploadPublicCv, useApply, usePublicJob } from '../hiring/api-hiring';
import { CV_ACCEPT, cvProblem, fileSize, paragraphsOf } from '../hiring/hiringFormat';
import { HIRING_NS } from '../i18n';
import { PublicJobFrame } from './PublicJobFrame';

interface CvState {
  name: string;
  size: number;
  percent: number;
  id: string | null;
  failed: boolean;
}

/** The application form: names, email, phone, cover letter, the CV (uploaded first), the hidden honeypot. */
function ApplyForm({
  schoolId,
  jobId,
  onDone,
  onClosed,
}: {
  schoolId: string;
  jobId: string;
  onDone: (reference: string) => void;
  onClosed: () => void;
}) {
  const { t, i18n } = useTranslation(HIRING_NS);
  const apply = useApply(schoolId, jobId);
  const [cv, setCv] = useState<CvState | null>(null);
  const [cvError, setCvError] = useState<string | null>(null);
  const upload = useRef<AbortController | null>(null);
  const form = useContractForm({
    schema: publicJobApplicationSchema,
    initialValues: { first_name: '', last_name: '', email: '', phone: '', cover_letter: '', cv_id: '', website: '' },
    toBody: (v) => ({ ...v, phone: v.phone.trim() || undefined, language: currentLanguage() as Language }),
    messages: {
      first_name: t('public.firstNameNeeded'),
      email: t('public.emailNeeded'),
      phone: t('public.phoneBad'),
      cv_id: t('messages.cvRequired'),
    },
  });

  const choose = async (file: File | null) => {
    if (!file) return;
    setCvError(null);
    const problem = cvProblem(file);
    if (problem) {
      setCvError(t(`public.${problem}`));
      return;
    }
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    setCv({ name: file.name, size: file.size, percent: 0, id: null, failed: false });
    form.setFieldValue('cv_id', '');
    try {
      const answer = await uploadPublicCv(
        schoolId,
        jobId,
        file,
        (p) => setCv((c) => (c ? { ...c, percent: p.percent } : c)),
        controller.signal,
      );
      setCv((c) => (c ? { ...c, percent: 100, id: answer.result._id } : c));
      form.setFieldValue('cv_id', answer.result._id);
      form.clearFieldError('cv_id');
    } catch (err) {
      if (controller.signal.aborted) return;
      setCv((c) => (c ? { ...c, failed: true } : c));
      setCvError(hiringText(err instanceof ApiError ? err.message : null) || errorText(err));
    }
  };

  const remove = () => {
    upload.current?.abort();
    setCv(null);
    setCvError(null);
    form.setFieldValue('cv_id', '');
  };

  const submit = form.submitWith((body) => apply.mutateAsync(body), {
    onSuccess: (answer) => onDone((answer as { result: { reference: string } }).result.reference),
    onError: (err) => {
      if (err instanceof ApiError && (err.code === ERROR_CODES.formClosed || err.code === ERROR_CODES.notFound)) onClosed();
    },
  });
  const uploading = !!cv && !cv.id && !cv.failed;

  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby="apply-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="apply-title">
          {t('public.apply')}
        </Title>
        <Group grow gap="sm" align="flex-start" wrap="wrap">
          <TextInput
            label={t('public.firstName')}
            {...form.getInputProps('first_name')}
            required
            maxLength={60}
            autoComplete="given-name"
            miw={200}
          />
          <TextInput
            label={t('public.lastName')}
            {...form.getInputProps('last_name')}
            maxLength={60}
            autoComplete="family-name"
            miw={200}
          />
        </Group>
        <Group grow gap="sm" align="flex-start" wrap="wrap">
          <TextInput
            label={t('public.email')}
            {...form.getInputProps('email')}
            type="email"
            required
            maxLength={200}
            autoComplete="email"
            miw={200}
          />
          <TextInput
            label={t('public.phone')}
            description={t('public.phoneHint')}
            {...form.getInputProps('phone')}
            type="tel"
            inputMode="tel"
            maxLength={20}
            autoComplete="tel"
            miw={200}
          />
        </Group>
        <Textarea
          label={t('public.coverLetter')}
          description={t('public.coverLetterHint')}
          {...form.getInputProps('cover_letter')}
          autosize
          minRows={5}
          maxRows={16}
          maxLength={10000}
        />
        <Stack gap={6}>
          <Text fz="sm" fw={500} id="cv-label">
            {t('public.cv')}{' '}
            <Text span c="red" aria-hidden>
              *
            </Text>
          </Text>
          <Text fz="xs" c="dimmed" id="cv-hint">
            {t('public.cvHint')}
          </Text>
          {cv ? (
            <Group gap="sm" wrap="nowrap" align="flex-end">
              <Box flex={1} miw={0}>
                <UploadProgress
                  name={`${cv.name} · ${fileSize(cv.size, i18n.language)}`}
                  percent={cv.percent}
                  failed={cv.failed}
                />
              </Box>
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={remove}
                aria-label={t('public.removeCv', { name: cv.name })}
              >
                {t('public.remove')}
              </Button>
            </Group>
          ) : (
            <FileButton onChange={(f) => void choose(f)} accept={[...CV_ACCEPT, '.pdf', '.doc', '.docx'].join(',')}>
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconPaperclip size={16} aria-hidden />}
                  aria-describedby="cv-hint"
                  w="fit-content"
                  data-testid="choose-cv"
                >
                  {t('public.chooseCv')}
                </Button>
              )}
            </FileButton>
          )}
          {(cvError || form.errors.cv_id) && (
            <Text fz="sm" c="red" role="alert">
              {cvError || form.errors.cv_id}
            </Text>
          )}
        </Stack>
        {/* Left empty by people; a program filling every field gives itself away (no captcha). */}
        <Box aria-hidden style={{ position: 'absolute', insetInlineStart: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
          <label>
            Website
            <input type="text" tabIndex={-1} autoComplete="off" {...form.getInputProps('website')} />
          </label>
        </Box>
        {form.error && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} data-testid="form-error">
            {hiringText(form.error) || form.error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={form.pending} disabled={uploading} size="md">
            {t('public.send')}
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}

/** /public/jobs/:schoolId/:id: a job and its application form (no sign-in). */
export default function PublicJobPage() {
  const { t, i18n } = useTranslation(HIRING_NS);
  const { schoolId = '', id = '' } = useParams();
  const query = usePublicJob(schoolId, id);
  const [reference, setReference] = useState<string | null>(null);
  const [closed, setClosed] = useState(false);
  const data = query.data;
  // An unknown or closed job, or an address that is no job at all (refused as invalid), is no longer open.
  const gone = closed || (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400));
  const back = (
    <Anchor component={Link} to={pagePath.publicJobs(schoolId)} fz="sm">
      {t('public.allJobs')}
    </Anchor>
  );

  if (query.isPending) {
    return (
      <PublicJobFrame school={null} title={t('public.jobTitle')}>
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={24} radius="md" />
          <Skeleton height={120} radius="md" />
        </Stack>
      </PublicJobFrame>
    );
  }
  if (gone || !data) {
    return (
      <PublicJobFrame school={data?.school ?? null} title={gone ? t('public.closedTitle') : t('public.jobTitle')}>
        <Stack gap="sm" data-testid="job-closed">
          <Text>{gone ? t('public.closedText') : errorText(query.error)}</Text>
          {back}
        </Stack>
      </PublicJobFrame>
    );
  }
  const { job, school } = data;
  if (reference) {
    return (
      <PublicJobFrame school={school} title={t('public.thanksTitle')}>
        <Stack gap="sm" data-testid="application-sent" role="status">
          <Group gap="sm" wrap="nowrap">
            <IconCircleCheck size={28} color="var(--mantine-color-teal-7)" aria-hidden />
            <Text fw={600}>{t('messages.applied')}</Text>
          </Group>
          <Text>{t('public.thanksText', { title: job.title, school: school.name })}</Text>
          <Text>
            {t('public.reference')}{' '}
            <Text span fw={700} dir="ltr" data-testid="reference">
              {reference}
            </Text>
          </Text>
          {back}
        </Stack>
      </PublicJobFrame>
    );
  }

  return (
    <PublicJobFrame school={school} title={job.title}>
      <Group gap="md" wrap="wrap">
        <Text fz="sm" fw={600}>
          {t(`types.${job.employment_type}`)}
        </Text>
        {job.location && (
          <Group gap={4} wrap="nowrap">
            <IconMapPin size={14} aria-hidden />
            <Text fz="sm">{job.location}</Text>
          </Group>
        )}
        {job.closes_on && (
          <Text fz="sm" c="dimmed">
            {t('public.closesOn', { day: showDay(job.closes_on, i18n.language) })}
          </Text>
        )}
      </Group>
      {back}
      <Stack gap="xs" data-testid="job-description">
        {paragraphsOf(job.description).map((lines, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs of a text that does not change here.
          <Text key={i} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {lines.join('\n')}
          </Text>
        ))}
      </Stack>
      <ApplyForm schoolId={schoolId} jobId={id} onDone={setReference} onClosed={() => setClosed(true)} />
    </PublicJobFrame>
  );
}
