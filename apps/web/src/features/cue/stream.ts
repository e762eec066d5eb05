import {
  type ChatClarification,
  type ChatContentPart,
  type ChatMessage,
  type ChatStreamResponse,
  MIN_STREAMED_ID_LENGTH,
} from '@cue/contract';
import { clarificationOf } from './clarify';
import { parsePartialObject } from './partialJson';

/** Streamed ids (tool calls, children, classes) count only once they are this long (spec sections 5 and 9). */
export const isStreamedId = (value: unknown): value is string =>
  typeof value === 'string' && value.length >= MIN_STREAMED_ID_LENGTH;

export interface Source {
  title: string;
  url: string;
}

/** A tool call as a card shows it: growing while its arguments stream, final once the graph step is complete. */
export interface ToolCallView {
  /** Stable while it streams (React key). */
  key: string;
  /** The id the card saves by; null until a real one (24 characters or more) has arrived. */
  id: string | null;
  name: string;
  /** The streamed argument text so far. */
  argsText: string;
  /** The arguments as far as they can be read. */
  args: Record<string, unknown>;
  /** Whether the arguments are final (the step's complete message, the end of the stream, or a reopened conversation). */
  complete: boolean;
  saved: boolean;
  /** The position of the call in its message (tool_call_chunks' index). */
  index: number;
}

export interface ChatEntry {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  sources: Source[];
  toolCalls: ToolCallView[];
  /** Whether the complete message of its graph step has arrived. */
  final: boolean;
  /** A question Cue asked instead of guessing, with its choices. */
  clarify?: ChatClarification;
}

export type ChatStatus = 'idle' | 'loading' | 'streaming';

export interface ChatState {
  conversationId: string | null;
  status: ChatStatus;
  entries: ChatEntry[];
  /** Conversations left while they were still streaming: their late events are dropped. */
  dropped: string[];
}

export type ChatAction =
  | { type: 'send'; id: string; text: string }
  | { type: 'response'; payload: ChatStreamResponse }
  | { type: 'end'; conversationId?: string }
  /** The request could not be sent or the connection failed. */
  | { type: 'failed' }
  /** A stored conversation; `saved` are its saved cards, with the arguments they were saved with. */
  | { type: 'open'; conversationId: string; messages: ChatMessage[]; saved?: SavedCall[] }
  | { type: 'new' }
  | { type: 'saved'; toolCallId: string; args: Record<string, unknown> };

export interface SavedCall {
  id: string;
  args?: Record<string, unknown>;
}

export const initialChatState: ChatState = { conversationId: null, status: 'idle', entries: [], dropped: [] };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Content may be a list of parts (the contract) or, leniently, a plain string. */
function partsOf(content: unknown): ChatContentPart[] {
  if (typeof content === 'string') return content ? [{ type: 'text', text: content }] : [];
  if (!Array.isArray(content)) return [];
  return content.filter((p): p is ChatContentPart => isRecord(p) && p.type === 'text' && typeof p.text === 'string');
}

const textOf = (content: unknown): string =>
  partsOf(content)
    .map((p) => p.text)
    .join('');

function sourcesOf(content: unknown): Source[] {
  const out: Source[] = [];
  for (const part of partsOf(content)) {
    for (const a of part.annotations ?? []) {
      if (isRecord(a) && typeof a.url === 'string' && typeof a.title === 'string') out.push({ title: a.title, url: a.url });
    }
  }
  return out;
}

function mergeSources(a: Source[], b: Source[]): Source[] {
  if (b.length === 0) return a;
  const seen = new Set(a.map((s) => s.url));
  return [...a, ...b.filter((s) => !seen.has(s.url) && seen.add(s.url))];
}

const emptyEntry = (id: string, role: ChatEntry['role']): ChatEntry => ({
  id,
  role,
  text: '',
  sources: [],
  toolCalls: [],
  final: false,
});

