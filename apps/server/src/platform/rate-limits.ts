import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Clock } from './clock.js';
import type { Db } from './db/client.js';
import { rateLimits } from './db/schema.js';

/**
 * Rate limits that hold across server instances (decision 44): each key's count in its window is a row
 * of `rate_limits`, counted up by one atomic upsert, so two instances behind one address count together.
 * The windows are fixed (a key's window starts with its first hit and lasts `windowMs`).
 */
export class RateLimits {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Counts one hit of `key`; answers the hits of the current window, this one included, and when it ends. */
  async hit(key: string, windowMs: number): Promise<{ count: number; resetAt: Date }> {
    const now = this.clock.now();
    const reset = new Date(now.getTime() + windowMs).toISOString();
    const at = now.toISOString();
    const result = (await this.db.execute(sql`
      insert into ${rateLimits} (key, count, reset_at) values (${key.slice(0, 300)}, 1, ${reset})
      on conflict (key) do update set
        count = case when ${rateLimits.resetAt} <= ${at} then 1 else ${rateLimits.count} + 1 end,
        reset_at = case when ${rateLimits.resetAt} <= ${at} then ${reset}::timestamptz else ${rateLimits.resetAt} end
      returning count, reset_at`)) as unknown as { rows: { count: number; reset_at: Date | string }[] };
    const row = result.rows[0];
    return { count: Number(row?.count ?? 1), resetAt: new Date(row?.reset_at ?? reset) };
  }

  /** Whether one more hit of `key` stays within `max` in its window (the hit is counted either way). */
  async allow(key: string, max: number, windowMs: number): Promise<boolean> {
    return (await this.hit(key, windowMs)).count <= max;
  }

  /** Removes the counters whose window ended more than a day ago. */
  async prune(): Promise<void> {
    await this.db.delete(rateLimits).where(lt(rateLimits.resetAt, new Date(this.clock.now().getTime() - 86_400_000)));
  }

  /** @fastify/rate-limit's store on these counters: a route's limit per client address, shared by every instance. */
  fastifyStore(): new () => FastifyRateLimitStore {
    const limits = this;
    const clock = this.clock;
    class SharedStore implements FastifyRateLimitStore {
      constructor(private readonly prefix = '') {}
      incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
        limits.hit(`http:${this.prefix}:${key}`, timeWindow).then(
          (r) => callback(null, { current: r.count, ttl: Math.max(0, r.resetAt.getTime() - clock.now().getTime()) }),
          (err: Error) => callback(err),
        );
      }
      child(routeOptions: { method?: unknown; path?: string; url?: string }): FastifyRateLimitStore {
        return new SharedStore(`${String(routeOptions.method ?? '')} ${routeOptions.url ?? routeOptions.path ?? ''}`);
      }
    }
    return SharedStore as unknown as new () => FastifyRateLimitStore;
  }
}
