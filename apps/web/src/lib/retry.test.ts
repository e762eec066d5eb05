import { RETRY_BASE_DELAY_MS, RETRY_JITTER, RETRY_MAX_ATTEMPTS } from '@cue/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, isNetworkFailure, NETWORK_ERROR, send } from './http';
import { backoffDelay, withRetry } from './retry';

const networkError = () => new ApiError(0, 'Failed to fetch', NETWORK_ERROR);
const httpError = (status: number) => new ApiError(status, 'Nope', `HTTP_${status}`);

/** A task that fails with the given errors in turn, then answers 'ok'. */
function failing(...errors: Error[]) {
  return vi.fn(async (_attempt: number) => {
    const error = errors.shift();
    if (error) throw error;
    return 'ok';
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('backoffDelay', () => {
  it('doubles from 500 ms without jitter', () => {
    const middle = () => 0.5;
    expect([1, 2, 3].map((attempt) => backoffDelay(attempt, { random: middle }))).toEqual([500, 1000, 2000]);
  });

  it('varies each wait by at most 20 % either way', () => {
    expect(RETRY_BASE_DELAY_MS).toBe(500);
    expect(RETRY_JITTER).toBe(0.2);
    expect(backoffDelay(1, { random: () => 0 })).toBe(400);
    expect(backoffDelay(1, { random: () => 0.999999 })).toBe(600);
    expect(backoffDelay(2, { random: () => 0 })).toBe(800);
    expect(backoffDelay(2, { random: () => 0.999999 })).toBe(1200);
    for (let i = 0; i < 200; i++) {
      const delay = backoffDelay(2);
      expect(delay).toBeGreaterThanOrEqual(800);
      expect(delay).toBeLessThanOrEqual(1200);
    }
  });
});

describe('withRetry for the auth calls', () => {
  const options = { shouldRetry: isNetworkFailure, random: () => 0.5 };

  it('tries again after 500 ms and then 1000 ms, and answers once the network is back', async () => {
    const task = failing(networkError(), networkError());
    const done = withRetry(task, options);
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(task).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(3);
    await expect(done).resolves.toBe('ok');
    expect(task.mock.calls.map(([attempt]) => attempt)).toEqual([1, 2, 3]);
  });

  it('gives up after 3 attempts with the last network error', async () => {
    expect(RETRY_MAX_ATTEMPTS).toBe(3);
    const last = networkError();
    const task = failing(networkError(), networkError(), last, networkError());
    const done = withRetry(task, options);
    const outcome = expect(done).rejects.toBe(last);
    await vi.advanceTimersByTimeAsync(10_000);
    await outcome;
    expect(task).toHaveBeenCalledTimes(3);
  });

  it('never retries an HTTP error status', async () => {
    for (const status of [400, 401, 404, 421, 422, 429, 500, 503]) {
      const error = httpError(status);
      const task = failing(error);
      const done = withRetry(task, options);
      const outcome = expect(done).rejects.toBe(error);
      await vi.advanceTimersByTimeAsync(10_000);
      await outcome;
      expect(task, String(status)).toHaveBeenCalledTimes(1);
    }
  });

  it('retries a timeout and an unanswered request the same way', async () => {
    const timeout = new ApiError(0, 'The operation timed out.', NETWORK_ERROR);
    const task = failing(timeout);
    const done = withRetry(task, options);
    await vi.advanceTimersByTimeAsync(500);
    await expect(done).resolves.toBe('ok');
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('waits within the jitter bounds', async () => {
    const waits: number[] = [];
    const task = failing(networkError(), networkError());
    const done = withRetry(task, { shouldRetry: isNetworkFailure, onRetry: ({ delayMs }) => waits.push(delayMs) });
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(done).resolves.toBe('ok');
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(400);
    expect(waits[0]).toBeLessThanOrEqual(600);
    expect(waits[1]).toBeGreaterThanOrEqual(800);
    expect(waits[1]).toBeLessThanOrEqual(1200);
  });

  it('stops waiting when the call is abandoned', async () => {
    const controller = new AbortController();
    const task = failing(networkError(), networkError());
    const done = withRetry(task, { ...options, signal: controller.signal });
    const outcome = expect(done).rejects.toThrow('left the page');
    await vi.advanceTimersByTimeAsync(100);
    controller.abort(new Error('left the page'));
    await outcome;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('makes one attempt only when told to', async () => {
    const task = failing(networkError());
    const done = withRetry(task, { ...options, attempts: 1 });
    const outcome = expect(done).rejects.toBeInstanceOf(ApiError);
    await vi.advanceTimersByTimeAsync(10_000);
    await outcome;
    expect(task).toHaveBeenCalledTimes(1);
  });
});

describe('send (the API client underneath every call)', () => {
  const route = (method: 'GET' | 'POST', path: string) => ({ method, path, access: 'public' as const });
  const offline = () =>
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('retries an auth GET that got no answer, three attempts in all', async () => {
    const fetch = offline();
    vi.stubGlobal('fetch', fetch);
    const done = send(route('GET', '/api/phone_login_enabling/'), null);
    const outcome = expect(done).rejects.toMatchObject({ status: 0, code: NETWORK_ERROR });
    await vi.advanceTimersByTimeAsync(5_000);
    await outcome;
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('does not retry an HTTP error answer', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: 'Nope', code: 'X' }), { status: 503 }));
    vi.stubGlobal('fetch', fetch);
    const outcome = expect(send(route('GET', '/api/google_login/'), null)).rejects.toMatchObject({
      status: 503,
      message: 'Nope',
    });
    await vi.advanceTimersByTimeAsync(5_000);
    await outcome;
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('does not retry what must not run twice: writes, and the refresh-token rotation', async () => {
    for (const [method, path, options] of [
      ['POST', '/api/otp/send', {}],
      ['GET', '/api/renew_refresh_token/', { retryNetwork: false }],
    ] as const) {
      const fetch = offline();
      vi.stubGlobal('fetch', fetch);
      const outcome = expect(send(route(method, path), 'token', options)).rejects.toMatchObject({ code: NETWORK_ERROR });
      await vi.advanceTimersByTimeAsync(5_000);
      await outcome;
      expect(fetch, path).toHaveBeenCalledTimes(1);
    }
  });
});
