import { ActionIcon, Button, Paper, Text, Textarea } from '@mantine/core';
import { IconGripHorizontal, IconMessageChatbot, IconX } from '@tabler/icons-react';
import { type KeyboardEvent, lazy, type PointerEvent, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CUE_NS } from '../i18n';
import type { ChatEntry } from '../stream';
import type { CueContext } from '../tasks/useCueContext';
import { clampPosition, initialPosition, type Point, SMALL_CHAT_OFFSET, windowSize } from './position';
import classes from './SmallChat.module.css';
import { type Note, useSmallChat } from './useSmallChat';

/** The chat page's cards, loaded with the first answer that has one. */
const SmallChatCards = lazy(() => import('./SmallChatCards'));

const viewport = () => ({ width: window.innerWidth, height: window.innerHeight });

interface Bubble {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  error?: boolean;
  /** Cue's answer, for its cards and question. */
  entry?: ChatEntry;
  /** A later message answered the question of this one. */
  answered?: boolean;
}

/** The stream's entries with the notes put where they were written. */
function bubblesOf(entries: ChatEntry[], notes: Note[]): Bubble[] {
  const out: Bubble[] = [];
  entries.forEach((entry, index) => {
    for (const n of notes) if (n.at === index) out.push(n);
    const cards = entry.role === 'assistant' && (entry.toolCalls.length > 0 || !!entry.clarify);
    if (entry.role === 'user' || entry.text || cards)
      out.push({
        id: entry.id,
        role: entry.role,
        text: entry.clarify ? '' : entry.text,
        ...(cards ? { entry, answered: entries.slice(index + 1).some((e) => e.role === 'user') } : {}),
      });
  });
  for (const n of notes) if (n.at >= entries.length) out.push(n);
  return out;
}

/**
 * The small floating AI chat (super admins with access_new_modules): a draggable 420x560 window that
 * asks Cue questions about the class and shows the streamed answer.
 */
export function SmallChatWindow({ who, onClose }: { who: CueContext; onClose: () => void }) {
  const { t, i18n } = useTranslation(CUE_NS);
  const rtl = i18n.dir() === 'rtl';
  const [position, setPosition] = useState<Point>(() => initialPosition(viewport(), rtl));
  const [size, setSize] = useState(() => windowSize(viewport()));
  const [text, setText] = useState('');
  const drag = useRef<{ pointer: number; dx: number; dy: number } | null>(null);
  const end = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const chat = useSmallChat(who);
  const bubbles = bubblesOf(chat.state.entries, chat.notes);

  useEffect(() => {
    const onResize = () => {
      setSize(windowSize(viewport()));
      setPosition((p) => clampPosition(p, viewport()));
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  useEffect(() => input.current?.focus(), []);

  const lastText = bubbles.at(-1)?.text.length ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the conversation as it grows
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [bubbles.length, lastText, chat.pending]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target as HTMLElement).closest('[data-no-drag]')) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointer: event.pointerId, dx: event.clientX - position.x, dy: event.clientY - position.y };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointer !== event.pointerId) return;
    setPosition(clampPosition({ x: event.clientX - d.dx, y: event.clientY - d.dy }, viewport()));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointer === event.pointerId) drag.current = null;
  };
  // The keyboard moves it too: arrow keys on the header, 16 px a press.
  const onHeaderKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = SMALL_CHAT_OFFSET;
    const moves: Record<string, Point> = {
      ArrowLeft: { x: -step, y: 0 },
      ArrowRight: { x: step, y: 0 },
      ArrowUp: { x: 0, y: -step },
      ArrowDown: { x: 0, y: step },
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setPosition((p) => clampPosition({ x: p.x + move.x, y: p.y + move.y }, viewport()));
  };

  const submit = async () => {
    if (chat.pending || !text.trim()) return;
    const value = text;
    if (await chat.send(value)) setText((current) => (current === value ? '' : current));
  };
  // Escape closes the window, wherever the focus is inside it.
  const onWindowKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onClose();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <Paper
      className={classes.window}
      shadow="xl"
      radius="lg"
      withBorder
      role="dialog"
      aria-labelledby="small-chat-title"
      style={{ left: position.x, top: position.y, width: size.width, height: size.height }}
      data-testid="small-chat"
      onKeyDown={onWindowKey}
      data-x={position.x}
      data-y={position.y}
    >
      <div
        className={classes.header}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        data-testid="small-chat-header"
      >
        <IconMessageChatbot size={18} aria-hidden />
        <Text fw={700} fz="sm" id="small-chat-title" className={classes.title}>
          {t('smallChat.title')}
        </Text>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          onKeyDown={onHeaderKey}
          aria-label={t('smallChat.move')}
          className={classes.grip}
        >
          <IconGripHorizontal size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon variant="subtle" color="gray" size="sm" onClick={onClose} aria-label={t('smallChat.close')} data-no-drag>
          <IconX size={16} aria-hidden />
        </ActionIcon>
      </div>
      <div className={classes.messages} aria-live="polite" data-testid="small-chat-messages" data-status={chat.state.status}>
        {bubbles.length === 0 ? (
          <Text c="dimmed" fz="sm" ta="center" className={classes.placeholder}>
            {t('smallChat.empty')}
          </Text>
        ) : (
          bubbles.map((b) => {
            const bubble = (
              <div
                key={b.id}
                className={b.role === 'user' ? classes.user : classes.assistant}
                data-error={b.error || undefined}
                data-testid={b.role === 'user' ? 'small-chat-user' : 'small-chat-answer'}
                dir="auto"
              >
                {b.text}
              </div>
            );
            if (!b.entry) return bubble;
            return (
              <div key={b.id} className={classes.withCards}>
                {b.text && bubble}
                <Suspense fallback={null}>
                  <SmallChatCards
                    entry={b.entry}
                    classId={who.classId}
                    onSave={chat.save}
                    onAnswer={(label, value) => void chat.send(label, value)}
                    answered={!!b.answered || chat.pending}
                  />
                </Suspense>
              </div>
            );
          })
        )}
        {chat.state.status === 'loading' && <span className={classes.typing} role="status" aria-label={t('chat.thinking')} />}
        <div ref={end} />
      </div>
      <div className={classes.footer}>
        <Textarea
          ref={input}
          className={classes.input}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          placeholder={t('smallChat.placeholder')}
          aria-label={t('smallChat.inputLabel')}
          autosize
          minRows={1}
          maxRows={4}
          maxLength={4000}
          data-testid="small-chat-input"
        />
        <Button onClick={() => void submit()} aria-disabled={chat.pending || !text.trim()} data-testid="small-chat-send">
          {chat.pending ? t('smallChat.sending') : t('smallChat.send')}
        </Button>
      </div>
    </Paper>
  );
}
