import { type AdmissionStage, PAGE_PATHS, pagePath, ROUTES } from '@cue/contract';
import {
  Alert,
  Anchor,
  Button,
  FileButton,
  Grid,
  Group,
  Menu,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowRight,
  IconChevronDown,
  IconDownload,
  IconMail,
  IconPencil,
  IconSchool,
  IconUpload,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SoftBadge } from '../../../components/SoftBadge';
import { errorText, toast } from '../../../lib/notify';
import { AuditHistory } from '../../academic/components/AuditHistory';
import { downloadFile } from '../../admin/download';
import { Page } from '../../communication/components/Page';
import { ltr, showDay } from '../../planning/planFormat';
import { Gate } from '../../shell/pages/Gate';
import { ADMISSIONS_NS, managementNeed } from '../i18n';
import { StageBadge, useAgeText } from './AdmissionsPage';
import { type Admission, admissionText, useAddDocument, useAddNote, useAdmission } from './api';
import { DetailsDialog } from './DetailsDialog';
import { EnrolDialog } from './EnrolDialog';
import { MoveDialog } from './MoveDialog';

const when = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));

function Section({
  title,
  actions,
  children,
  testId,
}: {
  title: string;
  actions?: React.ReactNode;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={title} data-testid={testId}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}

/** The child, the parent who asked and what they asked for. */
function Family({ a, onEdit }: { a: Admission; onEdit: () => void }) {
  const { t, i18n } = useTranslation(ADMISSIONS_NS);
  const age = useAgeText()(a.child_date_of_birth);
  const rows: [string, string][] = [
    [
      t('details.dateOfBirth'),
      a.child_date_of_birth ? `${showDay(a.child_date_of_birth, i18n.language)}${age ? ` (${age})` : ''}` : '—',
    ],
    [t('details.parent'), a.parent_name],
    [t('details.email'), a.parent_email ?? '—'],
    [t('details.phone'), a.parent_phone ?? '—'],
    [t('details.language'), t(`languages.${a.language}`)],
    [t('details.desiredClass'), a.desired_class?.name ?? '—'],
    [t('details.desiredStart'), a.desired_start ? showDay(a.desired_start, i18n.language) : '—'],
    ...(a.visit_date
      ? ([[t('application.visit'), `${showDay(a.visit_date, i18n.language)} ${a.visit_time ? ltr(a.visit_time) : ''}`]] as [
          string,
          string,
        ][])
      : []),
  ];
  return (
    <Section
      title={t('application.family')}
      actions={
        a.abilities.edit && (
          <Button size="xs" variant="default" leftSection={<IconPencil size={14} aria-hidden />} onClick={onEdit}>
            {t('application.edit')}
          </Button>
        )
      }
    >
      <Table variant="vertical" layout="fixed" withRowBorders={false}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={150} fw={500} c="dimmed">
                {label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

function Answers({ a }: { a: Admission }) {
  const { t } = useTranslation(ADMISSIONS_NS);
  const sections = [...new Set(a.answers.map((x) => x.section))];
  return (
    <Section title={t('application.answers')} testId="admission-answers">
      {a.answers.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('application.noAnswers')}
        </Text>
      ) : (
        <Stack gap="sm">
          {sections.map((s) => (
            <Stack key={s} gap={4}>
              <Text fw={700} fz="sm">
                {s}
              </Text>
              {a.answers
                .filter((x) => x.section === s)
                .map((x) => (
                  <Group key={x.key} gap="xs" align="flex-start" wrap="nowrap">
                    <Text fz="sm" c="dimmed" w={180} style={{ flexShrink: 0 }}>
                      {x.label}
                    </Text>
                    <Text fz="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                      {x.value || '—'}
                    </Text>
                  </Group>
                ))}
            </Stack>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function Documents({ a }: { a: Admission }) {
  const { t, i18n } = useTranslation(ADMISSIONS_NS);
  const add = useAddDocument(a._id);
  const [progress, setProgress] = useState<number | null>(null);
  const size = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });
  const upload = (file: File | null) => {
    if (!file) return;
    setProgress(0);
    add.mutate(
      { file, onProgress: (f) => setProgress(Math.round(f * 100)) },
      {
        onSuccess: (answer) => toast.success(admissionText(answer.message) || t('messages.documentAdded')),
        onError: (err) => toast.error(errorText(err)),
        onSettled: () => setProgress(null),
      },
    );
  };
  const download = (id: string, name: string) =>
    downloadFile(ROUTES.admissionDocumentFile, name, { params: { id } }).catch((err) => toast.error(errorText(err)));
  return (
    <Section
      title={t('application.documents')}
      testId="admission-documents"
      actions={
        <FileButton onChange={upload} accept="application/pdf,image/jpeg,image/png,image/heic,.docx">
          {(props) => (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconUpload size={14} aria-hidden />}
              loading={add.isPending}
              {...props}
            >
              {t('application.addDocument')}
            </Button>
          )}
        </FileButton>
      }
    >
      {progress !== null && <Progress value={progress} mb="sm" aria-label={t('application.uploading')} />}
      {a.documents_list.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('application.noDocuments')}
        </Text>
      ) : (
        <Stack gap="xs">
          {a.documents_list.map((d) => (
            <Group key={d._id} justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0} miw={0}>
                <Text fz="sm" fw={600} truncate>
                  {d.label}
                </Text>
                <Text fz="xs" c="dimmed" truncate>
                  {[
                    d.name,
                    size.format(Math.max(1, Math.round(d.size / 1024))),
                    when(d.received_at, i18n.language),
                    d.added_by?.name ?? t('application.fromFamily'),
                  ].join(' · ')}
                </Text>
              </Stack>
              <Button
                size="xs"
                variant="subtle"
                leftSection={<IconDownload size={14} aria-hidden />}
                onClick={() => download(d._id, d.name)}
                aria-label={t('application.download', { name: d.name })}
              >
                {t('application.downloadShort')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function Notes({ a }: { a: Admission }) {
  const { t, i18n } = useTranslation(ADMISSIONS_NS);
  const add = useAddNote();
  const [body, setBody] = useState('');
  const submit = () => {
    if (!body.trim()) return;
    add.mutate(
      { id: a._id, body: body.trim() },
      {
        onSuccess: (answer) => {
          toast.success(admissionText(answer.message) || t('messages.noteAdded'));
          setBody('');
        },
        onError: (err) => toast.error(errorText(err)),
      },
    );
  };
  return (
    <Section title={t('application.notes')} testId="admission-notes">
      <Stack gap="sm">
        {a.notes_list.map((n) => (
          <Paper key={n._id} bg="var(--mantine-color-default-hover)" radius="md" p="sm">
            <Text fz="sm" style={{ whiteSpace: 'pre-line' }}>
              {n.body}
            </Text>
            <Text fz="xs" c="dimmed" mt={4}>
              {t('application.by', { name: n.author.name, when: when(n.created_at, i18n.language) })}
            </Text>
          </Paper>
        ))}
        <Textarea
          label={t('application.newNote')}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={4000}
        />
        <Button size="xs" w="fit-content" onClick={submit} loading={add.isPending} disabled={!body.trim()}>
          {t('application.addNote')}
        </Button>
      </Stack>
    </Section>
  );
}

function History({ a }: { a: Admission }) {
  const { t, i18n } = useTranslation(ADMISSIONS_NS);
  return (
    <Section title={t('application.history')} testId="admission-history">
      <Timeline bulletSize={14} lineWidth={2} active={a.history.length}>
        {a.history.map((h) => (
          <Timeline.Item
            key={`${h.at}-${h.to}`}
            title={
              h.from ? t('application.moved', { from: t(`stages.${h.from}`), to: t(`stages.${h.to}`) }) : t(`stages.${h.to}`)
            }
          >
            <Text fz="xs" c="dimmed">
              {h.by ? t('application.by', { name: h.by.name, when: when(h.at, i18n.language) }) : when(h.at, i18n.language)}
            </Text>
            {h.note && (
              <Text fz="sm" style={{ whiteSpace: 'pre-line' }}>
                {h.note}
              </Text>
            )}
            {h.email_sent && (
              <Group gap={4} mt={2}>
                <IconMail size={14} aria-hidden />
                <Text fz="xs">{t('application.emailSent')}</Text>
              </Group>
            )}
          </Timeline.Item>
        ))}
      </Timeline>
    </Section>
  );
}

function Body() {
  const { t } = useTranslation(ADMISSIONS_NS);
  const { id = '' } = useParams();
  const query = useAdmission(id);
  const [moving, setMoving] = useState<AdmissionStage | null>(null);
  const [editing, setEditing] = useState(false);
  const [enrolling, setEnrolling] = useState(false);
  const a = query.data;
  const back = (
    <Anchor component={Link} to={PAGE_PATHS.admissions} fz="sm">
      {t('application.back')}
    </Anchor>
  );
  if (query.error && !a)
    return (
      <Page title={t('page.title')}>
        {back}
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} title={errorText(query.error)}>
          <Button size="xs" variant="white" color="red" mt="xs" onClick={() => void query.refetch()}>
            {t('board.retry')}
          </Button>
        </Alert>
      </Page>
    );
  if (!a)
    return (
      <Page title={t('page.title')}>
        <Skeleton height={320} radius="lg" />
      </Page>
    );
  const moves = a.next_stages.filter((s) => s !== 'enrolled');
  return (
    <Page
      title={a.child_name}
      actions={
        <>
          {a.abilities.edit && moves.length > 0 && (
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="default" rightSection={<IconChevronDown size={16} aria-hidden />} data-testid="move-menu">
                  {t('application.move')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {moves.map((s) => (
                  <Menu.Item key={s} leftSection={<IconArrowRight size={14} aria-hidden />} onClick={() => setMoving(s)}>
                    {t('board.moveToStage', { stage: t(`stages.${s}`) })}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
          {a.abilities.enrol && (
            <Button leftSection={<IconSchool size={16} aria-hidden />} onClick={() => setEnrolling(true)} data-testid="enrol">
              {t('application.enrol')}
            </Button>
          )}
          <AuditHistory entityType="admission_application" entityId={a._id} />
        </>
      }
    >
      <Stack gap="xs" mt={-12}>
        {back}
        <Group gap="xs" wrap="wrap">
          <Text fz="sm" c="dimmed" dir="ltr" data-testid="admission-reference">
            {a.reference}
          </Text>
          <StageBadge stage={a.stage} />
          <SoftBadge color="gray">{t(`sources.${a.source}`)}</SoftBadge>
          <SoftBadge color="gray">{t(`kinds.${a.kind}`)}</SoftBadge>
        </Group>
        {a.student && (
          <Alert color="green" variant="light">
            <Anchor component={Link} to={pagePath.childRecord(a.student._id)} fw={600}>
              {t('enrol.openRecord', { name: a.student.name })}
            </Anchor>
          </Alert>
        )}
      </Stack>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Family a={a} onEdit={() => setEditing(true)} />
            <Answers a={a} />
            <Documents a={a} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Notes a={a} />
            <History a={a} />
          </Stack>
        </Grid.Col>
      </Grid>
      {moving && <MoveDialog application={a} stage={moving} onClose={() => setMoving(null)} />}
      {editing && <DetailsDialog application={a} onClose={() => setEditing(false)} />}
      {enrolling && <EnrolDialog application={a} onClose={() => setEnrolling(false)} />}
    </Page>
  );
}

/** /admin/management-setup/admissions/:id: one application: answers, documents, notes, history, stage and enrolment. */
export default function AdmissionPage() {
  return (
    <Gate need={managementNeed('management-setup.admissions')}>
      <Body />
    </Gate>
  );
}
