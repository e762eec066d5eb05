import { findUnsafeText, type RouteDef } from '@cue/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { unsafeTextError } from './errors.js';
import type { AuthContext } from './guard.js';

type Authenticate = (req: FastifyRequest, def: RouteDef) => Promise<AuthContext | null>;

interface RouteSchema<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType> {
  body?: B;
  querystring?: Q;
  params?: P;
  /** Extra per-route options, such as a rate limit. */
  config?: Record<string, unknown>;
}

export interface HandlerInput<B, Q, P, A> {
  body: B;
  query: Q;
  params: P;
  auth: A;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** A route as registered: its contract entry and the zod schemas of its input (the fuzzing suite walks these). */
export interface RegisteredRoute {
  def: RouteDef;
  schema: { body?: z.ZodType; querystring?: z.ZodType; params?: z.ZodType };
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

type AuthFor<D extends RouteDef> = D['access'] extends 'public' | 'refresh' ? null : AuthContext;

/**
 * Registers one route of the contract's route table: the method, path and access come from the
 * table entry, so the server cannot drift from it. The handler validates nothing itself: text no
 * database can hold was refused, then zod validated.
 */
export function createRouter(app: FastifyInstance, authenticate: Authenticate) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const list: RegisteredRoute[] = [];
  registered.set(app, list);
  return function route<
    D extends RouteDef,
    B extends z.ZodType = z.ZodUnknown,
    Q extends z.ZodType = z.ZodUnknown,
    P extends z.ZodType = z.ZodUnknown,
  >(
    def: D,
    schema: RouteSchema<B, Q, P>,
    handler: (input: HandlerInput<z.infer<B>, z.infer<Q>, z.infer<P>, AuthFor<D>>) => Promise<unknown>,
  ) {
    list.push({ def, schema: { body: schema.body, querystring: schema.querystring, params: schema.params } });
    typed.route({
      method: def.method,
      url: def.path,
      schema: Object.fromEntries(
        Object.entries({ body: schema.body, querystring: schema.querystring, params: schema.params }).filter(([, v]) => v),
      ),
      config: { access: def.access, ...schema.config },
      onRequest: async (req) => {
        req.auth = await authenticate(req, def);
      },
      preValidation: async (req) => refuseUnsafeText(req),
      handler: async (req, reply) =>
        handler({
          body: req.body as z.infer<B>,
          query: req.query as z.infer<Q>,
          params: req.params as z.infer<P>,
          auth: req.auth as AuthFor<D>,
          req,
          reply,
        }),
    });
  };
}

export type Router = ReturnType<typeof createRouter>;
