import { STORY_PUBLISHED_EVENT, type Story, type StoryPublishedEvent } from '@cue/contract';
import { Alert, Button, Group, Pagination, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconHomeHeart } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SoftBadge } from '../../../components/SoftBadge';
import { fullName } from '../../../lib/format';
import { toast } from '../../../lib/notify';
import { useSocketEvent } from '../../../lib/socket';
import { useCurrentChild } from '../../auth/useCurrentUser';
import { Page } from '../../communication/components/Page';
import { parentPage } from '../../shell/sides';
import { storyKeys, useStoryList } from '../api';
import { readableDay } from '../components/dates';
import { FamilyStoryModal } from '../components/FamilyStoryModal';
import { StoryCard } from '../components/StoryCard';
import { STORIES_NS, storyErrorText, storyPath } from '../i18n';
import { STATUS_COLORS } from '../story';

const PAGE_SIZE = 10;

/** The family's own stories from home about the child, with where each stands (sent, accepted, declined). */
function SentFromHome({ studentId, childName }: { studentId: string; childName: string }) {
  const { t } = useTranslation(STORIES_NS);
  const sent = useStoryList('parent', { student_id: studentId, kind: 'family', page_size: 50 });
  const items = sent.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="stories-sent" data-testid="stories-sent">
      <Title order={2} fz="lg" id="stories-sent">
        {t('parent.sent')}
      </Title>
      {items.map((s) => (
        <Paper
          key={s._id}
          component={Link}
          to={parentPage(storyPath(s._id))}
          withBorder
          radius="md"
          p="sm"
          data-testid="sent-story"
          data-status={s.status}
          style={{ color: 'inherit', textDecoration: 'none' }}
        >
          <Stack gap={4}>
            <Text fz="sm" fw={600} dir="auto" style={{ overflowWrap: 'anywhere' }}>
              {s.title || t('untitled')}
            </Text>
            <Group gap="xs" wrap="wrap">
              <SoftBadge color={STATUS_COLORS[s.status]} radius="sm" maw="100%">
                {t(`parent.state.${s.status}`, { name: childName })}
              </SoftBadge>
              <Text fz="xs" c="dimmed">
                {readableDay(s.story_date)}
              </Text>
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** Stories that belong on the child's timeline: everything shared with the family, and their own once accepted. */
const onTimeline = (story: Story) => story.kind !== 'family' || story.status === 'accepted';

/** /communication/stories for a family: the current child's stories, newest first; new ones arrive live. */
export function ParentTimeline() {
  const { t } = useTranslation(STORIES_NS);
  const child = useCurrentChild();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [sharing, setSharing] = useState(false);
  const studentId = child?.id ?? null;
  const list = useStoryList('parent', { student_id: studentId ?? '', page, page_size: PAGE_SIZE }, !!studentId);
  useSocketEvent<StoryPublishedEvent>(
    STORY_PUBLISHED_EVENT,
    (event) => {
      void client.invalidateQueries({ queryKey: storyKeys.lists });
      if (event.kind === 'story') toast.info(t('live.newStory', { title: event.title }));
    },
    !!studentId,
  );

  if (!child || !studentId)
    return (
      <Page title={t('title')}>
        <Alert color="gray" variant="light" title={t('parent.noChildTitle')}>
          {t('parent.noChildBody')}
        </Alert>
      </Page>
    );
  const name = fullName(child);
  const items = (list.data?.items ?? []).filter(onTimeline);
  const pages = list.data ? Math.ceil(list.data.total / list.data.page_size) : 0;
  return (
    <Page
      title={t('title')}
      description={t('parent.forChild', { name })}
      actions={
        <Button leftSection={<IconHomeHeart size={16} aria-hidden />} onClick={() => setSharing(true)}>
          {t('action.shareFromHome')}
        </Button>
      }
    >
      <Stack gap="sm" component="section" aria-labelledby="stories-timeline">
        <Title order={2} fz="lg" id="stories-timeline">
          {t('parent.timeline')}
        </Title>
        {list.error && !list.data ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />}>
            {storyErrorText(list.error)}
          </Alert>
        ) : !list.data ? (
          <Skeleton h={240} radius="lg" />
        ) : items.length === 0 ? (
          <Paper withBorder radius="lg" p="xl">
            <Text ta="center" c="dimmed" fw={500} data-testid="empty-state">
              {t('parent.empty', { name })}
            </Text>
          </Paper>
        ) : (
          <Stack gap="sm" data-testid="stories-timeline-list">
            {items.map((s) => (
              <StoryCard key={s._id} story={s} to={parentPage(storyPath(s._id))} />
            ))}
          </Stack>
        )}
        {pages > 1 && (
          <Group justify="center">
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
              getItemProps={(n) => ({ 'aria-label': t('pagination.page', { page: n }) })}
            />
          </Group>
        )}
      </Stack>
      <SentFromHome studentId={studentId} childName={name} />
      {sharing && <FamilyStoryModal studentId={studentId} childName={name} onClose={() => setSharing(false)} />}
    </Page>
  );
}
