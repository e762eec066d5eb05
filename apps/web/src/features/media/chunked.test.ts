import { ERROR_CODES, type MediaItem, type UploadSession } from '@cue/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR } from '../../lib/http';
import { type ChunkTransport, sendsInChunks, uploadInChunks } from './chunked';

const ITEM = { _id: 'i'.repeat(24) } as MediaItem;

/** A server in memory: keeps the bytes received, refuses chunks out of place, can drop answers or chunks. */
function fakeServer(size: number, chunk: number, faults: ('drop-answer' | 'lose-chunk' | 'refuse' | null)[] = []) {
  let received = 0;
  const puts: number[] = [];
  const session = (): UploadSession => ({
    _id: 's'.repeat(24),
    size,
    received,
    chunk_size: chunk,
    item: received >= size ? ITEM : null,
  });
  const transport: ChunkTransport = {
    start: async (_classId, body) => {
      expect(body.size).toBe(size);
      return session();
    },
    status: async () => session(),
    put: async (_id, offset, bytes, onProgress) => {
      puts.push(offset);
      const fault = faults.shift() ?? null;
      if (fault === 'lose-chunk') throw new ApiError(0, 'Network error', NETWORK_ERROR);
      if (fault === 'refuse') throw new ApiError(400, 'bad', ERROR_CODES.validation);
      if (offset !== received) throw new ApiError(409, `Send the file from byte ${received}`, ERROR_CODES.conflict);
      received = Math.min(size, received + bytes.size);
      onProgress(bytes.size);
      if (fault === 'drop-answer') throw new ApiError(0, 'Network error', NETWORK_ERROR);
      return session();
    },
    wait: async () => undefined,
  };
  return { transport, puts };
}

const file = (size: number) => Object.assign(new Blob([new Uint8Array(size)], { type: 'video/mp4' }), { name: 'clip.mp4' });

describe('uploads in chunks', () => {
  it('are used for large files only', () => {
    expect(sendsInChunks(8 * 1024 * 1024)).toBe(false);
    expect(sendsInChunks(8 * 1024 * 1024 + 1)).toBe(true);
  });

  it('send every chunk at its offset and end with the gallery item', async () => {
    const { transport, puts } = fakeServer(10, 4);
    const progress: number[] = [];
    const item = await uploadInChunks('c'.repeat(24), file(10), { privacy: 'class' }, (f) => progress.push(f), { transport });
    expect(item).toBe(ITEM);
    expect(puts).toEqual([0, 4, 8]);
    expect(progress.at(-1)).toBe(1);
  });

  it('resume where the server stands after a lost answer or a lost chunk', async () => {
    const { transport, puts } = fakeServer(10, 4, [null, 'drop-answer', 'lose-chunk']);
    const item = await uploadInChunks('c'.repeat(24), file(10), { privacy: 'class' }, () => undefined, { transport });
    expect(item).toBe(ITEM);
    // The second chunk arrived though its answer was lost: the next one goes on from byte 8, twice after the lost chunk.
    expect(puts).toEqual([0, 4, 8, 8]);
  });

  it('stop on a refusal that is not about the connection, and after too many failures', async () => {
    const refused = fakeServer(10, 4, [null, 'refuse']);
    await expect(
      uploadInChunks('c'.repeat(24), file(10), { privacy: 'class' }, () => undefined, { transport: refused.transport }),
    ).rejects.toMatchObject({ code: ERROR_CODES.validation });
    const flaky = fakeServer(10, 4, Array(10).fill('lose-chunk'));
    await expect(
      uploadInChunks('c'.repeat(24), file(10), { privacy: 'class' }, () => undefined, { transport: flaky.transport }),
    ).rejects.toMatchObject({ code: NETWORK_ERROR });
    expect(flaky.puts.length).toBe(6);
  });
});
