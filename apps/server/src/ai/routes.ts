import { AI_MESSAGES, CARELOG_MESSAGES, CHAT_EVENTS, findUnsafeText, ROUTES, UNSAFE_TEXT_MESSAGE } from '@cue/contract';
import type { Server, Socket } from 'socket.io';
import type { AccessClaims } from '../platform/auth/tokens.js';
import type { Services } from '../platform/http/app.js';
import type { Router } from '../platform/http/route.js';

const SAVED_MESSAGE: Record<string, string | undefined> = {
  mark_attendance: 'Attendance marked complete!',
  create_observation: 'Observation saved!',
};

export function aiRoutes(route: Router, s: Services): void {
  route(ROUTES.cueConversations, async ({ auth, query }) => ({
    result: await s.ai.conversations(auth, query.class_id),
  }));
  route(ROUTES.cueConversation, async ({ auth, params }) => ({
    result: await s.ai.conversation(auth, params.id),
  }));
  route(ROUTES.cueToolCallSave, async ({ auth, params, body }) => {
    const result = await s.ai.saveToolCall(auth, params.id, body.args);
    // A care card says what the carelog says of a whole-room entry: saved for how many children.
    const care = result.tool === 'log_care' ? (result.record as { entries: { student: { _id: string } }[] }) : null;
    const message = care
      ? CARELOG_MESSAGES.savedMany(new Set(care.entries.map((e) => e.student._id)).size)
      : SAVED_MESSAGE[result.tool];
    return { result, ...(message ? { message } : {}) };
  });
  route(ROUTES.aiSettings, async ({ auth }) => ({ result: await s.ai.settings(auth) }));
  route(ROUTES.aiSettingsUpdate, async ({ auth, body }) => ({
    result: await s.ai.updateSettings(auth, body.ai_provider),
  }));
}

/**
 * `chat-with-cue` on the app's socket: the request streams back as `chat-with-cue-stream-response`
 * events and ends with `chat-with-cue-stream-end`. Only staff sockets may chat.
 */
export function attachChat(io: Server, s: Services, log: { error(obj: unknown, msg: string): void }): void {
  io.on('connection', (socket: Socket) => {
    const auth = socket.data.auth as AccessClaims;
    socket.on(CHAT_EVENTS.request, async (payload: unknown) => {
      const emit = (event: unknown) => socket.emit(CHAT_EVENTS.response, event);
      let conversationId: string | null = null;
      // Text no database can store is refused here, as route() refuses it for HTTP requests.
      const unsafe = findUnsafeText(payload, { json: true });
      try {
        if (auth.kind !== 'staff')
          emit({ stream_mode: 'messages', data: null, conversation_id: '', error: AI_MESSAGES.notFound });
        else if (unsafe !== null)
          emit({ stream_mode: 'messages', data: null, conversation_id: '', error: `${unsafe}: ${UNSAFE_TEXT_MESSAGE}` });
        else conversationId = (await s.ai.chat(s.scopes.of({ ...auth }), payload, emit)).conversationId;
      } catch (err) {
        log.error({ err }, 'chat failed');
      } finally {
        socket.emit(CHAT_EVENTS.end, { conversation_id: conversationId ?? '' });
      }
    });
  });
}
