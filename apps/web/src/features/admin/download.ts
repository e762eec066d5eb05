import { ERROR_CODES } from '@cue/contract';
import { ApiError, NETWORK_ERROR } from '../../lib/api';
import { type Route, routeUrl } from '../../lib/http';
import { freshAccessToken, renewAccess } from '../../lib/renewal';

/** The file name a `content-disposition: attachment; filename="..."` header gives, if any. */
export function attachmentName(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1]?.trim() ?? null;
}

/** The path parameters and query of a download. */
export interface FileRequest {
  params?: Record<string, string>;
  query?: object;
}

async function fetchFile(route: Route, request: FileRequest, token: string | null): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(routeUrl(route.path, request.params, request.query), {
      method: route.method,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
    });
  } catch (err) {
    throw new ApiError(0, err instanceof Error ? err.message : 'Network error', NETWORK_ERROR);
  }
  if (response.ok) return response;
  let body: { message?: unknown; code?: unknown } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // not a JSON error body
  }
  throw new ApiError(
    response.status,
    typeof body.message === 'string' ? body.message : response.statusText || `HTTP ${response.status}`,
    typeof body.code === 'string' ? body.code : `HTTP_${response.status}`,
  );
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a file route (a CSV template or report) with the staff side's bearer token, renewing an
 * expired access token once as the API client does, and saves it under the server's file name.
 */
export async function downloadFile(route: Route, fallbackName: string, request: FileRequest = {}): Promise<string> {
  const token = await freshAccessToken('staff');
  let response: Response;
  try {
    response = await fetchFile(route, request, token);
  } catch (err) {
    const expired = err instanceof ApiError && err.status === 401 && err.code === ERROR_CODES.invalidToken;
    if (!expired || !token) throw err;
    const renewed = await renewAccess('staff', token).catch(() => null);
    if (!renewed || renewed === token) throw err;
    response = await fetchFile(route, request, renewed);
  }
  const filename = attachmentName(response.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(await response.blob(), filename);
  return filename;
}
