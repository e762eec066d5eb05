import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR } from '../../lib/api';
import { gotNoAnswer } from './outbox';

describe('a chat send that failed', () => {
  it('is kept and tried again when no answer came or the minute’s messages are used up', () => {
    expect(gotNoAnswer(new ApiError(0, 'offline', NETWORK_ERROR))).toBe(true);
    expect(gotNoAnswer(new ApiError(503, 'unavailable', 'NOT_READY'))).toBe(true);
    expect(gotNoAnswer(new ApiError(429, 'Too many messages. Please wait a moment.', 'RATE_LIMITED'))).toBe(true);
  });

  it('is given up, with its reason, when the server refused it', () => {
    expect(gotNoAnswer(new ApiError(403, 'Read only', 'READ_ONLY_CHANNEL'))).toBe(false);
    expect(gotNoAnswer(new ApiError(400, 'Invalid', 'VALIDATION_ERROR'))).toBe(false);
    expect(gotNoAnswer(new Error('x'))).toBe(false);
  });
});
