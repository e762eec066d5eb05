import type { RouteDef } from '@cue/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
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

type AuthFor<D extends RouteDef> = D['access'] extends 'public' | 'refresh' ? null : AuthContext;

/**
 * Registers one route of the contract's route table: the method, path and access come from the
 * table entry, so the server cannot drift from it. The handler validates nothing itself: zod did.
 */
export function createRouter(app: FastifyInstance, authenticate: Authenticate) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
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
