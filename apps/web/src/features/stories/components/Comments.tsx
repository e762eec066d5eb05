import { STORY_COMMENT_MAX, type Story } from '@cue/contract';
import { ActionIcon, Alert, Button, Group, Paper, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/FormModal';
import { currentLanguage } from '../../../lib/i18n';
import { toast } from '../../../lib/notify';
import type { Side } from '../../../lib/session';
import { useAddComment, useDeleteComment, useStoryComments } from '../api';
import { STORIES_NS, storyErrorText, storyMessage } from '../i18n';

const when = (iso: string) =>
  new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/**
 * The story's conversation: families and staff write, each deletes their own (as the server allows).
 * `onChanged` tells a page that holds the story under its own key (the class journal's day) to read it again.
 */
export function Comments({ story, side, onChanged }: { story: Story; side: Side; onChanged?: () => void }) {
  const { t } = useTranslation(STORIES_NS);
  const comments = useStoryComments(side, story._id);
  const add = useAddComment(side);
  const remove = useDeleteComment(side, story._id);
  const [text, setText] = useState('');
  const [deleting, setDeleting] = useState<string | null>(null);
  const trimmed = text.trim();

  const send = () => {
    if (!trimmed || add.isPending) return;
    add.mutate(
      { id: story._id, body: trimmed },
      {
        onSuccess: () => {
          setText('');
          toast.success(storyMessage('commentAdded'));
          onChanged?.();
        },
        onError: (err) => toast.error(storyErrorText(err)),
      },
    );
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="story-comments-title">
      <Title order={2} fz="lg" id="story-comments-title">
        {t('comments.title')}
      </Title>
      {comments.error && (
        <Alert color="red" variant="light">
          {storyErrorText(comments.error)}
        </Alert>
      )}
      {!comments.data && !comments.error && <Skeleton h={60} radius="md" />}
      {comments.data?.length === 0 && (
        <Text c="dimmed" fz="sm">
          {t('comments.none')}
        </Text>
      )}
      <Stack gap="xs" data-testid="story-comments">
        {comments.data?.map((c) => (
          <Paper key={c._id} withBorder radius="md" p="sm" data-testid="story-comment">
            <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
              <Stack gap={2} miw={0}>
                <Text fz="sm" fw={600}>
                  {c.author.name}{' '}
                  <Text span fz="xs" c="dimmed" fw={400}>
                    {c.author.kind === 'staff' ? t('comments.staff') : t('comments.family')} · {when(c.created_at)}
                  </Text>
                </Text>
                <Text fz="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {c.body}
                </Text>
              </Stack>
              {c.abilities.can_delete && (
                <ActionIcon variant="subtle" color="red" aria-label={t('comments.delete')} onClick={() => setDeleting(c._id)}>
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
      {story.abilities.can_comment && (
        <Stack gap="xs">
          <Textarea
            label={t('comments.new')}
            placeholder={t('comments.placeholder')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            maxLength={STORY_COMMENT_MAX}
            autosize
            minRows={2}
            maxRows={8}
          />
          <Group justify="flex-end">
            <Button onClick={send} loading={add.isPending} disabled={!trimmed}>
              {t('comments.send')}
            </Button>
          </Group>
        </Stack>
      )}
      <ConfirmModal
        opened={!!deleting}
        onClose={() => setDeleting(null)}
        title={t('comments.deleteTitle')}
        message={t('comments.deleteBody')}
        confirmLabel={t('comments.delete')}
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: () => {
              setDeleting(null);
              toast.success(storyMessage('commentDeleted'));
              onChanged?.();
            },
            onError: (err) => toast.error(storyErrorText(err)),
          })
        }
      />
    </Stack>
  );
}
