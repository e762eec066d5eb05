import { PAGE_PATHS } from '@cue/contract';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Timeline,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowRight,
  IconCalendarPlus,
  IconDownload,
  IconMail,
  IconPhone,
  IconUserCheck,
} from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SoftBadge } from '../../../components/SoftBadge';
import { errorText, toast } from '../../../lib/notify';
import { AuditHistory } from '../../academic/components/AuditHistory';
import { Page } from '../../communication/components/Page';
import { showDay } from '../../planning/planFormat';
import { Gate } from '../../shell/pages/Gate';
import { HIRING_NS, managementNeed } from '../i18n';
import { downloadCv, hiringText, type JobApplication, type JobInterview, useAddNote, useApplication } from './api-hiring';
import { HireDialog, STAFF_PAGE } from './HireDialog';
import { fileSize, paragraphsOf, STAGE_COLORS } from './hiringFormat';
import { InterviewDialog } from './InterviewDialog';
import { CancelInterview, InterviewCard } from './InterviewsTab';
import { MoveStageDialog } from './MoveStageDialog';

const when = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

function Section({ title, children, actions }: { title: string; children: React.ReactNode; actions?: React.ReactNode }) {
  // Not from the title: an Arabic or Hebrew title has no word characters to make an id of.
  const id = useId();
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={id}>
      <Group justify="space-between" gap="sm" mb="sm" wrap="wrap">
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}

