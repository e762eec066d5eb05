import { QUESTION_TOOL } from '@cue/contract';
import { Anchor, Avatar, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconDatabaseSearch, IconLink, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from '../Cue.module.css';
import type { CardProps } from '../cards/CardFrame';
import { ToolCard } from '../cards/ToolCard';
import { CUE_NS } from '../i18n';
import type { ChatEntry, ChatStatus, Source } from '../stream';
import { ClarifyCard } from './ClarifyCard';

/** A source of an answer: a page of the app, or an outside address in a new tab. */
function SourceLink({ source }: { source: Source }) {
  const label = (
    <Group gap={4} wrap="nowrap" component="span">
      <IconLink size={14} aria-hidden />
      {source.title}
    </Group>
  );
  return /^https?:\/\//.test(source.url) ? (
    <Anchor fz="sm" href={source.url} target="_blank" rel="noreferrer noopener">
      {label}
    </Anchor>
  ) : (
    <Anchor fz="sm" component={Link} to={source.url}>
      {label}
    </Anchor>
  );
}

function Sources({ sources }: { sources: Source[] }) {
  const { t } = useTranslation(CUE_NS);
  return (
    <nav aria-label={t('chat.sources')} data-testid="cue-sources">
      <Text fz="xs" fw={700} c="dimmed" tt="uppercase" mb={4}>
        {t('chat.sources')}
      </Text>
      <Group gap="xs">
        {sources.map((s) => (
          <SourceLink key={s.url} source={s} />
        ))}
      </Group>
    </nav>
  );
}

/** The pulsing dot while Cue has not answered yet. */
export function Thinking() {
  const { t } = useTranslation(CUE_NS);
  return (
    <div className={classes.assistant} role="status" data-testid="cue-thinking">
      <Avatar size={32} radius="xl" color="cue" variant="filled" aria-hidden>
        <IconSparkles size={18} />
      </Avatar>
      <Group gap={8} mih={32}>
        <span className={classes.dot} aria-hidden />
        <Text fz="sm" c="dimmed">
          {t('chat.thinking')}
        </Text>
      </Group>
    </div>
  );
}

interface ThreadProps extends Omit<CardProps, 'call'> {
  entries: ChatEntry[];
  status: ChatStatus;
  /** Answers the question Cue asked: the choice's label as the message, its value to complete the draft. */
  onAnswer?: (label: string, value: string) => void;
}

/** The conversation: the teacher's messages, Cue's answers with their sources and cards. */
export function Thread({ entries, status, names, onSave, onAnswer, classId }: ThreadProps) {
  const { t } = useTranslation(CUE_NS);
  return (
    <div
      className={classes.thread}
      aria-live="polite"
      aria-busy={status !== 'idle'}
      data-testid="cue-thread"
      data-status={status}
    >
      {entries.map((entry, at) =>
        entry.role === 'user' ? (
          <div key={entry.id} className={classes.user} data-testid="cue-user-message">
            <VisuallyHidden component="span">{t('chat.you')}: </VisuallyHidden>
            {entry.text}
          </div>
        ) : (
          <div key={entry.id} className={classes.assistant} data-testid="cue-answer">
            <Avatar size={32} radius="xl" color="cue" variant="filled" aria-label={t('chat.cue')}>
              <IconSparkles size={18} />
            </Avatar>
            <Stack className={classes.assistantBody} gap="sm">
              {entry.text && !entry.clarify && <Text className={classes.answer}>{entry.text}</Text>}
              {entry.clarify && (
                <ClarifyCard
                  clarify={entry.clarify}
                  onAnswer={onAnswer}
                  // Only the last question can be answered, once, and not while Cue is busy.
                  disabled={status !== 'idle' || entries.slice(at + 1).some((e) => e.role === 'user')}
                />
              )}
              {entry.toolCalls.some((c) => c.name === QUESTION_TOOL) && (
                <Group gap={6} c="dimmed">
                  <IconDatabaseSearch size={16} aria-hidden />
                  <Text fz="xs">{t('chat.lookedUp')}</Text>
                </Group>
              )}
              {entry.toolCalls.map((call) => (
                <ToolCard key={call.key} call={call} names={names} onSave={onSave} classId={classId} />
              ))}
              {entry.sources.length > 0 && <Sources sources={entry.sources} />}
            </Stack>
          </div>
        ),
      )}
      {status === 'loading' && <Thinking />}
    </div>
  );
}
