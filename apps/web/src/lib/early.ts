/**
 * GET answers asked for as the app starts (main.tsx), before the code that needs them has loaded, so
 * that the first screen's calls travel while its code does. The API client takes each answer once
 * (lib/http.ts) and treats it as its own; an answer nobody takes is dropped after a minute.
 */
export interface EarlyAnswer {
  status: number;
  statusText: string;
  text: string;
}

const answers = new Map<string, Promise<EarlyAnswer>>();
const keyOf = (path: string, token: string | null) => `${path} ${token ?? ''}`;

export function fetchEarly(path: string, token: string | null): void {
  const key = keyOf(path, token);
  if (answers.has(key)) return;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const answer = fetch(path, { headers, credentials: 'same-origin' }).then(async (response) => ({
    status: response.status,
    statusText: response.statusText,
    text: await response.text(),
  }));
  answer.catch(() => undefined);
  answers.set(key, answer);
  setTimeout(() => {
    if (answers.get(key) === answer) answers.delete(key);
  }, 60_000);
}

/** The early answer to this GET with this token, once; undefined when there is none. */
export function takeEarly(path: string, token: string | null): Promise<EarlyAnswer> | undefined {
  const key = keyOf(path, token);
  const answer = answers.get(key);
  answers.delete(key);
  return answer;
}
