import { type AnswerOf, ApiError, NETWORK_ERROR, type ResultOf, type Route } from './http';
import { freshAccessToken, renewAccess } from './renewal';
import { getSession, type Side } from './session';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0 to 100. */
  percent: number;
}

export interface UploadOptions {
  /** Which side's token to send; by default the active side. */
  side?: Side;
  signal?: AbortSignal;
  /** Other multipart fields sent before the file. */
  fields?: Record<string, string>;
}

interface Envelope<T> {
  result: T;
  message?: string;
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function once<T>(
  path: string,
  body: FormData,
  token: string | null,
  onProgress: ((progress: UploadProgress) => void) | undefined,
  signal: AbortSignal | undefined,
): Promise<Envelope<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (!onProgress) return;
      const total = event.lengthComputable ? event.total : 0;
      onProgress({ loaded: event.loaded, total, percent: total ? Math.min(100, Math.round((event.loaded / total) * 100)) : 0 });
    };
    xhr.onload = () => {
      const data = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.({ loaded: 1, total: 1, percent: 100 });
        resolve(data as Envelope<T>);
        return;
      }
      const envelope = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
      reject(
        new ApiError(
          xhr.status,
          typeof envelope.message === 'string' ? envelope.message : xhr.statusText || `HTTP ${xhr.status}`,
          typeof envelope.code === 'string' ? envelope.code : `HTTP_${xhr.status}`,
        ),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error', NETWORK_ERROR));
    xhr.ontimeout = () => reject(new ApiError(0, 'Timed out', NETWORK_ERROR));
    xhr.onabort = () => reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        reject(signal.reason);
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(body);
  });
}

/**
 * Uploads one file to an upload route (in the form field its entry names) with the session's bearer
 * token, reporting upload progress (XMLHttpRequest, since fetch has no upload progress). Renews an
 * expired access token once, like the API client. Resolves with the route's answer; throws an ApiError.
 */
export async function uploadFile<R extends Route & { upload: string }>(
  route: R,
  file: Blob,
  onProgress?: (progress: UploadProgress) => void,
  options: UploadOptions = {},
): Promise<AnswerOf<R>> {
  type T = ResultOf<R>;
  const { path, upload: field } = route;
  const form = () => {
    const body = new FormData();
    for (const [name, value] of Object.entries(options.fields ?? {})) body.append(name, value);
    body.append(field, file, file instanceof File ? file.name : 'upload');
    return body;
  };
  const side = options.side ?? getSession()?.activeSide ?? 'staff';
  const token = await freshAccessToken(side);
  try {
    return (await once<T>(path, form(), token, onProgress, options.signal)) as AnswerOf<R>;
  } catch (err) {
    const expired = err instanceof ApiError && err.status === 401;
    if (!expired || !token) throw err;
    const renewed = await renewAccess(side, token).catch(() => null);
    if (!renewed || renewed === token) throw err;
    return (await once<T>(path, form(), renewed, onProgress, options.signal)) as AnswerOf<R>;
  }
}
