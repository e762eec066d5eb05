import { FILE_RESPONSE, findUnsafeText, type RouteDef } from '@cue/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { withRequestId } from '../request-context.js';
import { unsafeTextError } from './errors.js';
import type { AuthContext } from './guard.js';
import { encodingFor, type KeptAnswer, type ResponseCache } from './response-cache.js';

type Authenticate = (req: FastifyRequest, def: RouteDef) => Promise<AuthContext | null>;

/** The request as a handler sees it: its params, query and body come only from the route entry's schemas. */
export type RouteRequest = Omit<FastifyRequest, 'body' | 'query' | 'params'>;

type AuthFor<D extends RouteDef> = D['access'] extends 'public' | 'refresh' ? null : AuthContext;
type Part<D, K extends 'params' | 'query' | 'body' | 'headers'> = D extends { [P in K]: infer S extends z.ZodType }
  ? { [P in K]: z.output<S> }
  : unknown;

/** What a handler gets: the caller, and each part of the request its route entry declares, validated. */
export type HandlerInput<D extends RouteDef> = {
  auth: AuthFor<D>;
  req: RouteRequest;
  reply: FastifyReply;
} & Part<D, 'params'> &
  Part<D, 'query'> &
  Part<D, 'body'> &
  Part<D, 'headers'> &
  (D extends { binary: number } ? { body: Buffer } : unknown);

/** What a handler answers: the entry's response (serialized and checked through its schema), or the reply of a download. */
export type RouteResult<D extends RouteDef> = D extends { response: infer R extends z.ZodType } ? z.output<R> : FastifyReply;

export interface RouteOptions {
  /** Extra per-route options, such as a rate limit. */
  config?: Record<string, unknown>;
}

/** A route as registered: its contract entry and the zod schemas of its input (the fuzzing suite walks these). */
export interface RegisteredRoute {
  def: RouteDef;
  schema: { body?: z.ZodType; querystring?: z.ZodType; params?: z.ZodType; headers?: z.ZodType };
}
const registered = new WeakMap<FastifyInstance, RegisteredRoute[]>();
/** Every route `createRouter` registered on this server, in order. */
export const registeredRoutes = (app: FastifyInstance): readonly RegisteredRoute[] => registered.get(app) ?? [];

/**
 * Refuses a request whose path parameters, query or JSON body hold such text anywhere, whatever its
 * schema says (multipart parts are checked as they are read: `refuseUnsafeParts` in upload.ts).
 */
async function refuseUnsafeText(req: FastifyRequest): Promise<void> {
  for (const [part, value] of [
    ['params', req.params],
    ['query', req.query],
    ['body', req.body],
  ] as const) {
    const field = findUnsafeText(value);
    if (field !== null) throw unsafeTextError(field || part);
  }
}

const PARTS = [
  ['params', 'params'],
  ['query', 'querystring'],
  ['body', 'body'],
  ['headers', 'headers'],
] as const;

/**
 * The handler's input: each part the entry declares; reading one it does not declare is a programming
 * error (a request part nothing validated), answered 500 and caught by the tests that call every route.
 */
function inputOf(def: RouteDef, req: FastifyRequest, reply: FastifyReply): Record<string, unknown> {
  const input: Record<string, unknown> = { auth: req.auth, req, reply };
  for (const [part] of PARTS) {
    if (def[part] || (part === 'body' && def.binary)) input[part] = req[part];
    else
      Object.defineProperty(input, part, {
        get() {
          throw new Error(`${def.method} ${def.path} reads its ${part}, which its route entry does not declare`);
        },
      });
  }
  return input;
}

/**
 * Registers one route of the contract's route table: the method, path, access and the schemas of its
 * params, query, body and success answer all come from the entry, so the server cannot drift from it.
 * Text no database can hold is refused, then zod validates each declared part; the answer is encoded
 * through the entry's `response` (unknown fields dropped, a wrong shape is a 500).
 */
export function createRouter(app: FastifyInstance, authenticate: Authenticate, responses?: ResponseCache) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const list: RegisteredRoute[] = [];
  registered.set(app, list);
  return function route<D extends RouteDef>(
    def: D,
    handler: (input: HandlerInput<D>) => Promise<RouteResult<D>>,
    options: RouteOptions = {},
  ) {
    const schema: RegisteredRoute['schema'] = {};
    for (const [part, key] of PARTS) if (def[part]) schema[key] = def[part];
    list.push({ def, schema });
    typed.route({
      method: def.method,
      url: def.path,
      schema: { ...schema, ...(def.response === FILE_RESPONSE ? {} : { response: { 200: def.response } }) },
      config: { access: def.access, ...options.config },
      // A chunk of raw bytes may be as large as the entry says, and no larger (a JSON body keeps the server's limit).
      ...(def.binary ? { bodyLimit: def.binary } : {}),
      onRequest: async (req) => {
        req.auth = await authenticate(req, def);
      },
      preValidation: async (req) => refuseUnsafeText(req),
      ...((responses && def.keep && def.method === 'GET' ? keptAnswers(responses) : {}) as object),
      // What the handler starts (jobs, socket events) carries the request's id.
      handler: async (req, reply) => withRequestId(req.id, () => handler(inputOf(def, req, reply) as HandlerInput<D>)),
    });
  };
}

export type Router = ReturnType<typeof createRouter>;

/**
 * The hooks of a route whose answers may be kept: after the caller is authenticated and the request
 * validated, a kept answer is sent as it is; otherwise a 200 answer is kept when it is sent, if no
 * write happened while it was made.
 */
function keptAnswers(responses: ResponseCache) {
  const state = new WeakMap<FastifyRequest, { key: string; generation: number }>();
  /** The answer's bytes as the client accepts them (gzip when long enough). */
  const sent = (req: FastifyRequest, reply: FastifyReply, answer: KeptAnswer) => {
    const { bytes, gzip } = encodingFor(answer, req.headers['accept-encoding']);
    reply.header('vary', 'accept-encoding');
    if (gzip) reply.header('content-encoding', 'gzip');
    return bytes;
  };
  return {
    preHandler: async (req: FastifyRequest, reply: FastifyReply) => {
      const key = responses.key(req.url, req.headers.authorization);
      const kept = responses.get(key);
      if (kept !== undefined) return reply.header('content-type', 'application/json; charset=utf-8').send(sent(req, reply, kept));
      state.set(req, { key, generation: responses.generation });
    },
    onSend: async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const started = state.get(req);
      if (started && reply.statusCode === 200 && typeof payload === 'string')
        return sent(req, reply, responses.set(started.key, payload, started.generation));
      return payload;
    },
  };
}
