import { randomUUID } from 'node:crypto';
import {
  ATTENDANCE_UPDATED_EVENT,
  CARE_UPDATED_EVENT,
  type CareUpdatedEvent,
  type ChatMessageEvent,
  type ChatReadEvent,
  type ChatTypingEvent,
  COMMUNICATION_PUBLISHED_EVENT,
  DISPERSAL_ALERT_EVENT,
  DISPERSAL_UPDATED_EVENT,
  type DispersalAlertEvent,
  type DispersalUpdatedEvent,
  ddmmyyyyFromIso,
  ERROR_CODES,
  LIBRARY_NOTICE_EVENT,
  type LibraryNoticeEvent,
  MESSAGE_EVENTS,
  MESSAGES,
  PRESET_CODES,
  REPORT_SHARED_EVENT,
  type ReportSharedEvent,
  STORY_PUBLISHED_EVENT,
  type StoryPublishedEvent,
  UNIT_UPDATED_EVENT,
  type UnitUpdatedEvent,
} from '@cue/contract';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Server, type Socket } from 'socket.io';
import type { AccessClaims, TokenService } from './auth/tokens.js';
import type { Clock } from './clock.js';
import type { EventBus } from './events.js';
import type { SessionChecker } from './http/guard.js';
import { withRequestId } from './request-context.js';

export const classRoom = (classId: string) => `class:${classId}`;
/** Every socket of one session: ending the session disconnects the room, on every instance. */
/** Every socket of one person (a story reaches its families there). */
export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

const CLASS_ROOM_PREFIX = 'class:';
/** setTimeout's longest delay; a later expiry is re-armed when it fires. */
const MAX_TIMER_MS = 2_147_483_647;

/** What a socket carries from its handshake. */
interface SocketData {
  auth: AccessClaims;
  /** When the access token it connected with expires: the socket ends then. */
  expiresAtMs: number;
  expiryTimer?: NodeJS.Timeout;
}

export interface RealtimeDeps {
  tokens: TokenService;
  sessions: SessionChecker;
  events: EventBus;
  clock: Clock;
  /** How often every open socket is checked again (session, token expiry, class rooms); 30 s by default. */
  checkEveryMs?: number;
  /**
   * Whether the signed-in person may follow a class (its staff, or a parent of one of its children): the
   * attendance service answers with `requireAccess` on the person's scope, asked afresh at each join and
   * each periodic check.
   */
  canFollowClass(auth: AccessClaims, classId: string): Promise<boolean>;
  /** A member of a conversation says they are typing: the chat service tells the other members (or ignores a non-member). */
  chatTyping?(auth: AccessClaims, conversationId: string): Promise<void>;
  /** On PostgreSQL, events reach sockets held by every server instance (LISTEN/NOTIFY). */
  pool?: pg.Pool;
}

