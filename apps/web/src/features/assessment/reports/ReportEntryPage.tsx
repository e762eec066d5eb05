import { learningAreaName } from '@cue/contract';
import {
  Alert,
  Avatar,
  Button,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconArrowRight,
  IconCheck,
  IconDeviceFloppy,
  IconDownload,
  IconLock,
  IconSparkles,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SoftBadge } from '../../../components/SoftBadge';
import { toast } from '../../../lib/notify';
import { StatementChips } from '../../academic/components/StatementChips';
import { Page } from '../../communication/components/Page';
import { showDay } from '../../planning/planFormat';
import { Gate } from '../../shell/pages/Gate';
import type { Evidence } from '../api';
import { type ReportEntry, useDraftReportEntry, useReportEntry, useReportSet, useUpdateReportEntry } from '../api-reports';
import { EvidenceList } from '../components/EvidenceList';
import { assessmentErrorText, assessmentMessage, REPORT_CARDS_NS } from '../i18n';
import { LoadError, menuNeed } from './common';
import { commentChanged, dayOfStamp, neighbours, sentenceEvidence } from './reportView';

const NEED = menuNeed('assessment.report-card');

type Comment = ReportEntry['comments'][number];
type AreaEvidence = ReportEntry['evidence'][number];

function ReportEntryBody() {
  const { t } = useTranslation(REPORT_CARDS_NS);
  const { entryId = '' } = useParams();
  const entry = useReportEntry(entryId);
  if (entry.error && !entry.data)
    return (
      <Page title={t('entry.title')}>
        <LoadError error={entry.error} onRetry={() => entry.refetch()} />
      </Page>
    );
  if (!entry.data)
    return (
      <Page title={t('entry.title')}>
        <Skeleton h={320} radius="lg" />
      </Page>
    );
  // A fresh editor per entry: typed text never carries over to the next child.
  return <EntryEditor key={entry.data._id} entry={entry.data} />;
}

/**
 * A child's report: a comment per area (typed, or drafted by Cue from the period's evidence with every
 * sentence linked to its evidence), each signed off by the teacher, the teacher's note, and the
 * area's evidence beside it.
 */
