import { CUE_EVENTS, CUE_MESSAGES } from '@cue/contract';

/** What this server can do besides the tasks: describe photos, turn recorded speech into text. */
export interface CueCapabilities {
  captions: boolean;
  transcription: boolean;
}

export const NO_CAPABILITIES: CueCapabilities = { captions: false, transcription: false };

/** The part of a Socket.IO client these calls use (a fake one in tests). */
export interface AckEmitter {
  connected: boolean;
  timeout(ms: number): { emit(event: string, payload: unknown, ack: (err: Error | null, answer: unknown) => void): unknown };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads a `cue-capabilities` answer; anything else means neither. */
export function readCapabilities(answer: unknown): CueCapabilities {
  if (!isRecord(answer)) return NO_CAPABILITIES;
  return { captions: answer.captions === true, transcription: answer.transcription === true };
}

function ask(socket: AckEmitter, event: string, payload: unknown, ms: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    socket.timeout(ms).emit(event, payload, (err, answer) => (err ? reject(err) : resolve(answer)));
  });
}

/** Asks the server what it can do (an acknowledged `cue-capabilities`); neither when it does not answer. */
export async function fetchCapabilities(socket: AckEmitter | null, ms = 5000): Promise<CueCapabilities> {
  if (!socket) return NO_CAPABILITIES;
  try {
    return readCapabilities(await ask(socket, CUE_EVENTS.capabilities, {}, ms));
  } catch {
    return NO_CAPABILITIES;
  }
}

/** The caption of one picture (`getImageCaption`); the server's error, e.g. 'no caption model configured', is thrown. */
export async function requestCaption(socket: AckEmitter | null, imageUrl: string, ms = 30_000): Promise<string> {
  if (!socket) throw new Error(CUE_MESSAGES.failedResponse);
  const answer = await ask(socket, CUE_EVENTS.imageCaption, { image_url: imageUrl }, ms);
  if (isRecord(answer) && typeof answer.error === 'string' && answer.error) throw new Error(answer.error);
  if (isRecord(answer) && typeof answer.caption === 'string') return answer.caption;
  throw new Error(CUE_MESSAGES.failedResponse);
}

let cached: { socket: unknown; pending: Promise<CueCapabilities> } | null = null;

/** The capabilities, asked once per connection; a question left unanswered is asked again next time. */
export function capabilitiesOf(socket: AckEmitter | null, ms = 5000): Promise<CueCapabilities> {
  if (!socket) return Promise.resolve(NO_CAPABILITIES);
  if (cached?.socket === socket) return cached.pending;
  const entry: { socket: unknown; pending: Promise<CueCapabilities> } = { socket, pending: Promise.resolve(NO_CAPABILITIES) };
  entry.pending = ask(socket, CUE_EVENTS.capabilities, {}, ms).then(readCapabilities, () => {
    if (cached === entry) cached = null;
    return NO_CAPABILITIES;
  });
  cached = entry;
  return entry.pending;
}
