import { ActionIcon, Anchor, Badge, Button, Group, Modal, ScrollArea, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconExternalLink, IconPlus, IconSchool, IconSparkles, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fullName } from '../../../lib/format';
import { useClassRoster } from '../api';
import { Composer } from '../components/Composer';
import { Thread } from '../components/Thread';
import { CUE_NS } from '../i18n';
import type { ChatEntry, Source } from '../stream';
import type { CueContext } from '../tasks/useCueContext';
import { useChat } from '../useChat';
import classes from './Overlay.module.css';

/** Every source the answers drew on, once each, in the order they came. */
export function sourcesOf(entries: ChatEntry[]): Source[] {
  const seen = new Set<string>();
  const out: Source[] = [];
  for (const entry of entries) {
    for (const source of entry.sources) {
      if (seen.has(source.url)) continue;
      seen.add(source.url);
      out.push(source);
    }
  }
  return out;
}

function SourcesPanel({ sources }: { sources: Source[] }) {
  const { t } = useTranslation(CUE_NS);
  return (
    <aside className={classes.sources} aria-labelledby="cue-overlay-sources" data-testid="cue-overlay-sources">
      <Title order={2} fz="sm" id="cue-overlay-sources" mb="xs">
        {t('overlay.sources')}
      </Title>
      {sources.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('overlay.noSources')}
        </Text>
      ) : (
        <Stack component="ul" gap={6} className={classes.sourceList}>
          {sources.map((source) => (
            <li key={source.url}>
              {/^https?:\/\//.test(source.url) ? (
                <Anchor href={source.url} target="_blank" rel="noreferrer noopener" fz="sm" className={classes.source}>
                  <IconExternalLink size={14} aria-hidden />
                  {source.title}
                </Anchor>
              ) : (
                <Anchor component={Link} to={source.url} fz="sm" className={classes.source} data-testid="cue-overlay-source">
                  <IconExternalLink size={14} aria-hidden />
                  {source.title}
                </Anchor>
              )}
            </li>
          ))}
        </Stack>
      )}
    </aside>
  );
}

/**
 * The full-screen AI assistant (`?cue=true`): the conversation with Cue, the text box and a side panel
 * of the sources the answers drew on. The chat page's conversation, composer and cards are reused.
 */
export default function AssistantOverlay({ who, onClose }: { who: CueContext; onClose: () => void }) {
  const { t } = useTranslation(CUE_NS);
  const roster = useClassRoster(who.classId);
  const names = useMemo(() => new Map((roster.data?.student_list ?? []).map((s) => [s.id, fullName(s)] as const)), [roster.data]);
  const { state, send, act, save: onSave } = useChat({ classId: who.classId, userId: who.userId, userName: who.userName });
  const [text, setText] = useState('');
  const [reasoning, setReasoning] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const sources = useMemo(() => sourcesOf(state.entries), [state.entries]);

  // The text box takes the focus once the overlay is open.
  useEffect(() => {
    const timer = window.setTimeout(() => input.current?.focus(), 200);
    return () => window.clearTimeout(timer);
  }, []);

  const onSend = () => {
    if (send(text, { reasoning, requestedTools: [] })) setText('');
  };

  const last = state.entries.at(-1);
  const growth = `${state.entries.length}:${last?.text.length ?? 0}:${state.status}`;
  useEffect(() => {
    if (growth && state.entries.length > 0) end.current?.scrollIntoView({ block: 'end', behavior: 'smooth' });
  }, [growth, state.entries.length]);

  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen
      radius={0}
      transitionProps={{ transition: 'fade', duration: 150 }}
      title={
        <Group gap="xs">
          <IconSparkles size={20} aria-hidden />
          <Text fw={700}>{t('overlay.title')}</Text>
          {who.className && (
            <Badge variant="light" radius="sm" tt="none" leftSection={<IconSchool size={12} aria-hidden />}>
              {who.className}
            </Badge>
          )}
        </Group>
      }
      closeButtonProps={{ 'aria-label': t('overlay.close') }}
      classNames={{ body: classes.body, content: classes.content }}
      data-testid="cue-overlay"
      zIndex={300}
    >
      <div className={classes.layout}>
        <section className={classes.conversation} aria-label={t('overlay.conversation')}>
          <ScrollArea className={classes.scroll} type="auto">
            <div className={classes.threadWrap}>
              {state.entries.length === 0 ? (
                <Stack align="center" gap={6} py="xl" ta="center">
                  <Title order={1} fz={26}>
                    {t('heading')}
                  </Title>
                  <Text c="dimmed" maw={520}>
                    {who.className ? t('intro', { className: who.className }) : t('messages.noClasses')}
                  </Text>
                </Stack>
              ) : (
                <Thread
                  entries={state.entries}
                  status={state.status}
                  names={names}
                  onSave={onSave}
                  onAnswer={(label, value) => send(label, { reasoning, requestedTools: [], answer: value })}
                />
              )}
              <div ref={end} />
            </div>
          </ScrollArea>
          <div className={classes.composer}>
            {state.entries.length > 0 && (
              <Group justify="flex-end" mb={6}>
                <Button
                  variant="subtle"
                  size="compact-xs"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  onClick={() => act({ type: 'new' })}
                >
                  {t('conversations.new')}
                </Button>
              </Group>
            )}
            <Composer
              value={text}
              onChange={setText}
              onSend={onSend}
              reasoning={reasoning}
              onReasoning={setReasoning}
              busy={state.status !== 'idle'}
              disabled={!who.classId}
              inputRef={input}
            />
          </div>
        </section>
        <SourcesPanel sources={sources} />
      </div>
      <Tooltip label={t('overlay.close')} position="top">
        <ActionIcon
          size={44}
          radius="xl"
          variant="filled"
          className={classes.toggle}
          onClick={onClose}
          aria-label={t('overlay.close')}
          aria-pressed
          data-testid="cue-overlay-toggle"
        >
          <IconX size={22} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Modal>
  );
}
