import { useEffect, useRef } from 'react';
import { io, type Socket } from 'socket.io-client';
import { freshAccessToken } from './renewal';
import { getSession, onSessionChange } from './session';

/**
 * The one Socket.IO connection of the app (same origin, path /socket.io). It authenticates with the
 * active side's access token in the handshake (`auth: { token }`), renewed before each (re)connect,
 * and is closed when the session ends. The server disconnects it when that token expires; it then
 * connects again with a fresh one.
 */
let socket: Socket | null = null;

export function getSocket(): Socket | null {
  if (socket) return socket;
  if (!getSession()) return null;
  const opened = io({
    path: '/socket.io',
    transports: ['websocket'],
    auth: (cb) => {
      const side = getSession()?.activeSide ?? 'staff';
      void freshAccessToken(side).then(
        (token) => cb({ token }),
        () => cb({ token: null }),
      );
    },
  });
  // The server ends a socket when the access token it connected with expires or its session ends.
  // While the session lasts here, connect again with a fresh token; a refused handshake is not retried.
  opened.on('disconnect', (reason) => {
    if (reason === 'io server disconnect' && socket === opened && getSession()) opened.connect();
  });
  socket = opened;
  return socket;
}

/** Closes the connection (sign-out, side switch); the next getSocket() opens a new one. */
export function closeSocket(): void {
  socket?.disconnect();
  socket = null;
}

let lastSide: string | null | undefined;
onSessionChange(() => {
  const side = getSession()?.activeSide ?? null;
  if (side !== lastSide && socket) closeSocket();
  lastSide = side;
});

/**
 * Follows a class's room while mounted (`join-class`, re-sent after every reconnect) and calls
 * `handler` for each `event` the server sends. A null class id follows nothing.
 */
export function useClassEvent<T>(classId: string | null | undefined, event: string, handler: (payload: T) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!classId) return;
    const s = getSocket();
    if (!s) return;
    const join = () => s.emit('join-class', classId);
    const listener = (payload: T) => latest.current(payload);
    s.on('connect', join);
    s.on(event, listener);
    if (s.connected) join();
    return () => {
      s.off('connect', join);
      s.off(event, listener);
      s.emit('leave-class', classId);
    };
  }, [classId, event]);
}

/**
 * Calls `handler` for each `event` the server sends to the rooms the socket is already in (a family's own
 * room, joined by the server at connection). Nothing is joined or left; `enabled` false listens to nothing.
 */
export function useSocketEvent<T>(event: string, handler: (payload: T) => void, enabled = true): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!enabled) return;
    const s = getSocket();
    if (!s) return;
    const listener = (payload: T) => latest.current(payload);
    s.on(event, listener);
    return () => {
      s.off(event, listener);
    };
  }, [event, enabled]);
}