function EntryEditor({ entry }: { entry: ReportEntry }) {
  const { t, i18n } = useTranslation(REPORT_CARDS_NS);
  // Previous points back along the reading direction (right in Arabic and Hebrew).
  const rtl = i18n.dir() === 'rtl';
  const set = useReportSet(entry.set_id);
  const save = useUpdateReportEntry();
  const draft = useDraftReportEntry();
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [note, setNote] = useState<string | undefined>(undefined);
  const editable = entry.abilities.can_edit && entry.status === 'draft';
  const { previous, next } = neighbours(set.data?.entries ?? [], entry._id);
  const changed = entry.comments.filter((c) => commentChanged(c.text, typed[c.area_id]));
  const noteChanged = note !== undefined && note.trim() !== entry.teacher_note.trim();
  const dirty = changed.length > 0 || noteChanged;

  const forget = (areaIds: string[]) =>
    setTyped((s) => Object.fromEntries(Object.entries(s).filter(([id]) => !areaIds.includes(id))));
  const saveAll = () =>
    save.mutate(
      {
        id: entry._id,
        body: {
          ...(changed.length > 0 ? { comments: changed.map((c) => ({ area_id: c.area_id, text: typed[c.area_id] ?? '' })) } : {}),
          ...(noteChanged ? { teacher_note: note } : {}),
        },
      },
      {
        onSuccess: () => {
          toast.success(assessmentMessage('reportSaved'));
          setTyped({});
          setNote(undefined);
        },
        onError: (err) => toast.error(assessmentErrorText(err)),
      },
    );
  const runDraft = (areaIds?: string[]) =>
    draft.mutate(
      { id: entry._id, areaIds },
      {
        onSuccess: () => {
          toast.success(assessmentMessage('reportDrafted'));
          forget(areaIds ?? entry.comments.map((c) => c.area_id));
        },
        onError: (err) => toast.error(assessmentErrorText(err)),
      },
    );
  const signOff = (comment: Comment, on: boolean) => {
    const text = typed[comment.area_id];
    const edited = commentChanged(comment.text, text);
    save.mutate(
      {
        id: entry._id,
        body: {
          // The words signed are the words shown: an unsaved edit of this comment is saved with its sign-off.
          ...(edited ? { comments: [{ area_id: comment.area_id, text: text ?? '' }] } : {}),
          sign_off: { [comment.area_id]: on },
        },
      },
      {
        onSuccess: () => forget([comment.area_id]),
        onError: (err) => toast.error(assessmentErrorText(err)),
      },
    );
  };

  return (
    <Page
      title={t('entry.titleFor', { name: entry.student.name })}
      description={set.data ? `${set.data.class_name} · ${set.data.period_name}` : undefined}
      actions={
        <>
          {entry.pdf_link && (
            <Button
              component="a"
              href={entry.pdf_link}
              target="_blank"
              rel="noopener"
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              data-testid="report-entry-pdf"
            >
              {t('entry.downloadPdf')}
            </Button>
          )}
          {editable && (
            <Button
              variant="light"
              leftSection={<IconSparkles size={16} aria-hidden />}
              onClick={() => runDraft()}
              loading={draft.isPending && !draft.variables?.areaIds}
              disabled={draft.isPending}
              data-testid="report-draft-all"
            >
              {t('entry.draftAll')}
            </Button>
          )}
          {editable && (
            <Button
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              onClick={saveAll}
              disabled={!dirty}
              loading={save.isPending}
              data-testid="report-entry-save"
            >
              {t('entry.save')}
            </Button>
          )}
        </>
      }
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap">
          <Avatar src={entry.student.profile_image} radius="xl" alt="" aria-hidden>
            {entry.student.name.slice(0, 1)}
          </Avatar>
          <Button component={Link} to={`/assessment/report-card/${entry.set_id}`} variant="subtle" px={4}>
            {t('entry.back')}
          </Button>
        </Group>
        <Group gap="xs">
          <NeighbourButton
            to={previous ? `/assessment/report-card/entry/${previous._id}` : null}
            text={t('entry.previous')}
            label={previous ? t('entry.previousChild', { name: previous.student_name }) : t('entry.previous')}
            icon={rtl ? <IconArrowRight size={16} aria-hidden /> : <IconArrowLeft size={16} aria-hidden />}
            side="left"
            testId="report-entry-previous"
          />
          <NeighbourButton
            to={next ? `/assessment/report-card/entry/${next._id}` : null}
            text={t('entry.next')}
            label={next ? t('entry.nextChild', { name: next.student_name }) : t('entry.next')}
            icon={rtl ? <IconArrowLeft size={16} aria-hidden /> : <IconArrowRight size={16} aria-hidden />}
            side="right"
            testId="report-entry-next"
          />
        </Group>
      </Group>
      {!editable && (
        <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />} data-testid="report-entry-locked">
          {entry.status === 'draft' ? t('entry.readOnly') : t('entry.locked')}
        </Alert>
      )}
      {entry.comments.length === 0 && <Text c="dimmed">{t('entry.noAreas')}</Text>}
      <Stack gap="lg">
        {entry.comments.map((comment) => (
          <AreaComment
            key={comment.area_id}
            comment={comment}
            evidence={entry.evidence.filter((e) => e.area_ids.includes(comment.area_id))}
            value={typed[comment.area_id] ?? comment.text}
            onChange={(text) => setTyped((s) => ({ ...s, [comment.area_id]: text }))}
            editable={editable}
            canSignOff={entry.abilities.can_sign_off && entry.status === 'draft'}
            edited={commentChanged(comment.text, typed[comment.area_id])}
            drafting={draft.isPending && (draft.variables?.areaIds?.includes(comment.area_id) ?? true)}
            draftBusy={draft.isPending}
            signing={save.isPending && save.variables?.body.sign_off?.[comment.area_id] !== undefined}
            onDraft={() => runDraft([comment.area_id])}
            onSignOff={(on) => signOff(comment, on)}
          />
        ))}
      </Stack>
      <Textarea
        label={t('entry.teacherNote')}
        description={t('entry.teacherNoteHint')}
        value={note ?? entry.teacher_note}
        onChange={(e) => setNote(e.currentTarget.value)}
        readOnly={!editable}
        autosize
        minRows={2}
        maxLength={3000}
        // Each paragraph runs in the direction of its own words (dir on a Mantine field stays on its wrapper).
        styles={{ input: { unicodeBidi: 'plaintext' } }}
        data-testid="report-teacher-note"
      />
      {entry.statements.length > 0 && (
        <Stack gap="xs" mt="lg" data-testid="report-statements">
          <Title order={3} size="h4">
            {t('entry.statements')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('entry.statementsHint')}
          </Text>
          {entry.statements.map((group) => (
            <StatementChips
              key={`${group.framework._id}:${group.area._id}`}
              statements={group.statements}
              withFramework={false}
              label={`${group.area.code} ${group.area.name}`}
            />
          ))}
        </Stack>
      )}
    </Page>
  );
}