/**
 * Socket.IO on the same port as the API. A socket authenticates with its access token in the
 * handshake (`auth: { token }`), joins class rooms it is allowed to follow, and receives what the
 * services announce on the event bus.
 *
 * A socket lives no longer than what it connected with: every incoming event (a room join included)
 * first checks that the session is still open and the access token not expired; the socket is
 * disconnected when its token expires (the client reconnects with a fresh one), when its session ends
 * (`session.ended` on the bus: logout, revocation, removal from the school, account deletion — sent
 * to the room `session:<id>`, which the PostgreSQL adapter carries to every instance), and by a
 * periodic check that also leaves class rooms the person may no longer follow.
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

  const dataOf = (socket: Socket) => socket.data as SocketData;
  const expired = (socket: Socket) => dataOf(socket).expiresAtMs <= deps.clock.now().getTime();
  /** Whether the socket may still act: its token has not expired and its session is open. */
  const live = async (socket: Socket): Promise<boolean> =>
    !expired(socket) && (await deps.sessions.isActive(dataOf(socket).auth.sessionId));
  const end = (socket: Socket) => {
    clearTimeout(dataOf(socket).expiryTimer);
    socket.disconnect(true);
  };
  /** Ends the socket when its access token expires (re-armed if the clock says not yet). */
  const armExpiry = (socket: Socket) => {
    if (!socket.connected) return;
    const left = dataOf(socket).expiresAtMs - deps.clock.now().getTime();
    if (left <= 0) return end(socket);
    const timer = setTimeout(() => armExpiry(socket), Math.min(left, MAX_TIMER_MS));
    timer.unref();
    dataOf(socket).expiryTimer = timer;
  };

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string') return next(new Error('Authentication required'));
    const verified = await deps.tokens.verifyAccess(token);
    if (!verified.ok || !(await deps.sessions.isActive(verified.claims.sessionId)))
      return next(new Error('Invalid or expired token'));
    const data: SocketData = { auth: verified.claims, expiresAtMs: verified.expiresAtMs };
    Object.assign(socket.data, data);
    next();
  });

  io.on('connection', (socket: Socket) => {
    const auth = dataOf(socket).auth;
    void socket.join([userRoom(auth.userId), sessionRoom(auth.sessionId)]);
    socket.on('disconnect', () => clearTimeout(dataOf(socket).expiryTimer));
    armExpiry(socket);
    // The session may have ended between the handshake and joining its room.
    void live(socket).then(
      (ok) => ok || end(socket),
      () => undefined,
    );
    // Every incoming event, whichever handler takes it, is checked first; the checks are chained so
    // that events still reach their handlers in the order they came. Each event is handled as a request
    // of its own: its handler's log lines, the jobs it schedules and the events it publishes carry one id.
    let checked: Promise<unknown> = Promise.resolve();
    socket.use((packet, next) => {
      checked = checked
        .then(() => live(socket))
        .then(
          (ok) => {
            if (ok) return withRequestId(`socket-${randomUUID()}`, () => next());
            const temp = auth.isTemp && expired(socket);
            const message = temp ? MESSAGES.tempTokenExpired : MESSAGES.invalidToken;
            const code = temp ? ERROR_CODES.tempTokenExpired : ERROR_CODES.invalidToken;
            const ack = packet[packet.length - 1];
            if (typeof ack === 'function') ack({ ok: false, message, code, error: message });
            end(socket);
          },
          () => {
            // The check could not be made (database unavailable): refuse this event, keep the socket.
            const ack = packet[packet.length - 1];
            if (typeof ack === 'function') ack({ ok: false, message: MESSAGES.internal, error: MESSAGES.internal });
          },
        );
    });
    socket.on('join-class', async (classId: unknown, ack?: (answer: { ok: boolean; message?: string }) => void) => {
      const ok = typeof classId === 'string' && (await deps.canFollowClass(auth, classId).catch(() => false));
      // A socket ended while the check ran does not join.
      if (ok && socket.connected) await socket.join(classRoom(classId as string));
      ack?.(ok ? { ok } : { ok, message: 'Not found' });
    });
    socket.on(MESSAGE_EVENTS.typing, (payload: unknown) => {
      const id = (payload as { conversation_id?: unknown } | null)?.conversation_id;
      if (typeof id === 'string' && deps.chatTyping) void deps.chatTyping(auth, id).catch(() => undefined);
    });
    socket.on('leave-class', (classId: unknown) => {
      if (typeof classId === 'string') void socket.leave(classRoom(classId));
    });
  });

  // Every socket of an ended session, on every instance, at once.
  deps.events.on('session.ended', (e) => {
    if (e.sessionIds.length > 0) io.in(e.sessionIds.map(sessionRoom)).disconnectSockets(true);
  });

  // The periodic check of this instance's sockets: session and token, then each followed class.
  let checking = false;
  const checkAll = async () => {
    if (checking) return;
    checking = true;
    try {
      for (const socket of [...io.of('/').sockets.values()]) {
        if (!socket.connected) continue;
        const ok = await live(socket).catch(() => true);
        if (!ok) {
          end(socket);
          continue;
        }
        for (const room of [...socket.rooms]) {
          if (!room.startsWith(CLASS_ROOM_PREFIX)) continue;
          const classId = room.slice(CLASS_ROOM_PREFIX.length);
          // A failed check is tried again next time rather than dropping the room.
          const allowed = await deps.canFollowClass(dataOf(socket).auth, classId).catch(() => true);
          if (!allowed) await socket.leave(room);
        }
      }
    } finally {
      checking = false;
    }
  };
  const checkTimer = setInterval(() => void checkAll(), deps.checkEveryMs ?? 30_000);
  checkTimer.unref();

  deps.events.on('attendance.updated', (e) => {
    io.to(classRoom(e.classId)).emit(ATTENDANCE_UPDATED_EVENT, {
      class_id: e.classId,
      // The event carries the ISO day; the wire says DD-MM-YYYY.
      date: ddmmyyyyFromIso(e.date),
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

  // A story reaches the open apps of its children's families only (each person's own room).
  deps.events.on('story.published', (e) => {
    if (e.userIds.length === 0) return;
    const payload: StoryPublishedEvent = {
      id: e.storyId,
      kind: e.kind as StoryPublishedEvent['kind'],
      title: e.title,
      class_id: e.classId,
    };
    io.to(e.userIds.map(userRoom)).emit(STORY_PUBLISHED_EVENT, payload);
  });

  // Chat: each member's own room; staff are not notified of a family's message in quiet hours.
  deps.events.on('chat.message', (e) => {
    const name = e.change === 'new' ? MESSAGE_EVENTS.message : MESSAGE_EVENTS.updated;
    const send = (userIds: string[], notify: boolean) => {
      if (userIds.length === 0) return;
      const payload: ChatMessageEvent = { conversation_id: e.conversationId, message: e.message, notify };
      io.to(userIds.map(userRoom)).emit(name, payload);
    };
    const notifyAll = e.change === 'new';
    send(e.staffUserIds, notifyAll && e.notifyStaff);
    send(e.familyUserIds, notifyAll);
  });
  deps.events.on('chat.typing', (e) => {
    if (e.userIds.length === 0) return;
    const payload: ChatTypingEvent = { conversation_id: e.conversationId, user_id: e.userId, name: e.name };
    io.to(e.userIds.map(userRoom)).emit(MESSAGE_EVENTS.typing, payload);
  });
  deps.events.on('chat.read', (e) => {
    if (e.userIds.length === 0) return;
    const payload: ChatReadEvent = { conversation_id: e.conversationId, user_id: e.userId, seq: e.seq };
    io.to(e.userIds.map(userRoom)).emit(MESSAGE_EVENTS.read, payload);
  });
  // Care reaches the own rooms of the class's staff and of the children's families only (a class room
  // would tell every family of the class which child had medicine).
  deps.events.on('care.updated', (e) => {
    const payload: CareUpdatedEvent = {
      class_id: e.classId,
      student_ids: e.studentIds,
      date: ddmmyyyyFromIso(e.date),
      kind: e.kind as CareUpdatedEvent['kind'],
    };
    if (e.userIds.length > 0) io.to(e.userIds.map(userRoom)).emit(CARE_UPDATED_EVENT, payload);
  });
  // Shared report cards reach the own rooms of the children's families: their list reads again.
  deps.events.on('report.shared', (e) => {
    const payload: ReportSharedEvent = { set_id: e.setId };
    if (e.userIds.length > 0) io.to(e.userIds.map(userRoom)).emit(REPORT_SHARED_EVENT, payload);
  });
  // An overdue library notice reaches the own rooms of the children's families: the child's library reads again.
  deps.events.on('library.notice', (e) => {
    const payload: LibraryNoticeEvent = { student_ids: e.studentIds };
    if (e.userIds.length > 0) io.to(e.userIds.map(userRoom)).emit(LIBRARY_NOTICE_EVENT, payload);
  });
  // A check-in or out reaches the own rooms of the child's family and of the class's staff (a class room
  // would tell every family of the class who collected which child).
  deps.events.on('dispersal.updated', (e) => {
    const payload: DispersalUpdatedEvent = {
      student_id: e.studentId,
      class_id: e.classId,
      kind: e.kind,
      at: e.at,
      adult_name: e.adultName,
    };
    if (e.userIds.length > 0) io.to(e.userIds.map(userRoom)).emit(DISPERSAL_UPDATED_EVENT, payload);
  });
  // A drop-off alert reaches the own rooms of the class's staff and of the school's drop-off admins.
  deps.events.on('dispersal.alert', (e) => {
    const payload: DispersalAlertEvent = e.alert;
    if (e.userIds.length > 0) io.to(e.userIds.map(userRoom)).emit(DISPERSAL_ALERT_EVENT, payload);
  });
  // A unit's change reaches the own rooms of its classes' staff: an open planner takes it in.
  deps.events.on('unit.updated', (e) => {
    const payload: UnitUpdatedEvent = {
      _id: e.unitId,
      version: e.version,
      changed: e.changed,
      by: { _id: e.by.id, name: e.by.name },
    };
    if (e.userIds.length > 0) io.to(e.userIds.map(userRoom)).emit(UNIT_UPDATED_EVENT, payload);
  });

  // Open sockets would keep the HTTP server from closing: end them first.
  app.addHook('preClose', async () => {
    clearInterval(checkTimer);
    io.disconnectSockets(true);
    io.engine.close();
    // Gives the pool back its listening connection (PostgreSQL adapter).
    await io.of('/').adapter.close();
  });
  return io;
}
