/**
 * A local OpenAI-compatible chat-completions server that replays recorded answers, so that the
 * external-provider path (ChatOpenAI, streamed tool calls, the agent graph, the tools node's confinement)
 * is scored by `npm run ai:eval -- --provider openai` without a network or a model.
 *
 * A recording is keyed by the request's last user message and holds the assistant message a model
 * answered it with, in the chat-completions format (`content`, `tool_calls[].function.{name, arguments}`).
 * Children and the class are written as placeholders resolved against the request's own system prompt:
 * `{{student:Kabir Khan}}` is that child's id in the roster the prompt carries, `{{class}}` the class's id
 * when the prompt names one (ids differ between databases; names do not).
 *
 * After a tool result (a question answered from the records) the server answers in words, with the
 * tool's answer: the graph's second step. A message without a recording answers with no tool call, and
 * is counted in `misses`.
 *
 *   node --import tsx apps/server/src/ai/eval/replay/server.ts [--port 4555] [--fixture recorded.json]
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface RecordedMessage {
  content?: string | null;
  tool_calls?: { id?: string; type?: 'function'; function: { name: string; arguments: string } }[];
}

/** `{ "<last user message>": <assistant message> }`. */
export type Recordings = Record<string, RecordedMessage>;

export const DEFAULT_FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'recorded.json');

export const readRecordings = (file = DEFAULT_FIXTURE): Recordings => {
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as { recordings?: Recordings } & Recordings;
  return raw.recordings ?? raw;
};

interface WireMessage {
  role: string;
  content?: string | { type: string; text?: string }[] | null;
}

const textOf = (m: WireMessage | undefined): string =>
  typeof m?.content === 'string' ? m.content : (m?.content ?? []).map((p) => p.text ?? '').join('');

const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/** The roster (and class id) the system prompt gives as data. */
function rosterOf(messages: WireMessage[]): { children: Map<string, string>; classId: string | null } {
  const system = textOf(messages.find((m) => m.role === 'system'));
  const children = new Map<string, string>();
  const block = /Roster \(data\):\s*```json\s*([\s\S]*?)```/.exec(system);
  if (block?.[1]) {
    try {
      for (const c of JSON.parse(block[1]) as { id: string; name: string }[]) children.set(norm(c.name), c.id);
    } catch {
      // An unreadable roster: placeholders stay unresolved (and the tools node drops them).
    }
  }
  const classId = /Class id: "?([0-9a-f]{24})"?/.exec(system)?.[1] ?? null;
  return { children, classId };
}

/** Placeholders of a recorded argument string resolved against the request's roster. */
function resolve(text: string, roster: ReturnType<typeof rosterOf>): string {
  return text
    .replace(/\{\{student:([^}]+)\}\}/g, (_m, name: string) => roster.children.get(norm(name)) ?? `unknown-${norm(name)}`)
    .replace(/\{\{class\}\}/g, roster.classId ?? '000000000000000000000000');
}

export interface ReplayServer {
  url: string;
  /** The user messages that had no recording. */
  misses: string[];
  /** How many completions were asked for. */
  requests: number;
  /** Replays these recordings from now on. */
  use(recordings: Recordings): void;
  close(): Promise<void>;
}

let sequence = 0;

/** The answer to one chat-completions request: the recording's message, or words after a tool result. */
function answer(body: { messages?: WireMessage[] }, recordings: Recordings, misses: string[]): RecordedMessage {
  const messages = body.messages ?? [];
  const last = messages.at(-1);
  if (last?.role === 'tool') {
    // The graph's second step: the question's answer, in words.
    const answers = messages
      .slice(messages.map((m) => m.role).lastIndexOf('assistant') + 1)
      .filter((m) => m.role === 'tool')
      .map((m) => {
        try {
          return String((JSON.parse(textOf(m)) as { answer?: string }).answer ?? '');
        } catch {
          return textOf(m);
        }
      });
    return { content: answers.filter(Boolean).join('\n\n') || 'Done.' };
  }
  const user = [...messages].reverse().find((m) => m.role === 'user');
  const said = textOf(user);
  const recorded = recordings[said] ?? Object.entries(recordings).find(([k]) => norm(k) === norm(said))?.[1];
  if (!recorded) {
    misses.push(said);
    return { content: 'I have no recording for this message.' };
  }
  const roster = rosterOf(messages);
  return {
    content: recorded.content ?? null,
    tool_calls: (recorded.tool_calls ?? []).map((c, i) => ({
      id: c.id ?? `call_${++sequence}_${i}`,
      type: 'function' as const,
      function: { name: c.function.name, arguments: resolve(c.function.arguments, roster) },
    })),
  };
}

/** Starts the replay server on localhost (`port` 0: any free port). */
export async function startReplayServer(options: { recordings?: Recordings; port?: number } = {}): Promise<ReplayServer> {
  const state = { misses: [] as string[], requests: 0, recordings: options.recordings ?? readRecordings() };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || !/\/chat\/completions$/.test(req.url ?? '')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error' } }));
        return;
      }
      let body: { messages?: WireMessage[]; stream?: boolean; model?: string };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'Invalid JSON', type: 'invalid_request_error' } }));
        return;
      }
      state.requests++;
      const message = answer(body, state.recordings, state.misses);
      const id = `chatcmpl-replay-${++sequence}`;
      const created = Math.floor(Date.now() / 1000);
      const model = body.model ?? 'replay';
      const finish = message.tool_calls?.length ? 'tool_calls' : 'stop';
      if (!body.stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id,
            object: 'chat.completion',
            created,
            model,
            choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: finish }],
            usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      const send = (delta: Record<string, unknown>, finishReason: string | null = null) =>
        res.write(
          `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`,
        );
      send({ role: 'assistant', content: '' });
      // Tool calls as a model streams them: the name first, then the arguments in pieces.
      (message.tool_calls ?? []).forEach((call, index) => {
        send({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] });
        const args = call.function.arguments;
        for (let at = 0; at < args.length; at += 48)
          send({ tool_calls: [{ index, function: { arguments: args.slice(at, at + 48) } }] });
      });
      for (const piece of message.content?.match(/\S+\s*/g) ?? []) send({ content: piece });
      send({}, finish);
      res.write('data: [DONE]\n\n');
      res.end();
    });
  });
  await new Promise<void>((done) => server.listen(options.port ?? 0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    get misses() {
      return state.misses;
    },
    get requests() {
      return state.requests;
    },
    use: (recordings) => {
      state.recordings = recordings;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

// Run on its own: serves the committed recordings (or --fixture) until stopped.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const option = (name: string) => {
    const at = process.argv.indexOf(`--${name}`);
    return at >= 0 ? process.argv[at + 1] : undefined;
  };
  const fixture = option('fixture');
  const replay = await startReplayServer({
    recordings: readRecordings(fixture ?? DEFAULT_FIXTURE),
    port: Number(option('port') ?? 4555),
  });
  console.log(
    `Replaying recorded chat completions at ${replay.url} (AI_PROVIDER=openai LLM_BASE_URL=${replay.url} LLM_MODEL=replay)`,
  );
}