function Notes({ application }: { application: JobApplication }) {
  const { t, i18n } = useTranslation(HIRING_NS);
  const add = useAddNote();
  const [body, setBody] = useState('');
  const submit = () => {
    if (!body.trim()) return;
    add.mutate(
      { id: application._id, body: body.trim() },
      {
        onSuccess: (answer) => {
          toast.success(hiringText(answer.message) || t('messages.noteAdded'));
          setBody('');
        },
        onError: (err) => toast.error(errorText(err)),
      },
    );
  };
  return (
    <Section title={t('application.notes')}>
      <Stack gap="sm">
        {application.notes.length === 0 && (
          <Text fz="sm" c="dimmed">
            {t('application.noNotes')}
          </Text>
        )}
        {application.notes.map((n) => (
          <Stack key={n._id} gap={2} data-testid="note">
            <Text fz="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {n.body}
            </Text>
            <Text fz="xs" c="dimmed">
              {t('application.byAt', { name: n.author.name, when: when(n.created_at, i18n.language) })}
            </Text>
          </Stack>
        ))}
        {application.abilities.edit && (
          <Stack gap="xs">
            <Textarea
              label={t('application.newNote')}
              value={body}
              onChange={(e) => setBody(e.currentTarget.value)}
              autosize
              minRows={2}
              maxLength={4000}
            />
            <Group justify="flex-end">
              <Button onClick={submit} loading={add.isPending} disabled={!body.trim()} variant="light">
                {t('application.addNote')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Section>
  );
}

function History({ application }: { application: JobApplication }) {
  const { t, i18n } = useTranslation(HIRING_NS);
  return (
    <Section title={t('application.history')}>
      <Timeline bulletSize={14} lineWidth={2}>
        {application.history.map((h) => (
          <Timeline.Item
            key={`${h.at}-${h.to}`}
            title={
              h.from
                ? t('application.movedFromTo', { from: t(`stages.${h.from}`), to: t(`stages.${h.to}`) })
                : t('application.received', { stage: t(`stages.${h.to}`) })
            }
          >
            {h.note && (
              <Text fz="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {h.note}
              </Text>
            )}
            <Text fz="xs" c="dimmed">
              {t('application.byAt', { name: h.by?.name ?? t('application.applicant'), when: when(h.at, i18n.language) })}
              {h.email_sent ? ` · ${t('application.emailSent')}` : ''}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Section>
  );
}

function Body() {
  const { t, i18n } = useTranslation(HIRING_NS);
  const { id = '' } = useParams();
  const query = useApplication(id);
  const [dialog, setDialog] = useState<'move' | 'interview' | 'hire' | null>(null);
  const [cancelling, setCancelling] = useState<JobInterview | null>(null);
  const [editing, setEditing] = useState<JobInterview | null>(null);
  const [downloading, setDownloading] = useState(false);
  const application = query.data;

  if (query.isPending) {
    return (
      <Page title={t('application.loading')}>
        <Stack gap="md" aria-busy="true">
          <Skeleton height={80} radius="lg" />
          <Skeleton height={200} radius="lg" />
        </Stack>
      </Page>
    );
  }
  if (!application) {
    return (
      <Page title={t('application.notFound')}>
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />}>
          <Stack gap="xs">
            <Text fz="sm">{errorText(query.error)}</Text>
            <Anchor component={Link} to={`${PAGE_PATHS.hiring}?tab=applicants`} fz="sm">
              {t('application.back')}
            </Anchor>
          </Stack>
        </Alert>
      </Page>
    );
  }

  const movable = application.next_stages.filter((s) => s !== 'hired');
  const download = async () => {
    setDownloading(true);
    try {
      await downloadCv(application);
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Page
      title={application.name}
      description={t('application.for', { opening: application.opening.name })}
      actions={
        <Group gap="sm" wrap="wrap">
          {application.abilities.edit && movable.length > 0 && (
            <Button variant="default" leftSection={<IconArrowRight size={16} aria-hidden />} onClick={() => setDialog('move')}>
              {t('application.move')}
            </Button>
          )}
          {application.abilities.hire && (
            <Button
              color="teal"
              leftSection={<IconUserCheck size={16} aria-hidden />}
              onClick={() => setDialog('hire')}
              data-testid="hire"
            >
              {t('application.hire')}
            </Button>
          )}
          <AuditHistory entityType="job_application" entityId={application._id} />
        </Group>
      }
    >
      <Stack gap="md">
        <Group gap="sm" wrap="wrap">
          <SoftBadge color={STAGE_COLORS[application.stage]} data-testid="application-stage" data-status={application.stage}>
            {t(`stages.${application.stage}`)}
          </SoftBadge>
          <Text fz="sm" c="dimmed">
            {t('application.appliedOn', { when: when(application.created_at, i18n.language) })}
          </Text>
          <Anchor component={Link} to={`${PAGE_PATHS.hiring}?tab=applicants`} fz="sm">
            {t('application.back')}
          </Anchor>
        </Group>
        {application.staff && (
          <Alert color="teal" variant="light" icon={<IconUserCheck size={20} aria-hidden />}>
            <Text fz="sm">
              {t('application.hiredAs', { name: application.staff.name })}{' '}
              <Anchor component={Link} to={STAFF_PAGE}>
                {t('application.staffPage')}
              </Anchor>
            </Text>
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Section title={t('application.contact')}>
            <Stack gap="xs">
              <Group gap="xs" wrap="nowrap">
                <IconMail size={16} aria-hidden />
                <Anchor href={`mailto:${application.email}`} fz="sm" style={{ wordBreak: 'break-all' }}>
                  {application.email}
                </Anchor>
              </Group>
              {application.phone && (
                <Group gap="xs" wrap="nowrap">
                  <IconPhone size={16} aria-hidden />
                  <Anchor href={`tel:${application.phone}`} fz="sm" dir="ltr">
                    {application.phone}
                  </Anchor>
                </Group>
              )}
              <Text fz="sm" c="dimmed">
                {t('application.language', { language: t(`languages.${application.language}`) })}
              </Text>
            </Stack>
          </Section>
          <Section title={t('application.cv')}>
            {application.cv ? (
              <Group justify="space-between" gap="sm" wrap="wrap">
                <Text fz="sm" style={{ wordBreak: 'break-all' }}>
                  {application.cv.name} · {fileSize(application.cv.size, i18n.language)}
                </Text>
                <Button
                  variant="light"
                  leftSection={<IconDownload size={16} aria-hidden />}
                  onClick={() => void download()}
                  loading={downloading}
                  // The visible words are the button's name (speech input says what it sees); whose CV it
                  // is comes as the description.
                  aria-describedby="download-cv-of"
                >
                  {t('application.downloadCv')}
                </Button>
                <VisuallyHidden id="download-cv-of">{t('application.downloadCvOf', { name: application.name })}</VisuallyHidden>
              </Group>
            ) : (
              <Text fz="sm" c="dimmed">
                {t('application.noCv')}
              </Text>
            )}
          </Section>
        </SimpleGrid>
        <Section title={t('application.coverLetter')}>
          {application.cover_letter.trim() ? (
            <Stack gap="xs">
              {paragraphsOf(application.cover_letter).map((lines, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a text that does not change here.
                <Text key={i} fz="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {lines.join('\n')}
                </Text>
              ))}
            </Stack>
          ) : (
            <Text fz="sm" c="dimmed">
              {t('application.noCoverLetter')}
            </Text>
          )}
        </Section>
        <Section
          title={t('application.interviews')}
          actions={
            application.abilities.edit && application.stage !== 'hired' && application.stage !== 'rejected' ? (
              <Button
                variant="light"
                leftSection={<IconCalendarPlus size={16} aria-hidden />}
                onClick={() => setDialog('interview')}
              >
                {t('application.schedule')}
              </Button>
            ) : undefined
          }
        >
          {application.interviews.length === 0 ? (
            <Text fz="sm" c="dimmed">
              {t('application.noInterviews')}
            </Text>
          ) : (
            <Stack gap="xs">
              {application.interviews.map((x) => (
                <Stack key={x._id} gap={4}>
                  <Text fz="xs" fw={600} c="dimmed">
                    {showDay(x.date, i18n.language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}
                  </Text>
                  <InterviewCard interview={x} onCancel={() => setCancelling(x)} />
                  {x.abilities.edit && !x.cancelled && (
                    <Group justify="flex-end">
                      <Button size="xs" variant="subtle" onClick={() => setEditing(x)}>
                        {t('application.editInterview')}
                      </Button>
                    </Group>
                  )}
                </Stack>
              ))}
            </Stack>
          )}
        </Section>
        <Notes application={application} />
        <History application={application} />
      </Stack>
      {dialog === 'move' && <MoveStageDialog application={application} stages={movable} onClose={() => setDialog(null)} />}
      {dialog === 'interview' && (
        <InterviewDialog applicationId={application._id} applicantName={application.name} onClose={() => setDialog(null)} />
      )}
      {editing && (
        <InterviewDialog
          applicationId={application._id}
          applicantName={application.name}
          interview={editing}
          onClose={() => setEditing(null)}
        />
      )}
      {dialog === 'hire' && <HireDialog application={application} onClose={() => setDialog(null)} />}
      {cancelling && <CancelInterview interview={cancelling} onClose={() => setCancelling(null)} />}
    </Page>
  );
}

/** /admin/management-setup/hiring/applications/:id: one applicant: CV, notes, interviews, stage and the hire. */
export default function JobApplicationPage() {
  return (
    <Gate need={managementNeed('management-setup.hiring')}>
      <Body />
    </Gate>
  );
}
