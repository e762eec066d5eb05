import {
  CHUNK_CONTENT_TYPE,
  ERROR_CODES,
  MEDIA_CHUNKED_ABOVE,
  type MediaItem,
  type MediaPrivacy,
  ROUTES,
  type UploadSession,
} from '@cue/contract';
import { ApiError, apiResult, NETWORK_ERROR } from '../../lib/api';
import { isNetworkFailure, routeUrl } from '../../lib/http';
import { freshAccessToken, renewAccess } from '../../lib/renewal';

/**
 * Large files (videos above MEDIA_CHUNKED_ABOVE) go to the gallery in chunks: a session is opened with
 * the file's name, type and size, then each chunk is PUT at its offset (`Upload-Offset`). A dropped
 * connection or a chunk the server did not expect is resumed from where the server says it stands, so
 * a flaky phone network does not start a 100 MB video over.
 */

/** Whether a file is sent in chunks rather than in one request. */
export const sendsInChunks = (size: number): boolean => size > MEDIA_CHUNKED_ABOVE;

/** The calls the chunked upload makes; the browser's by default, a fake in tests. */
export interface ChunkTransport {
  start(
    classId: string,
    body: { file_name: string; mime_type: string; size: number; privacy?: MediaPrivacy },
  ): Promise<UploadSession>;
  status(id: string): Promise<UploadSession>;
  put(
    id: string,
    offset: number,
    bytes: Blob,
    onProgress: (loaded: number) => void,
    signal?: AbortSignal,
  ): Promise<UploadSession>;
  wait(ms: number): Promise<void>;
}

/** Attempts in a row that may fail (network, or a chunk out of place) before the upload gives up. */
export const CHUNK_RETRIES = 5;

const resumable = (err: unknown) => isNetworkFailure(err) || (err instanceof ApiError && err.code === ERROR_CODES.conflict);

/** Sends a file in chunks, resuming after failures; resolves with the gallery item the last chunk made. */
export async function uploadInChunks(
  classId: string,
  file: Blob & { name?: string },
  fields: { privacy: MediaPrivacy },
  onProgress: (fraction: number) => void,
  options: { signal?: AbortSignal; transport?: ChunkTransport } = {},
): Promise<MediaItem> {
  const transport = options.transport ?? browserTransport;
  let session = await transport.start(classId, {
    file_name: file.name || 'upload',
    mime_type: file.type || 'application/octet-stream',
    size: file.size,
    privacy: fields.privacy,
  });
  let failures = 0;
  while (!session.item) {
    options.signal?.throwIfAborted();
    const offset = session.received;
    const chunk = file.slice(offset, Math.min(file.size, offset + session.chunk_size));
    try {
      session = await transport.put(
        session._id,
        offset,
        chunk,
        (loaded) => onProgress((offset + loaded) / file.size),
        options.signal,
      );
      failures = 0;
    } catch (err) {
      if (!resumable(err) || failures >= CHUNK_RETRIES) throw err;
      failures += 1;
      await transport.wait(500 * 2 ** (failures - 1));
      // Where the server stands now: the chunk may have arrived even if its answer did not.
      session = await transport.status(session._id);
    }
    onProgress(session.received / file.size);
  }
  return session.item;
}

/** One chunk by XMLHttpRequest (upload progress), with the staff side's token. */
function putOnce(
  id: string,
  token: string | null,
  offset: number,
  bytes: Blob,
  onProgress: (loaded: number) => void,
  signal?: AbortSignal,
): Promise<UploadSession> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(ROUTES.mediaUploadChunk.method, routeUrl(ROUTES.mediaUploadChunk.path, { id }));
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('content-type', CHUNK_CONTENT_TYPE);
    xhr.setRequestHeader('upload-offset', String(offset));
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.timeout = 120_000;
    xhr.upload.addEventListener('progress', (event) => onProgress(event.loaded));
    const failed = (text: string) => () => reject(new ApiError(0, text, NETWORK_ERROR));
    xhr.addEventListener('error', failed('Network error'));
    xhr.addEventListener('timeout', failed('The upload timed out'));
    xhr.addEventListener('abort', () => reject(signal?.reason ?? new DOMException('Aborted', 'AbortError')));
    xhr.addEventListener('load', () => {
      let data: { result?: UploadSession; message?: string; code?: string } = {};
      try {
        data = JSON.parse(xhr.responseText || '{}');
      } catch {
        data = {};
      }
      if (xhr.status >= 200 && xhr.status < 300 && data.result) resolve(data.result);
      else reject(new ApiError(xhr.status, data.message ?? xhr.statusText, data.code ?? `HTTP_${xhr.status}`));
    });
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(bytes);
  });
}

const browserTransport: ChunkTransport = {
  start: (classId, body) => apiResult(ROUTES.mediaUploadStart, { side: 'staff', params: { id: classId }, body }),
  status: (id) => apiResult(ROUTES.mediaUploadStatus, { side: 'staff', params: { id } }),
  async put(id, offset, bytes, onProgress, signal) {
    const token = await freshAccessToken('staff');
    try {
      return await putOnce(id, token, offset, bytes, onProgress, signal);
    } catch (err) {
      // An access token that expired on the way is renewed once, as the API client does.
      if (!(err instanceof ApiError && err.status === 401 && err.code === ERROR_CODES.invalidToken) || !token) throw err;
      const renewed = await renewAccess('staff', token).catch(() => null);
      if (!renewed || renewed === token) throw err;
      return putOnce(id, renewed, offset, bytes, onProgress, signal);
    }
  },
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
