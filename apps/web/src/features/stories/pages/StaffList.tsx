import { STORY_PAGE_SIZE, type Story, type StoryStatus } from '@cue/contract';
import { Alert, Button, Group, Pagination, Paper, SegmentedControl, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatClassName } from '../../../lib/format';
import { Page } from '../../communication/components/Page';
import { useCurrentClass } from '../../shell/Selectors';
import { useDecideStory, useStoryList } from '../api';
import { CueDraftModal } from '../components/CueDraftModal';
import { StoryCard } from '../components/StoryCard';
import { useClassChildren } from '../components/useChildren';
import { STORIES_NS, storyEditPath, storyErrorText, storyNewPath, storyPath } from '../i18n';
import { STATUSES_OF_KIND } from '../story';

type ListKind = keyof typeof STATUSES_OF_KIND;

/** Accept or decline a family's story, under its card. */
function FamilyDecision({ story }: { story: Story }) {
  const { t } = useTranslation(STORIES_NS);
  const decide = useDecideStory();
  if (!story.abilities.can_decide) return null;
  const run = (decision: 'accept' | 'decline') => decide.mutate({ id: story._id, decision });
  const busy = (decision: string) => decide.isPending && decide.variables?.decision === decision;
  const title = story.title || t('untitled');
  return (
    <>
      <Button size="xs" onClick={() => run('accept')} loading={busy('accept')} aria-label={t('action.acceptOne', { title })}>
        {t('action.accept')}
      </Button>
      <Button
        size="xs"
        variant="default"
        color="red"
        onClick={() => run('decline')}
        loading={busy('decline')}
        aria-label={t('action.declineOne', { title })}
      >
        {t('action.decline')}
      </Button>
    </>
  );
}

/** A titled section of cards (hidden when it has none). */
function Section({
  id,
  title,
  stories,
  decide = false,
  classId,
}: {
  id: string;
  title: string;
  stories: Story[];
  decide?: boolean;
  /** The class in hand: a story of another class names its class. */
  classId?: string;
}) {
  if (stories.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby={id} data-testid={id}>
      <Title order={2} fz="lg" id={id}>
        {title} ({stories.length})
      </Title>
      {stories.map((s) => (
        <StoryCard
          key={s._id}
          story={s}
          to={storyPath(s._id)}
          staff
          showClass={!!classId && s.class._id !== classId}
          actions={decide ? <FamilyDecision story={s} /> : undefined}
        />
      ))}
    </Stack>
  );
}

