import { CHAT_EVENTS, type ChatStreamResponse, ERROR_CODES } from '@cue/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { socketErrorText } from '../../lib/errors';
import { currentLanguage } from '../../lib/i18n';
import { errorText, toast } from '../../lib/notify';
import { getSocket } from '../../lib/socket';
import { conversationsKey, useSaveToolCall } from './api';
import type { CardProps } from './cards/CardFrame';
import { requestDateTime } from './drafts';
import { CUE_NS } from './i18n';
import { belongs, type ChatAction, chatReducer, initialChatState } from './stream';

/** How long a request may wait for its first answer before the page gives up on it. */
const FIRST_ANSWER_TIMEOUT_MS = 45_000;

export interface SendOptions {
  reasoning: boolean;
  requestedTools: string[];
  /** The value of a choice Cue offered, when the message is that choice's label. */
  answer?: string;
}

interface Who {
  classId: string | null;
  userId: string | null;
  userName: string;
}

let sequence = 0;
const localId = () => {
  sequence += 1;
  return `local-${Date.now().toString(36)}-${sequence}`;
};

/**
 * The conversation on screen, fed by the one socket: `chat-with-cue` out, its streamed answers in,
 * until `chat-with-cue-stream-end`. An answer carrying an error is shown as an error toast.
 */
export function useChat({ classId, userId, userName }: Who) {
  const { t } = useTranslation(CUE_NS);
  const client = useQueryClient();
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const latest = useRef(state);
  latest.current = state;
  const act = useCallback((action: ChatAction) => {
    // Keeps `latest` current between renders, so two sends in one tick see the first.
    latest.current = chatReducer(latest.current, action);
    dispatch(action);
  }, []);

  useEffect(() => {
    const socket = getSocket();
    if (!socket) return;
    const onResponse = (payload: ChatStreamResponse) => {
      if (payload.error && belongs(latest.current, payload.conversation_id)) toast.error(socketErrorText(payload));
      act({ type: 'response', payload });
    };
    const onEnd = (payload: { conversation_id?: string } | undefined) => {
      act({ type: 'end', conversationId: payload?.conversation_id });
      void client.invalidateQueries({ queryKey: ['cue', 'conversations'] });
    };
    const onDisconnect = () => {
      if (latest.current.status === 'idle') return;
      toast.error(t('chat.connection'));
      act({ type: 'failed' });
    };
    socket.on(CHAT_EVENTS.response, onResponse);
    socket.on(CHAT_EVENTS.end, onEnd);
    socket.on('disconnect', onDisconnect);
    return () => {
      socket.off(CHAT_EVENTS.response, onResponse);
      socket.off(CHAT_EVENTS.end, onEnd);
      socket.off('disconnect', onDisconnect);
    };
  }, [act, client, t]);

  // A request that never gets an answer (server gone, connection refused) ends with a message.
  useEffect(() => {
    if (state.status !== 'loading') return;
    const timer = window.setTimeout(() => {
      toast.error(t('chat.connection'));
      act({ type: 'failed' });
    }, FIRST_ANSWER_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [state.status, act, t]);

  /** Sends a message; false (and nothing sent) while busy, for blank text or without a class. */
  const send = useCallback(
    (text: string, options: SendOptions): boolean => {
      const socket = getSocket();
      const current = latest.current;
      const userInput = text.trim();
      if (!socket || !classId || !userId || current.status !== 'idle' || !userInput) return false;
      act({ type: 'send', id: localId(), text: userInput });
      const { date, time } = requestDateTime();
      socket.emit(CHAT_EVENTS.request, {
        user_query: {
          class_id: classId,
          user_input: userInput,
          requested_tools: options.requestedTools,
          mode: 'agent',
          date,
          time,
          // Cue's own sentences (questions, names not found, what it can do) come back in this language.
          locale: currentLanguage(),
          reasoning: options.reasoning,
          ...(options.answer ? { answer: options.answer } : {}),
          ...(current.conversationId ? { conversation_id: current.conversationId } : {}),
        },
        user_details: { user_id: userId, user_name: userName, user_role: 'staff' },
      });
      return true;
    },
    [act, classId, userId, userName],
  );

  // Another class is another set of conversations.
  useEffect(() => {
    if (classId) act({ type: 'new' });
  }, [classId, act]);

  const save = useCardSave(classId, act);

  return { state, send, act, save, conversationsKey: conversationsKey(classId) };
}

/**
 * A card's save, for the chat page and the small chat alike: the drafted call with the card's
 * arguments; an already saved call is marked saved; a refusal is shown in the reader's language.
 */
export function useCardSave(classId: string | null, act: (action: ChatAction) => void): CardProps['onSave'] {
  const { t } = useTranslation(CUE_NS);
  const saveCall = useSaveToolCall(classId);
  return useCallback(
    async (call, args) => {
      if (!call.id) return false;
      try {
        await saveCall.mutateAsync({ id: call.id, args });
        act({ type: 'saved', toolCallId: call.id, args });
        return true;
      } catch (err) {
        // A 409 is "already saved", except a completed attendance day and the carelog's allergen warning,
        // which leave the card to be checked and saved again.
        if (
          err instanceof ApiError &&
          err.status === 409 &&
          err.code !== ERROR_CODES.dayComplete &&
          err.code !== ERROR_CODES.allergenWarning
        ) {
          act({ type: 'saved', toolCallId: call.id, args: call.args });
          toast.error(t('messages.alreadySaved'));
        } else toast.error(errorText(err));
        return false;
      }
    },
    [act, saveCall.mutateAsync, t],
  );
}
