import type { CueTaskEndpoint } from '@cue/contract';
import type { Socket } from 'socket.io-client';

/** Resolves true once the socket is connected (at once if it is), false after `ms`. */
export function whenConnected(socket: Pick<Socket, 'connected' | 'connect' | 'once' | 'off'>, ms = 4000): Promise<boolean> {
  if (socket.connected) return Promise.resolve(true);
  return new Promise((resolve) => {
    const onConnect = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      socket.off('connect', onConnect);
      resolve(false);
    }, ms);
    socket.once('connect', onConnect);
    socket.connect();
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export type SendResult = { ok: true; answer: unknown } | { ok: false; error?: string };

/**
 * Emits a task endpoint event and waits for the server's acknowledgement (the task's first log).
 * Not sent: no connection within a few seconds, no acknowledgement in time, or an answer carrying
 * `error` (the server also sends that as a `message`, shown as a toast).
 */
export async function sendTask(
  socket: Socket | null,
  event: CueTaskEndpoint,
  payload: Record<string, unknown>,
  ackTimeoutMs = 15_000,
): Promise<SendResult> {
  if (!socket) return { ok: false };
  if (!(await whenConnected(socket))) return { ok: false };
  return new Promise<SendResult>((resolve) => {
    try {
      socket.timeout(ackTimeoutMs).emit(event, payload, (err: Error | null, answer: unknown) => {
        if (err) resolve({ ok: false });
        else if (isRecord(answer) && typeof answer.error === 'string' && answer.error)
          resolve({ ok: false, error: answer.error });
        else resolve({ ok: true, answer });
      });
    } catch {
      resolve({ ok: false });
    }
  });
}