/** The class's stories: waiting for approval, from families, then every story with filters, newest first. */
function ClassStories({ classId }: { classId: string }) {
  const { t } = useTranslation(STORIES_NS);
  const [params, setParams] = useSearchParams();
  const kind: ListKind = params.get('kind') === 'family' ? 'family' : 'story';
  const askedStatus = params.get('status');
  const status = (STATUSES_OF_KIND[kind] as readonly string[]).includes(askedStatus ?? '') ? (askedStatus as StoryStatus) : null;
  const child = params.get('child');
  const page = Math.max(1, Number(params.get('page')) || 1);
  const children = useClassChildren(classId);
  // A reviewer approves for the whole school, not only the class in hand: every story waiting that they may approve.
  const waiting = useStoryList('staff', { kind: 'story', status: 'pending', page_size: 50 });
  const fromFamilies = useStoryList('staff', { class_id: classId, kind: 'family', status: 'submitted', page_size: 50 });
  const list = useStoryList('staff', {
    class_id: classId,
    kind,
    page,
    page_size: STORY_PAGE_SIZE,
    ...(status ? { status } : {}),
    ...(child ? { student_id: child } : {}),
  });
  const toApprove = (waiting.data?.items ?? []).filter((s) => s.abilities.can_approve);
  const set = (changes: Record<string, string | null>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  const pages = list.data ? Math.ceil(list.data.total / list.data.page_size) : 0;

  return (
    <Stack gap="xl">
      <Section id="stories-waiting" title={t('list.waiting')} stories={toApprove} classId={classId} />
      <Section id="stories-from-families" title={t('list.fromFamilies')} stories={fromFamilies.data?.items ?? []} decide />
      <Stack gap="sm" component="section" aria-labelledby="stories-all">
        <Title order={2} fz="lg" id="stories-all">
          {t('list.all')}
        </Title>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SegmentedControl
            aria-label={t('filter.kind')}
            value={kind}
            onChange={(value) => set({ kind: value === 'family' ? 'family' : null, status: null })}
            data={[
              { value: 'story', label: t('filter.kindStory') },
              { value: 'family', label: t('filter.kindFamily') },
            ]}
          />
          <Select
            label={t('filter.status')}
            placeholder={t('filter.anyStatus')}
            data={STATUSES_OF_KIND[kind].map((s) => ({ value: s, label: t(`status.${s}`) }))}
            value={status}
            onChange={(value) => set({ status: value })}
            clearable
            w={{ base: '100%', xs: 200 }}
          />
          <Select
            label={t('filter.child')}
            placeholder={t('filter.anyChild')}
            data={children.options}
            value={child}
            onChange={(value) => set({ child: value })}
            clearable
            searchable
            nothingFoundMessage={t('nothingFound')}
            w={{ base: '100%', xs: 220 }}
          />
        </Group>
        {list.error && !list.data ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />}>
            {storyErrorText(list.error)}
          </Alert>
        ) : !list.data ? (
          <Skeleton h={240} radius="lg" />
        ) : list.data.items.length === 0 ? (
          <Paper withBorder radius="lg" p="xl">
            <Text ta="center" c="dimmed" fw={500} data-testid="empty-state">
              {status || child ? t('list.emptyFiltered') : t('list.empty')}
            </Text>
          </Paper>
        ) : (
          <Stack gap="sm" data-testid="stories-list">
            <Text fz="sm" c="dimmed">
              {t('list.total', { count: list.data.total })}
            </Text>
            {list.data.items.map((s) => (
              <StoryCard
                key={s._id}
                story={s}
                to={storyPath(s._id)}
                staff
                actions={s.kind === 'family' && s.status === 'submitted' ? <FamilyDecision story={s} /> : undefined}
              />
            ))}
          </Stack>
        )}
        {pages > 1 && (
          <Group justify="center">
            <Pagination
              total={pages}
              value={page}
              onChange={(next) => set({ page: String(next) })}
              getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
              getItemProps={(n) => ({ 'aria-label': t('pagination.page', { page: n }) })}
            />
          </Group>
        )}
      </Stack>
    </Stack>
  );
}

/** /communication/stories for staff: the current class's stories, "New story" and "Draft a story with Cue". */
export function StaffList() {
  const { t } = useTranslation(STORIES_NS);
  const navigate = useNavigate();
  const { current, schools } = useCurrentClass();
  const [drafting, setDrafting] = useState(false);
  const children = useClassChildren(current?.id ?? null);
  const name = current ? formatClassName(current.class_name) : null;
  return (
    <Page
      title={t('title')}
      description={name ? t('forClass', { name: name.text }) : undefined}
      actions={
        current && (
          <>
            <Button variant="default" leftSection={<IconSparkles size={16} aria-hidden />} onClick={() => setDrafting(true)}>
              {t('action.cueDraft')}
            </Button>
            <Button component={Link} to={storyNewPath} leftSection={<IconPlus size={16} aria-hidden />}>
              {t('action.new')}
            </Button>
          </>
        )
      }
    >
      {!current ? (
        schools.isPending ? (
          <Skeleton h={240} radius="lg" />
        ) : (
          <Alert color="gray" variant="light" title={t('noClassTitle')}>
            {t('noClassBody')}
          </Alert>
        )
      ) : (
        <ClassStories key={current.id} classId={current.id} />
      )}
      {drafting && current && (
        <CueDraftModal
          classId={current.id}
          childOptions={children.options}
          onClose={() => setDrafting(false)}
          onDrafted={(story) => {
            setDrafting(false);
            navigate(storyEditPath(story._id));
          }}
        />
      )}
    </Page>
  );
}
