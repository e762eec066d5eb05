import { CHAT_EVENTS, type ChatStreamResponse, CUE_MESSAGES } from '@cue/contract';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { socketErrorText } from '../../../lib/errors';
import { currentLanguage } from '../../../lib/i18n';
import { getSocket } from '../../../lib/socket';
import { requestDateTime } from '../drafts';
import { CUE_NS } from '../i18n';
import { belongs, type ChatAction, chatReducer, initialChatState } from '../stream';
import { missingContext } from '../tasks/request';
import { staffToken } from '../tasks/useCueContext';
import { useCardSave } from '../useChat';
import { whenConnected } from '../voice/send';

const FIRST_ANSWER_TIMEOUT_MS = 45_000;

/** A bubble of the small chat that the stream did not write: a message that could not be sent, a failure. */
export interface Note {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  /** Shown before the stream entry at this position (after all entries when equal to their count). */
  at: number;
  error?: boolean;
}

let sequence = 0;
const nextId = (prefix: string) => {
  sequence += 1;
  return `${prefix}-${Date.now().toString(36)}-${sequence}`;
};

/**
 * The small chat window's conversation: `chat-with-cue` in mode 'ask' over the one socket, its
 * streamed answer shown as it comes. Blank text and sends while an answer is pending are ignored;
 * missing context and failures become assistant bubbles (spec section 8).
 */
export function useSmallChat({ classId, userId, userName }: { classId: string | null; userId: string | null; userName: string }) {
  const { t } = useTranslation(CUE_NS);
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const [notes, setNotes] = useState<Note[]>([]);
  const [connecting, setConnecting] = useState(false);
  const latest = useRef(state);
  latest.current = state;
  const act = useCallback((action: ChatAction) => {
    latest.current = chatReducer(latest.current, action);
    dispatch(action);
  }, []);
  const note = useCallback((role: Note['role'], text: string, error = false) => {
    setNotes((list) => [...list, { id: nextId('note'), role, text, at: latest.current.entries.length, error }]);
  }, []);
  const failedText = t('smallChat.failed', { defaultValue: CUE_MESSAGES.failedResponse });
  const failure = useRef(failedText);
  failure.current = failedText;

  useEffect(() => {
    const socket = getSocket();
    if (!socket) return;
    const onResponse = (payload: ChatStreamResponse) => {
      const mine = latest.current.status !== 'idle' && belongs(latest.current, payload.conversation_id);
      act({ type: 'response', payload });
      if (mine && payload.error) note('assistant', socketErrorText(payload), true);
    };
    const onEnd = (payload: { conversation_id?: string } | undefined) => {
      const before = latest.current;
      if (before.status === 'idle' || !belongs(before, payload?.conversation_id)) return;
      act({ type: 'end', conversationId: payload?.conversation_id });
      // An answer that ended without a word from Cue.
      const last = latest.current.entries.at(-1);
      if (!last || last.role === 'user' || (!last.text && last.toolCalls.length === 0)) note('assistant', failure.current, true);
    };
    const onDisconnect = () => {
      if (latest.current.status === 'idle') return;
      act({ type: 'failed' });
      note('assistant', failure.current, true);
    };
    socket.on(CHAT_EVENTS.response, onResponse);
    socket.on(CHAT_EVENTS.end, onEnd);
    socket.on('disconnect', onDisconnect);
    return () => {
      socket.off(CHAT_EVENTS.response, onResponse);
      socket.off(CHAT_EVENTS.end, onEnd);
      socket.off('disconnect', onDisconnect);
    };
  }, [act, note]);

  useEffect(() => {
    if (state.status !== 'loading') return;
    const timer = window.setTimeout(() => {
      act({ type: 'failed' });
      note('assistant', failure.current, true);
    }, FIRST_ANSWER_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [state.status, act, note]);

  const pending = connecting || state.status !== 'idle';

  /** Sends a message; false when it was ignored (blank, or an answer is pending). */
  const send = useCallback(
    async (text: string, answer?: string): Promise<boolean> => {
      const userInput = text.trim();
      if (!userInput || connecting || latest.current.status !== 'idle') return false;
      const token = staffToken();
      const missing = missingContext({ token, classId, userId });
      if (missing.length > 0) {
        note('user', userInput);
        note(
          'assistant',
          `${t('smallChat.missingContext', { defaultValue: CUE_MESSAGES.missingContext })}: ${missing.join(', ')}`,
          true,
        );
        return true;
      }
      const socket = getSocket();
      setConnecting(true);
      const connected = socket ? await whenConnected(socket) : false;
      setConnecting(false);
      if (!socket || !connected) {
        note('user', userInput);
        note('assistant', failure.current, true);
        return true;
      }
      act({ type: 'send', id: nextId('local'), text: userInput });
      const { date, time } = requestDateTime();
      try {
        socket.emit(CHAT_EVENTS.request, {
          user_query: {
            class_id: classId,
            user_input: userInput,
            requested_tools: [],
            mode: 'ask',
            ...(answer ? { answer } : {}),
            date,
            time,
            // Cue's own sentences come back in the interface's language.
            locale: currentLanguage(),
            ...(latest.current.conversationId ? { conversation_id: latest.current.conversationId } : {}),
          },
          user_details: { token, user_id: userId, user_name: userName, user_role: 'staff' },
        });
      } catch (err) {
        act({ type: 'failed' });
        note('assistant', err instanceof Error && err.message ? err.message : failure.current, true);
      }
      return true;
    },
    [act, classId, connecting, note, t, userId, userName],
  );

  const reset = useCallback(() => {
    act({ type: 'new' });
    setNotes([]);
  }, [act]);

  const save = useCardSave(classId, act);

  return { state, notes, pending, send, reset, save };
}