/** A streamed piece of a message: text appended, tool-call argument text appended. */
function applyChunk(entry: ChatEntry, message: ChatMessage): ChatEntry {
  const text = entry.text + textOf(message.content);
  const sources = mergeSources(entry.sources, sourcesOf(message.content));
  let toolCalls = entry.toolCalls;
  const chunks = Array.isArray(message.tool_call_chunks) ? message.tool_call_chunks : [];
  for (const chunk of chunks) {
    if (!isRecord(chunk)) continue;
    const index = typeof chunk.index === 'number' ? chunk.index : undefined;
    const chunkId = isStreamedId(chunk.id) ? chunk.id : null;
    let at = toolCalls.findIndex((c) => (index !== undefined ? c.index === index : chunkId !== null && c.id === chunkId));
    // Without an index or a known id, a piece continues the last call.
    if (at < 0 && index === undefined && chunkId === null && toolCalls.length > 0) at = toolCalls.length - 1;
    const current: ToolCallView =
      at >= 0
        ? (toolCalls[at] as ToolCallView)
        : {
            key: `${entry.id}:${index ?? toolCalls.length}`,
            id: null,
            name: '',
            argsText: '',
            args: {},
            complete: false,
            saved: false,
            index: index ?? toolCalls.length,
          };
    if (current.complete) continue;
    const argsText = current.argsText + (typeof chunk.args === 'string' ? chunk.args : '');
    const next: ToolCallView = {
      ...current,
      id: current.id ?? chunkId,
      name: current.name || (typeof chunk.name === 'string' ? chunk.name : ''),
      argsText,
      args: parsePartialObject(argsText),
    };
    toolCalls = at >= 0 ? toolCalls.map((c, i) => (i === at ? next : c)) : [...toolCalls, next];
  }
  // A chunk without pieces but with parsed calls (some providers) adds them as they stand.
  if (chunks.length === 0 && Array.isArray(message.tool_calls) && message.tool_calls.length > 0) {
    toolCalls = applyCalls(entry.id, toolCalls, message.tool_calls, false);
  }
  const clarify = entry.clarify ?? clarificationOf(message);
  return { ...entry, text, sources, toolCalls, ...(clarify ? { clarify } : {}) };
}

/** The calls of a message as they stand; `complete` when they are the step's final ones. */
function applyCalls(entryId: string, toolCalls: ToolCallView[], calls: unknown[], complete: boolean): ToolCallView[] {
  let out = toolCalls;
  const matched = new Set<string>();
  calls.forEach((call, position) => {
    if (!isRecord(call)) return;
    const id = isStreamedId(call.id) ? call.id : null;
    const args = isRecord(call.args) ? call.args : {};
    let at = id ? out.findIndex((c) => c.id === id) : -1;
    if (at < 0) at = out.findIndex((c) => c.index === position && (c.id === null || c.id === id));
    const current = at >= 0 ? (out[at] as ToolCallView) : null;
    const next: ToolCallView = {
      key: current?.key ?? `${entryId}:${position}`,
      id: id ?? current?.id ?? null,
      name: typeof call.name === 'string' && call.name ? call.name : (current?.name ?? ''),
      argsText: JSON.stringify(args),
      args,
      complete: complete || (current?.complete ?? false),
      saved: (current?.saved ?? false) || args.is_saved === true,
      index: current?.index ?? position,
    };
    if (current?.saved) next.args = current.args;
    matched.add(next.key);
    out = at >= 0 ? out.map((c, i) => (i === at ? next : c)) : [...out, next];
  });
  // The step's final calls are all there is: a call the server left out (not on the roster) goes.
  return complete ? out.filter((c) => matched.has(c.key)) : out;
}

/** The complete message of a graph step replaces what streamed under its id. */
function applyComplete(entry: ChatEntry, message: ChatMessage): ChatEntry {
  const text = textOf(message.content);
  const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
  const clarify = clarificationOf(message) ?? entry.clarify;
  return {
    ...entry,
    text: text || entry.text,
    sources: mergeSources(entry.sources, sourcesOf(message.content)),
    toolCalls: applyCalls(entry.id, entry.toolCalls, calls, true),
    final: true,
    ...(clarify ? { clarify } : {}),
  };
}

/** Index of the first entry of the current turn (after the last user message). */
const turnStart = (entries: ChatEntry[]): number => {
  for (let i = entries.length - 1; i >= 0; i -= 1) if (entries[i]?.role === 'user') return i + 1;
  return 0;
};

/** Where a complete message belongs: its id, else the streamed entry of this turn it completes. */
function findForComplete(entries: ChatEntry[], message: ChatMessage): number {
  const byId = entries.findIndex((e) => e.id === message.id);
  if (byId >= 0) return byId;
  const text = textOf(message.content);
  const ids = new Set((message.tool_calls ?? []).map((c) => c.id).filter(isStreamedId));
  for (let i = turnStart(entries); i < entries.length; i += 1) {
    const entry = entries[i] as ChatEntry;
    if (entry.role !== 'assistant' || entry.final) continue;
    if (entry.toolCalls.some((c) => c.id !== null && ids.has(c.id))) return i;
    if (entry.toolCalls.length === 0 && ids.size === 0 && entry.text && text.startsWith(entry.text)) return i;
  }
  return -1;
}

const isAssistant = (message: unknown): message is ChatMessage =>
  isRecord(message) && typeof message.id === 'string' && (message.type === 'ai' || message.role === 'assistant');

function upsert(entries: ChatEntry[], at: number, entry: ChatEntry): ChatEntry[] {
  return at >= 0 ? entries.map((e, i) => (i === at ? entry : e)) : [...entries, entry];
}

