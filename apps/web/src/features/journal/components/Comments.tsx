import { STORY_COMMENT_MAX } from '@cue/contract';
import { ActionIcon, Alert, Avatar, Button, Group, Paper, Skeleton, Stack, Text, Textarea, Title, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/notify';
import type { Side } from '../../../lib/session';
import { showInstant } from '../../story-insights/format';
import { storyErrorText, storyText } from '../../story-insights/messages';
import { type Story, useAddComment, useDeleteComment, useStoryComments } from '../api';
import { JOURNAL_NS } from '../i18n';

/** The conversation under an entry: families write, staff answer with the same call. */
export function Comments({ side, story }: { side: Side; story: Story }) {
  const { t, i18n } = useTranslation(JOURNAL_NS);
  const comments = useStoryComments(side, story._id);
  const add = useAddComment(side, story._id);
  const remove = useDeleteComment(side, story._id);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = () => {
    const body = text.trim();
    if (!body) {
      setError(t('comments.empty'));
      return;
    }
    add.mutate(body, {
      onSuccess: (answer) => {
        setText('');
        setError(null);
        toast.success(storyText(JOURNAL_NS, answer.message));
      },
      onError: (err) => setError(storyErrorText(JOURNAL_NS, err)),
    });
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="journal-comments">
      <Title order={2} fz="md" id="journal-comments">
        {t('comments.title')}
      </Title>
      {comments.isPending ? (
        <Skeleton h={60} radius="md" />
      ) : comments.error ? (
        <Alert color="red" variant="light" title={storyErrorText(JOURNAL_NS, comments.error)} />
      ) : comments.data.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('comments.none')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="journal-comment-list">
          {comments.data.map((c) => (
            <Paper component="li" key={c._id} withBorder radius="md" p="sm">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Group gap="xs" align="flex-start" wrap="nowrap">
                  <Avatar size="sm" radius="xl" color={c.author.kind === 'staff' ? 'cue' : 'orange'} aria-hidden>
                    {Array.from(c.author.name)[0] ?? '?'}
                  </Avatar>
                  <div>
                    <Text fz="sm" fw={600}>
                      {c.author.name}
                      {c.author.kind === 'staff' && (
                        <Text span fz="xs" c="dimmed" fw={400}>
                          {' · '}
                          {t('comments.staff')}
                        </Text>
                      )}
                    </Text>
                    <Text fz="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {c.body}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {showInstant(c.created_at, i18n.language)}
                    </Text>
                  </div>
                </Group>
                {c.abilities.can_delete && (
                  <Tooltip label={t('comments.delete')}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('comments.deleteBy', { name: c.author.name })}
                      loading={remove.isPending && remove.variables === c._id}
                      onClick={() =>
                        remove.mutate(c._id, {
                          onSuccess: () => toast.success(t('messages.commentDeleted')),
                          onError: (err) => toast.error(storyErrorText(JOURNAL_NS, err)),
                        })
                      }
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {story.abilities.can_comment && (
        <Stack gap="xs">
          <Textarea
            label={t('comments.write')}
            placeholder={t('comments.placeholder')}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              if (error) setError(null);
            }}
            maxLength={STORY_COMMENT_MAX}
            dir="auto"
            autosize
            minRows={2}
            error={error}
          />
          <Group justify="flex-end">
            <Button onClick={send} loading={add.isPending}>
              {t('comments.send')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