/**
 * The previous or next child's report: a link, or (at either end of the class) a disabled button, which
 * assistive technology and the contrast rules know as unavailable (a disabled link is still a link).
 */
function NeighbourButton({
  to,
  text,
  label,
  icon,
  side,
  testId,
}: {
  to: string | null;
  text: string;
  label: string;
  icon: ReactNode;
  side: 'left' | 'right';
  testId: string;
}) {
  const sections = side === 'left' ? { leftSection: icon } : { rightSection: icon };
  if (!to)
    return (
      <Button variant="default" size="sm" disabled {...sections} data-testid={testId}>
        {text}
      </Button>
    );
  return (
    <Button component={Link} to={to} variant="default" size="sm" {...sections} aria-label={label} data-testid={testId}>
      {text}
    </Button>
  );
}

/** One area: its comment (with the evidence of each drafted sentence), Cue's draft, the sign-off, and the area's evidence. */
function AreaComment({
  comment,
  evidence,
  value,
  onChange,
  editable,
  canSignOff,
  edited,
  drafting,
  draftBusy,
  signing,
  onDraft,
  onSignOff,
}: {
  comment: Comment;
  evidence: AreaEvidence[];
  value: string;
  onChange: (text: string) => void;
  editable: boolean;
  canSignOff: boolean;
  edited: boolean;
  drafting: boolean;
  draftBusy: boolean;
  signing: boolean;
  onDraft: () => void;
  onSignOff: (on: boolean) => void;
}) {
  const { t, i18n } = useTranslation(REPORT_CARDS_NS);
  // The product's areas in the reader's language (a school's own as it named them).
  const area = learningAreaName(comment.area_name, i18n.language);
  const signed = !!comment.signed_off_by;
  const listId = `evidence-${comment.area_id}`;
  const showSentences = comment.drafted && comment.sentences.length > 0 && !edited;
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="section"
      aria-labelledby={`area-${comment.area_id}`}
      data-testid="report-area"
    >
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="sm">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Title order={2} fz="md" id={`area-${comment.area_id}`}>
                {area}
              </Title>
              <Group gap="xs">
                {comment.drafted && !edited && (
                  <SoftBadge color="grape" size="sm" leftSection={<IconSparkles size={12} aria-hidden />}>
                    {t('entry.drafted')}
                  </SoftBadge>
                )}
                {editable && (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconSparkles size={14} aria-hidden />}
                    onClick={onDraft}
                    loading={drafting}
                    disabled={draftBusy}
                    data-testid="report-draft-area"
                  >
                    {/* Named "Draft with Cue (area)": the words shown begin the name speech input and readers use. */}
                    {t('entry.draft')}
                    <VisuallyHidden> ({area})</VisuallyHidden>
                  </Button>
                )}
              </Group>
            </Group>
            <Textarea
              label={t('entry.comment', { area })}
              value={value}
              onChange={(e) => onChange(e.currentTarget.value)}
              readOnly={!editable}
              autosize
              minRows={3}
              maxLength={3000}
              styles={{ input: { unicodeBidi: 'plaintext' } }}
              data-testid="report-comment"
            />
            {showSentences && (
              <Stack gap={4} data-testid="report-sentences" aria-label={t('entry.sentencesLabel')}>
                {comment.sentences.map((sentence, n) => {
                  const pieces = sentenceEvidence(sentence.evidence, evidence);
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a draft's sentences keep their order
                    <Group key={n} gap={6} wrap="wrap" align="center" data-testid="report-sentence">
                      <Text fz="sm" dir="auto" style={{ flex: '1 1 200px' }}>
                        {sentence.text}
                      </Text>
                      {pieces.length === 0 ? (
                        <SoftBadge color="red" size="sm" outline>
                          {t('entry.noEvidence')}
                        </SoftBadge>
                      ) : (
                        pieces.map((piece, i) => (
                          <EvidenceChip
                            key={`${piece.kind}:${piece.id}`}
                            piece={piece}
                            n={i + 1}
                            listId={listId}
                            language={i18n.language}
                          />
                        ))
                      )}
                    </Group>
                  );
                })}
              </Stack>
            )}
            <Group gap="sm" wrap="wrap">
              {canSignOff ? (
                <Button
                  size="xs"
                  variant={signed ? 'filled' : 'default'}
                  color={signed ? 'teal' : undefined}
                  leftSection={<IconCheck size={14} aria-hidden />}
                  onClick={() => onSignOff(!signed)}
                  disabled={!signed && !value.trim()}
                  loading={signing}
                  aria-pressed={signed}
                  aria-label={signed ? t('entry.signedOffArea', { area }) : t('entry.signOffArea', { area })}
                  data-testid="report-sign-off"
                >
                  {signed ? t('entry.signedOff') : t('entry.signOff')}
                </Button>
              ) : null}
              {signed && (
                <Text fz="xs" c="dimmed" data-testid="report-signed-by">
                  {t('entry.signedBy', {
                    name: comment.signed_off_by,
                    day: comment.signed_off_at ? dayOfStamp(comment.signed_off_at, i18n.language) : '',
                  })}
                </Text>
              )}
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="xs" id={listId} tabIndex={-1}>
            <Text fw={600} fz="sm">
              {t('entry.evidence', { count: evidence.length })}
            </Text>
            <EvidenceList items={evidence} empty={t('entry.noAreaEvidence')} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}

