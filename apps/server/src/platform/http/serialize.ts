import type { FastifySerializerCompiler } from 'fastify';
import type { z } from 'zod';

/** An answer that does not match its route entry's `response` (a presenter and the contract disagree). */
export class ResponseShapeError extends Error {
  override readonly name = 'ResponseShapeError';
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The path (`result.items.0.abilities`) of the first place where `sent` lacks what `given` holds, or null. */
export function firstDropped(given: unknown, sent: unknown, path = ''): string | null {
  const at = (key: string | number) => (path ? `${path}.${key}` : String(key));
  if (Array.isArray(given)) {
    if (!Array.isArray(sent) || sent.length !== given.length) return path || '(root)';
    for (let i = 0; i < given.length; i++) {
      const found = firstDropped(given[i], sent[i], at(i));
      if (found !== null) return found;
    }
    return null;
  }
  if (isObject(given)) {
    if (!isObject(sent)) return path || '(root)';
    for (const key of Object.keys(given)) {
      if (!(key in sent)) return at(key);
      const found = firstDropped(given[key], sent[key], at(key));
      if (found !== null) return found;
    }
    return null;
  }
  return Object.is(given, sent) ? null : path || '(root)';
}

/**
 * Serializes a route's answer through its entry's `response` schema: zod checks it (fields the
 * contract does not declare are dropped, so nothing leaks by accident) and a value of the wrong shape
 * fails the request (500, logged with the field, never the value). With `strict` (tests), an answer
 * that loses anything on the way is refused too, so a presenter and its contract cannot drift apart.
 * Response schemas are plain shapes (no transforms or codecs), so parsing them is encoding them, and
 * zod's compiled parse costs a third of `z.encode` (decision 21).
 */
export function responseSerializer(options: { strict: boolean }): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) =>
    (data: unknown) => {
      const encoded = schema.safeParse(data);
      if (!encoded.success) {
        const issue = encoded.error.issues[0];
        throw new ResponseShapeError(
          `${method} ${url}: the answer does not match its response schema at ${issue?.path.join('.') || '(root)'} (${issue?.code})`,
        );
      }
      const text = JSON.stringify(encoded.data);
      if (options.strict) {
        const dropped = firstDropped(JSON.parse(JSON.stringify(data) ?? 'null'), JSON.parse(text));
        if (dropped !== null)
          throw new ResponseShapeError(
            `${method} ${url}: the answer holds ${dropped}, which its response schema does not declare`,
          );
      }
      return text;
    };
}
