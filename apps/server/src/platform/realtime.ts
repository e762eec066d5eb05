import { ATTENDANCE_UPDATED_EVENT, COMMUNICATION_PUBLISHED_EVENT, PRESET_CODES } from '@cue/contract';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Server, type Socket } from 'socket.io';
import type { AccessClaims, TokenService } from './auth/tokens.js';
import type { EventBus } from './events.js';
import type { SessionChecker } from './http/guard.js';

export const classRoom = (classId: string) => `class:${classId}`;

export interface RealtimeDeps {
  tokens: TokenService;
  sessions: SessionChecker;
  events: EventBus;
  /** Whether the signed-in person may follow a class (its staff, or a parent of one of its children). */
  canFollowClass(auth: AccessClaims, classId: string): Promise<boolean>;
  /** On PostgreSQL, events reach sockets held by every server instance (LISTEN/NOTIFY). */
  pool?: pg.Pool;
}

/**
 * Socket.IO on the same port as the API. A socket authenticates with its access token in the
 * handshake (`auth: { token }`), joins class rooms it is allowed to follow, and receives what the
 * services announce on the event bus.
 */
export function attachRealtime(app: FastifyInstance, deps: RealtimeDeps): Server {
  const io = new Server(app.server, { path: '/socket.io', serveClient: false, cors: { origin: false } });
  if (deps.pool) {
    const pool = deps.pool;
    // Only a listening server takes part (one answering injected requests, as in tests, has no sockets).
    app.server.once('listening', () => {
      // Large payloads go through this table; small ones ride on NOTIFY.
      void pool
        .query(
          'create table if not exists socket_io_attachments (id bigserial unique, created_at timestamptz default now(), payload bytea)',
        )
        .catch(() => undefined);
      io.adapter(createAdapter(pool, { heartbeatInterval: 5_000 }));
    });
  }

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string') return next(new Error('Authentication required'));
    const verified = await deps.tokens.verifyAccess(token);
    if (!verified.ok || !(await deps.sessions.isActive(verified.claims.sessionId)))
      return next(new Error('Invalid or expired token'));
    socket.data.auth = verified.claims;
    next();
  });

  io.on('connection', (socket: Socket) => {
    const auth = socket.data.auth as AccessClaims;
    void socket.join(`user:${auth.userId}`);
    socket.on('join-class', async (classId: unknown, ack?: (answer: { ok: boolean; message?: string }) => void) => {
      const ok = typeof classId === 'string' && (await deps.canFollowClass(auth, classId).catch(() => false));
      if (ok) await socket.join(classRoom(classId as string));
      ack?.(ok ? { ok } : { ok, message: 'Not found' });
    });
    socket.on('leave-class', (classId: unknown) => {
      if (typeof classId === 'string') void socket.leave(classRoom(classId));
    });
  });

  deps.events.on('attendance.updated', (e) => {
    io.to(classRoom(e.classId)).emit(ATTENDANCE_UPDATED_EVENT, {
      class_id: e.classId,
      date: e.date,
      is_saved: e.isSaved,
      preset: PRESET_CODES.attendanceMarked,
    });
  });

  // One emit to all the class rooms: a parent with children in two classes hears it once.
  deps.events.on('communication.published', (e) => {
    if (e.classIds.length === 0) return;
    io.to(e.classIds.map(classRoom)).emit(COMMUNICATION_PUBLISHED_EVENT, {
      id: e.communicationId,
      type: e.type,
      title: e.title,
      class_ids: e.classIds,
      preset: PRESET_CODES.announcementCreated,
    });
  });

  // Open sockets would keep the HTTP server from closing: end them first.
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
    io.engine.close();
    // Gives the pool back its listening connection (PostgreSQL adapter).
    await io.of('/').adapter.close();
  });
  return io;
}