/** A drafted sentence's evidence: a small numbered chip naming the piece (title and day) on hover or focus. */
function EvidenceChip({ piece, n, listId, language }: { piece: Evidence; n: number; listId: string; language: string }) {
  const { t } = useTranslation(REPORT_CARDS_NS);
  const label = t('entry.evidenceChip', { title: piece.title, day: showDay(piece.date, language) });
  return (
    <Tooltip label={label} withArrow events={{ hover: true, focus: true, touch: true }}>
      <UnstyledButton
        onClick={() => document.getElementById(listId)?.focus()}
        data-testid="report-evidence-chip"
        data-kind={piece.kind}
        style={{
          fontSize: 11,
          lineHeight: '18px',
          padding: '0 6px',
          borderRadius: 9,
          background: 'var(--mantine-color-cue-light, var(--mantine-color-blue-light))',
          color: 'var(--mantine-color-cue-9, var(--mantine-color-blue-9))',
          fontWeight: 600,
        }}
      >
        {/* Named "Evidence 1: title, day": the words shown begin the name speech input and readers use. */}
        {t('entry.evidenceN', { n })}
        <VisuallyHidden>: {label}</VisuallyHidden>
      </UnstyledButton>
    </Tooltip>
  );
}

export default function ReportEntryPage() {
  return (
    <Gate need={NEED}>
      <ReportEntryBody />
    </Gate>
  );
}