function applyResponse(state: ChatState, payload: ChatStreamResponse): ChatState {
  let entries = state.entries;
  if (payload.stream_mode === 'messages' && Array.isArray(payload.data)) {
    const message = payload.data[0];
    if (isAssistant(message)) {
      const at = entries.findIndex((e) => e.id === message.id);
      const current = at >= 0 ? (entries[at] as ChatEntry) : emptyEntry(message.id, 'assistant');
      if (!current.final) entries = upsert(entries, at, applyChunk(current, message));
    }
  } else if (payload.stream_mode === 'updates' && isRecord(payload.data)) {
    for (const step of Object.values(payload.data)) {
      if (!isRecord(step) || !Array.isArray(step.messages)) continue;
      for (const message of step.messages) {
        if (!isAssistant(message)) continue;
        const at = findForComplete(entries, message);
        const current = at >= 0 ? (entries[at] as ChatEntry) : emptyEntry(message.id, 'assistant');
        entries = upsert(entries, at, applyComplete(current, message));
      }
    }
  }
  return { ...state, entries };
}

/** Whether an event belongs to the conversation on screen. */
export function belongs(state: ChatState, conversationId: string | undefined): boolean {
  if (conversationId && state.dropped.includes(conversationId)) return false;
  if (state.conversationId) return !conversationId || conversationId === state.conversationId;
  // A new conversation: its first answer names it.
  return state.status !== 'idle';
}

/** Everything a finished stream left as a draft becomes final (still saveable only with a real id). */
const settle = (entries: ChatEntry[]): ChatEntry[] =>
  entries.map((e) =>
    e.role === 'assistant' && e.toolCalls.some((c) => !c.complete)
      ? { ...e, toolCalls: e.toolCalls.map((c) => (c.complete ? c : { ...c, complete: true })) }
      : e,
  );

/** Turns stream events and the page's own actions into the conversation on screen. */
export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'send':
      if (state.status !== 'idle' || !action.text.trim()) return state;
      return {
        ...state,
        status: 'loading',
        entries: [...state.entries, { ...emptyEntry(action.id, 'user'), text: action.text, final: true }],
      };
    case 'response': {
      const { payload } = action;
      if (!belongs(state, payload.conversation_id)) return state;
      const conversationId = state.conversationId ?? (payload.conversation_id || null);
      if (payload.error) return { ...state, conversationId, status: 'idle', entries: settle(state.entries) };
      return { ...applyResponse(state, payload), conversationId, status: 'streaming' };
    }
    case 'end':
      if (!belongs(state, action.conversationId)) return state;
      return {
        ...state,
        conversationId: state.conversationId ?? (action.conversationId || null),
        status: 'idle',
        entries: settle(state.entries),
      };
    case 'failed':
      return { ...state, status: 'idle', entries: settle(state.entries) };
    case 'new':
    case 'open': {
      const dropped = state.status !== 'idle' && state.conversationId ? [...state.dropped, state.conversationId] : state.dropped;
      if (action.type === 'new') return { ...initialChatState, dropped };
      return {
        conversationId: action.conversationId,
        status: 'idle',
        entries: fromHistory(action.messages, action.saved),
        dropped,
      };
    }
    case 'saved':
      return {
        ...state,
        entries: state.entries.map((e) =>
          e.toolCalls.some((c) => c.id === action.toolCallId)
            ? {
                ...e,
                toolCalls: e.toolCalls.map((c) =>
                  c.id === action.toolCallId ? { ...c, args: action.args, saved: true, complete: true } : c,
                ),
              }
            : e,
        ),
      };
  }
}

/** A reopened conversation: its stored messages (people's and the assistant's) with the saved cards marked. */
export function fromHistory(messages: ChatMessage[], savedCalls: SavedCall[] = []): ChatEntry[] {
  const saved = new Map(savedCalls.map((c) => [c.id, c.args] as const));
  const entries: ChatEntry[] = [];
  for (const message of messages) {
    if (!isRecord(message) || typeof message.id !== 'string') continue;
    if (message.type === 'human' || message.role === 'user') {
      entries.push({ ...emptyEntry(message.id, 'user'), text: textOf(message.content), final: true });
    } else if (isAssistant(message)) {
      const at = entries.findIndex((e) => e.id === message.id);
      const current = at >= 0 ? (entries[at] as ChatEntry) : emptyEntry(message.id, 'assistant');
      const entry = applyComplete(current, message);
      entry.toolCalls = entry.toolCalls.map((c) =>
        c.id && saved.has(c.id) ? { ...c, saved: true, args: saved.get(c.id) ?? c.args } : c,
      );
      if (at >= 0) entries[at] = entry;
      else entries.push(entry);
    }
  }
  return entries;
}
