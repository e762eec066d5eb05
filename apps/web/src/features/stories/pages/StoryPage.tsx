import { type Story, storyReturnSchema } from '@cue/contract';
import {
  Accordion,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Divider,
  Grid,
  Group,
  List,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
  useDirection,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconArrowLeft,
  IconCheck,
  IconEdit,
  IconEye,
  IconHistory,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmModal, FormModal } from '../../../components/FormModal';
import { useContractForm } from '../../../components/form/useContractForm';
import { SoftBadge } from '../../../components/SoftBadge';
import { currentLanguage } from '../../../lib/i18n';
import { toast } from '../../../lib/notify';
import type { Side } from '../../../lib/session';
import { StatementChips } from '../../academic/components/StatementChips';
import { Page } from '../../communication/components/Page';
import { RichText } from '../../communication/components/RichText';
import { useShell } from '../../shell/ShellContext';
import { parentPage } from '../../shell/sides';
import { useDecideStory, useDeleteStory, useReturnStory, useStory, useStoryVersions, useStoryViews } from '../api';
import { Comments } from '../components/Comments';
import { readableDay } from '../components/dates';
import { Reactions } from '../components/Reactions';
import { Sources } from '../components/Sources';
import { StatusBadge } from '../components/StatusBadge';
import { StoryMedia } from '../components/StoryMedia';
import { STORIES_NS, STORIES_PATH, storyEditPath, storyErrorText, storyMessage } from '../i18n';
import { splitViewers } from '../story';

const when = (iso: string) =>
  new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** Stories that reached the families: their conversation and reactions are open. */
const isShared = (story: Story) => story.status === 'published' || story.status === 'accepted';

/** Approve or return (a story waiting for approval), accept or decline (a family's), edit and delete: by the story's abilities. */
function StaffActions({ story }: { story: Story }) {
  const { t } = useTranslation(STORIES_NS);
  const navigate = useNavigate();
  const decide = useDecideStory();
  const remove = useDeleteStory();
  const [returning, setReturning] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const run = (decision: 'approve' | 'accept' | 'decline') => decide.mutate({ id: story._id, decision });
  const busy = (decision: string) => decide.isPending && decide.variables?.decision === decision;
  return (
    <Group gap="sm" wrap="wrap">
      {story.status === 'pending' && story.abilities.can_approve && (
        <>
          <Button leftSection={<IconCheck size={16} aria-hidden />} onClick={() => run('approve')} loading={busy('approve')}>
            {t('action.approve')}
          </Button>
          <Button variant="default" leftSection={<IconArrowBackUp size={16} aria-hidden />} onClick={() => setReturning(true)}>
            {t('action.return')}
          </Button>
        </>
      )}
      {story.kind === 'family' && story.status === 'submitted' && story.abilities.can_decide && (
        <>
          <Button leftSection={<IconCheck size={16} aria-hidden />} onClick={() => run('accept')} loading={busy('accept')}>
            {t('action.accept')}
          </Button>
          <Button
            variant="default"
            color="red"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={() => run('decline')}
            loading={busy('decline')}
          >
            {t('action.decline')}
          </Button>
        </>
      )}
      {story.abilities.can_edit && story.kind === 'story' && (
        <Button component={Link} to={storyEditPath(story._id)} variant="default" leftSection={<IconEdit size={16} aria-hidden />}>
          {t('action.edit')}
        </Button>
      )}
      {story.abilities.can_delete && (
        <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDeleting(true)}>
          {t('action.delete')}
        </Button>
      )}
      {returning && <ReturnModal story={story} onClose={() => setReturning(false)} />}
      <ConfirmModal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={t('delete.title')}
        message={t('delete.body', { title: story.title || t('untitled') })}
        confirmLabel={t('action.delete')}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(story._id, {
            onSuccess: () => {
              toast.success(storyMessage('deleted'));
              navigate(STORIES_PATH);
            },
            onError: (err) => toast.error(storyErrorText(err)),
          })
        }
      />
    </Group>
  );
}

/** Back to its author with a note saying what to change. */
function ReturnModal({ story, onClose }: { story: Story; onClose: () => void }) {
  const { t } = useTranslation(STORIES_NS);
  const back = useReturnStory();
  const form = useContractForm({
    schema: storyReturnSchema,
    initialValues: { note: '' },
    messages: { note: t('returned.noteRequired') },
  });
  const submit = form.submitWith((body) => back.mutateAsync({ id: story._id, note: body.note }), {
    onSuccess: () => {
      toast.success(storyMessage('returned'));
      onClose();
    },
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('returned.dialog')}
      submitLabel={t('action.return')}
      onSubmit={() => submit()}
      pending={form.pending}
      error={form.error}
    >
      <Textarea
        label={t('returned.note')}
        autosize
        minRows={3}
        maxRows={10}
        required
        data-autofocus
        {...form.getInputProps('note')}
      />
    </FormModal>
  );
}

