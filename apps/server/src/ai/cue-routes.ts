import { CUE_EVENTS, CUE_TASK_ENDPOINTS, type CueTaskEndpoint, findUnsafeText, ROUTES } from '@cue/contract';
import type { Server, Socket } from 'socket.io';
import { ClusterAdapter } from 'socket.io-adapter';
import type { AccessClaims } from '../platform/auth/tokens.js';
import { AppError } from '../platform/errors.js';
import type { Services } from '../platform/http/app.js';
import { unsafeTextError } from '../platform/http/errors.js';
import type { Router } from '../platform/http/route.js';
import { readUpload } from '../platform/http/upload.js';

const CUE_RELAY = 'cue-relay';
const AUDIO_MAX_BYTES = 10 * 1024 * 1024;

export function cueRoutes(route: Router, s: Services): void {
  route(ROUTES.cueTasks, async ({ auth }) => ({ result: await s.cueTasks.replay(auth) }));
  route(ROUTES.cueTranscribe, async ({ auth, req }) => ({
    result: {
      text: await s.aiMedia.transcribe(auth, () =>
        readUpload(req, ROUTES.cueTranscribe.upload, AUDIO_MAX_BYTES, 'The recording is too long'),
      ),
    },
  }));
  route(ROUTES.classAiBlocks, async ({ auth, params }) => ({
    result: await s.aiConfig.allBlocks(auth, params.id),
  }));
  route(ROUTES.classAiOptions, async ({ auth, params }) => ({
    result: await s.aiConfig.options(auth, params.id),
  }));
  route(ROUTES.classAiOptionsUpdate, async ({ auth, params, body }) => ({
    result: await s.aiConfig.updateOptions(auth, params.id, body),
  }));
  route(ROUTES.classAiBlocksByScreen, async ({ auth, params, body }) => ({
    result: await s.aiConfig.blocksByScreen(auth, params.id, body.screen_name),
  }));
  route(ROUTES.classAiBlocksUpdate, async ({ auth, params, body }) => ({
    result: await s.aiConfig.updateBlocks(auth, params.id, body),
  }));
  route(ROUTES.classAiPromptScreens, async ({ auth, params }) => ({
    result: await s.aiConfig.screens(auth, params.id),
  }));
  route(ROUTES.classAiPromptScreensUpdate, async ({ auth, params, body }) => ({
    result: await s.aiConfig.updateScreens(auth, params.id, body),
  }));
}

type Ack = (answer: unknown) => void;
const errorText = (err: unknown) => (err instanceof AppError ? err.message : 'Something went wrong');

/**
 * Cue's task events on the app's socket. Each endpoint event starts a task and acknowledges its first
 * log; progress reaches every socket of the person (room user:<id>) as task-log events, so a second
 * tab sees it too. A socket payload that fails carries an error field (shown as a toast).
 */
export function attachCue(io: Server, s: Services, log: { error(obj: unknown, msg: string): void }): void {
  // This instance's sockets get a task's logs at once and in order; other instances (PostgreSQL
  // adapter) get them through a server-side event and hand them to their own sockets.
  const deliver = (userId: string, event: string, payload: unknown) => io.local.to(`user:${userId}`).emit(event, payload);
  const relay = (userId: string, event: string, payload: unknown) => {
    // The in-memory adapter (one instance, the embedded database) has no other servers to tell.
    if (io.of('/').adapter instanceof ClusterAdapter) io.serverSideEmit(CUE_RELAY, userId, event, payload);
  };
  // Cue's tasks and the timetable's generation runs share the task panel.
  for (const source of [s.cueTasks, s.timetable])
    source.listen({
      log: (userId, taskLog) => {
        deliver(userId, CUE_EVENTS.taskLog, taskLog);
        relay(userId, CUE_EVENTS.taskLog, taskLog);
      },
      verbose: (userId, batch) => {
        deliver(userId, CUE_EVENTS.verboseLog, batch);
        relay(userId, CUE_EVENTS.verboseLog, batch);
      },
    });
  io.on(CUE_RELAY, (userId: string, event: string, payload: unknown) => deliver(userId, event, payload));
  io.on('connection', (socket: Socket) => {
    const claims = socket.data.auth as AccessClaims;
    // Each event acts as the socket's person with a scope of its own (permissions read afresh, as a request's).
    const scope = () => s.scopes.of({ ...claims });
    const answer = (ack: unknown, value: unknown) => {
      if (typeof ack === 'function') (ack as Ack)(value);
    };
    const guarded = (work: (payload: Record<string, unknown>) => Promise<unknown>) => async (payload: unknown, ack?: unknown) => {
      try {
        // Text no database can store is refused here, as route() refuses it for HTTP requests.
        const unsafe = findUnsafeText(payload, { json: true });
        if (unsafe !== null) throw unsafeTextError(unsafe || 'payload');
        answer(ack, await work((payload ?? {}) as Record<string, unknown>));
      } catch (err) {
        if (!(err instanceof AppError)) log.error({ err }, 'cue event failed');
        const error = errorText(err);
        answer(ack, { error });
        socket.emit(CUE_EVENTS.message, { error });
      }
    };
    for (const endpoint of CUE_TASK_ENDPOINTS)
      socket.on(
        endpoint,
        guarded((payload) => s.cueTasks.start(scope(), endpoint as CueTaskEndpoint, payload)),
      );
    socket.on(
      CUE_EVENTS.replay,
      guarded(async () => {
        const auth = scope();
        const logs = [...(await s.cueTasks.replay(auth)), ...(await s.timetable.replayLogs(auth))];
        for (const l of logs) socket.emit(CUE_EVENTS.taskLog, l);
        return { tasks: logs.length };
      }),
    );
    socket.on(
      CUE_EVENTS.selectOption,
      guarded((p) => s.cueTasks.selectOption(scope(), String(p.task_id ?? ''), String(p.value ?? ''))),
    );
    socket.on(
      CUE_EVENTS.request,
      guarded((p) => s.cueTasks.request(scope(), String(p.task_id ?? ''), String(p.text ?? ''))),
    );
    socket.on(
      CUE_EVENTS.retry,
      guarded((p) => s.cueTasks.retry(scope(), String(p.task_id ?? ''))),
    );
    socket.on(CUE_EVENTS.capabilities, (_p: unknown, ack?: unknown) =>
      s.aiMedia.capabilities(scope()).then(
        (can) => answer(ack, can),
        () => answer(ack, { captions: false, transcription: false }),
      ),
    );
    socket.on(
      CUE_EVENTS.imageCaption,
      guarded(async (p) => ({ caption: await s.aiMedia.caption(scope(), String(p.image_url ?? '')) })),
    );
    socket.on(
      CUE_EVENTS.multipleImageCaption,
      guarded(async (p) => {
        const urls = Array.isArray(p.image_urls) ? p.image_urls.map(String).slice(0, 10) : [];
        const auth = scope();
        return { captions: await Promise.all(urls.map((u) => s.aiMedia.caption(auth, u))) };
      }),
    );
  });
}
