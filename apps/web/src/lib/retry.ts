import { RETRY_BASE_DELAY_MS, RETRY_JITTER, RETRY_MAX_ATTEMPTS } from '@cue/contract';

/**
 * Retry with exponential backoff (spec sections 7 and 9): up to RETRY_MAX_ATTEMPTS attempts, waiting
 * RETRY_BASE_DELAY_MS, then twice that, and so on, each wait varied by +/- RETRY_JITTER. Which failures
 * are worth another attempt is the caller's rule (`shouldRetry`); the auth calls retry only when no
 * answer came back at all (no response, timeout, network error), never on an HTTP error status.
 */
export interface RetryOptions {
  /** Attempts in all, the first included. */
  attempts?: number;
  baseDelayMs?: number;
  /** 0.2 means each wait is between 80 % and 120 % of its nominal value. */
  jitter?: number;
  /** Whether this failure may be tried again. Nothing is retried unless it says so. */
  shouldRetry: (error: unknown) => boolean;
  /** A number in [0, 1); Math.random by default. */
  random?: () => number;
  /** Stops waiting (and retrying) at once; the pending wait rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Told before each wait. */
  onRetry?: (info: { attempt: number; delayMs: number; error: unknown }) => void;
}

/** The wait after failed attempt number `attempt` (1-based): base * 2^(attempt-1), +/- jitter. */
export function backoffDelay(
  attempt: number,
  { baseDelayMs = RETRY_BASE_DELAY_MS, jitter = RETRY_JITTER, random = Math.random } = {},
): number {
  const nominal = baseDelayMs * 2 ** (attempt - 1);
  return Math.round(nominal * (1 + (random() * 2 - 1) * jitter));
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Runs `task` (given the 1-based attempt number) until it succeeds, may not be retried, or runs out of attempts. */
export async function withRetry<T>(task: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const attempts = Math.max(1, options.attempts ?? RETRY_MAX_ATTEMPTS);
  for (let attempt = 1; ; attempt++) {
    try {
      return await task(attempt);
    } catch (error) {
      if (attempt >= attempts || options.signal?.aborted || !options.shouldRetry(error)) throw error;
      const delayMs = backoffDelay(attempt, options);
      options.onRetry?.({ attempt, delayMs, error });
      await wait(delayMs, options.signal);
    }
  }
}