/** Earlier versions of an edited published story, each with its title and text. */
function Versions({ story }: { story: Story }) {
  const { t } = useTranslation(STORIES_NS);
  const [open, setOpen] = useState(false);
  const mobile = useMediaQuery('(max-width: 36em)');
  const versions = useStoryVersions(story._id, open);
  if (story.version <= 1) return null;
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconHistory size={16} aria-hidden />}
        onClick={() => setOpen(true)}
      >
        {t('versions.open')}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        size="lg"
        fullScreen={mobile}
        title={t('versions.title')}
        closeButtonProps={{ 'aria-label': t('close') }}
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        {versions.error && <Alert color="red">{storyErrorText(versions.error)}</Alert>}
        {!versions.data && !versions.error && <Skeleton h={120} radius="md" />}
        {versions.data?.length === 0 && <Text c="dimmed">{t('versions.none')}</Text>}
        {versions.data && versions.data.length > 0 && (
          <Accordion variant="separated" data-testid="story-versions">
            {versions.data.map((v) => (
              <Accordion.Item key={v.version} value={String(v.version)}>
                <Accordion.Control>
                  <Text fz="sm" fw={600}>
                    {t('versions.item', { version: v.version, title: v.title || t('untitled') })}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {t('versions.by', { name: v.edited_by.name, when: when(v.created_at) })}
                  </Text>
                </Accordion.Control>
                <Accordion.Panel>
                  <Box dir="auto">
                    <RichText html={v.body} testId="version-body" />
                  </Box>
                  {v.what_next && (
                    <Text fz="sm" mt="xs">
                      <Text span fw={600}>
                        {t('field.whatNext')}:{' '}
                      </Text>
                      {v.what_next}
                    </Text>
                  )}
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      </Modal>
    </>
  );
}

/** Who among the children's families opened the story, how often, and who never did. */
function SeenBy({ story }: { story: Story }) {
  const { t } = useTranslation(STORIES_NS);
  const views = useStoryViews(story._id, isShared(story));
  if (!isShared(story)) return null;
  const split = views.data ? splitViewers(views.data.viewers) : null;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="story-seen-title">
      <Stack gap="xs">
        <Title order={2} fz="md" id="story-seen-title">
          <IconEye size={16} aria-hidden style={{ marginInlineEnd: 6, verticalAlign: -2 }} />
          {t('views.title')}
        </Title>
        {views.error && (
          <Text c="red" fz="sm">
            {storyErrorText(views.error)}
          </Text>
        )}
        {!split && !views.error && <Skeleton h={60} radius="md" />}
        {split && split.opened.length === 0 && split.never.length === 0 && (
          <Text fz="sm" c="dimmed">
            {t('views.noFamilies')}
          </Text>
        )}
        {split && split.opened.length > 0 && (
          <List spacing={4} fz="sm" data-testid="story-viewers">
            {split.opened.map((v) => (
              <List.Item key={`${v._id}-${v.child._id}`}>
                {t('views.viewer', { name: v.name, child: v.child.name, count: v.views })}
              </List.Item>
            ))}
          </List>
        )}
        {split && split.never.length > 0 && (
          <Stack gap={4} data-testid="story-not-opened">
            <Text fz="sm" fw={600}>
              {t('views.never')}
            </Text>
            <Group gap={6}>
              {split.never.map((v) => (
                <SoftBadge key={`${v._id}-${v.child._id}`} color="gray" outline radius="sm">
                  {t('views.person', { name: v.name, child: v.child.name })}
                </SoftBadge>
              ))}
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function StoryBody({ story, side }: { story: Story; side: Side }) {
  const { t } = useTranslation(STORIES_NS);
  const staff = side === 'staff';
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: staff ? 8 : 12 }}>
        <Stack gap="lg">
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md" data-testid="story-read">
              <Group gap="xs" wrap="wrap">
                {staff && <StatusBadge status={story.status} />}
                {story.kind === 'family' && (
                  <Badge variant="light" color="grape" tt="none" radius="sm">
                    {t('kind.family')}
                  </Badge>
                )}
                <Text fz="sm" c="dimmed">
                  {readableDay(story.story_date)} · {story.class.name}
                </Text>
              </Group>
              {story.children.length > 0 && (
                <Group gap={6} aria-label={t('field.children')} role="list">
                  {story.children.map((c) => (
                    <Badge key={c._id} role="listitem" variant="light" color="cue" tt="none" radius="sm">
                      {c.name}
                    </Badge>
                  ))}
                </Group>
              )}
              {story.return_note && story.status === 'draft' && staff && (
                <Alert
                  color="orange"
                  variant="light"
                  icon={<IconArrowBackUp size={20} aria-hidden />}
                  title={t('returned.title')}
                >
                  <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="return-note">
                    {story.return_note}
                  </Text>
                </Alert>
              )}
              <Box dir="auto">
                <RichText html={story.body} testId="story-body" />
              </Box>
              <StoryMedia items={story.media} />
              {story.what_next && (
                <Stack gap={4}>
                  <Title order={2} fz="md">
                    {t('field.whatNext')}
                  </Title>
                  <Text fz="sm" dir="auto" style={{ whiteSpace: 'pre-wrap' }} data-testid="story-what-next">
                    {story.what_next}
                  </Text>
                </Stack>
              )}
              {(story.tags.length > 0 || story.areas.length > 0 || (story.statements ?? []).length > 0) && (
                <Stack gap={6}>
                  {story.tags.length > 0 && (
                    <Group gap={6} aria-label={t('field.tags')} role="list">
                      {story.tags.map((tag) => (
                        <SoftBadge key={tag._id} role="listitem" color="gray" outline radius="sm">
                          {tag.name}
                        </SoftBadge>
                      ))}
                    </Group>
                  )}
                  {story.areas.length > 0 && (
                    <Group gap={6} aria-label={t('field.areas')} role="list">
                      {story.areas.map((area) => (
                        <SoftBadge key={area._id} role="listitem" color="teal" radius="sm">
                          {area.name}
                        </SoftBadge>
                      ))}
                    </Group>
                  )}
                  <StatementChips statements={story.statements ?? []} />
                </Stack>
              )}
              {isShared(story) && (
                <>
                  <Divider />
                  <Reactions story={story} side={side} />
                </>
              )}
            </Stack>
          </Paper>
          {isShared(story) && (
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
              <Comments story={story} side={side} />
            </Paper>
          )}
        </Stack>
      </Grid.Col>
      {staff && (
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Paper withBorder radius="lg" p="md">
              <Stack gap={6} fz="sm">
                <Text fz="sm">
                  {t(story.author.kind === 'parent' ? 'meta.sentBy' : 'meta.author', { name: story.author.name })}
                </Text>
                {story.approved_by && <Text fz="sm">{t('meta.approvedBy', { name: story.approved_by.name })}</Text>}
                {story.published_at && <Text fz="sm">{t('meta.publishedAt', { when: when(story.published_at) })}</Text>}
                <Text fz="sm" data-testid="story-version">
                  {t('meta.version', { version: story.version })}
                </Text>
                <Versions story={story} />
              </Stack>
            </Paper>
            <SeenBy story={story} />
            <Sources sources={story.sources} />
          </Stack>
        </Grid.Col>
      )}
    </Grid>
  );
}

/** /communication/stories/:id: a story to read, for staff (with its decisions) and for families (a view counted). */
export default function StoryPage() {
  const { t } = useTranslation(STORIES_NS);
  const { side } = useShell();
  const { id = '' } = useParams();
  const story = useStory(side, id);
  const { dir } = useDirection();
  const back = (
    <Anchor component={Link} to={side === 'parent' ? parentPage(STORIES_PATH) : STORIES_PATH} fz="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden style={dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined} />
        {t('back')}
      </Group>
    </Anchor>
  );
  let body: ReactNode;
  if (story.isPending) body = <Skeleton h={360} radius="lg" />;
  else if (story.error || !story.data)
    body = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} data-testid="story-refused">
        {storyErrorText(story.error)}
      </Alert>
    );
  else body = <StoryBody story={story.data} side={side} />;
  const data = story.data;
  return (
    <Page
      title={data ? data.title || t('untitled') : t('story')}
      actions={
        <Group gap="sm" wrap="wrap">
          {back}
          {data && side === 'staff' && <StaffActions story={data} />}
        </Group>
      }
    >
      {body}
    </Page>
  );
}
