import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazySchema';

describe('a schema built on first use', () => {
  it('is not built until read, then once', () => {
    let builds = 0;
    const schema = lazySchema(() => {
      builds += 1;
      return z.object({ name: z.string().trim().min(1) });
    });
    expect(builds).toBe(0);
    expect(schema.safeParse({ name: ' Ira ' })).toEqual({ success: true, data: { name: 'Ira' } });
    expect(schema.parse({ name: 'Aarav' })).toEqual({ name: 'Aarav' });
    expect(() => schema.parse({ name: '' })).toThrow();
    expect(builds).toBe(1);
  });

  it('answers as the schema does: its shape, its kind, and what is derived from it', () => {
    const base = lazySchema(() => z.object({ title: z.string().max(5), note: z.string().optional() }));
    expect(base instanceof z.ZodObject).toBe(true);
    expect(base instanceof z.ZodType).toBe(true);
    expect(Object.keys(base.shape)).toEqual(['title', 'note']);
    expect(base.shape.title.safeParse('too long').success).toBe(false);
    const extended = lazySchema(() => base.extend({ count: z.number().int() }));
    expect(extended.parse({ title: 'a', count: 2 })).toEqual({ title: 'a', count: 2 });
    expect(base.pick({ title: true }).parse({ title: 'b', note: 'x' })).toEqual({ title: 'b' });
    expect(base.partial().parse({})).toEqual({});
    expect(base.optional().parse(undefined)).toBeUndefined();
    expect(z.array(base).parse([{ title: 'c' }])).toEqual([{ title: 'c' }]);
  });

  it('works inside other schemas: objects, unions, enums read from it', () => {
    const kind = lazySchema(() => z.enum(['photo', 'video']));
    const photo = lazySchema(() => z.object({ kind: z.literal('photo'), width: z.number() }));
    const video = lazySchema(() => z.object({ kind: z.literal('video'), seconds: z.number() }));
    const item = lazySchema(() => z.discriminatedUnion('kind', [photo, video]));
    const album = lazySchema(() => z.object({ cover: kind, items: z.array(item).max(2) }));
    expect(kind.options).toEqual(['photo', 'video']);
    expect(album.parse({ cover: 'video', items: [{ kind: 'video', seconds: 3 }] })).toEqual({
      cover: 'video',
      items: [{ kind: 'video', seconds: 3 }],
    });
    const refused = album.safeParse({ cover: 'audio', items: [{ kind: 'photo' }] });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['cover', 'items.0.width']);
  });

  it('can be spread, described and refined like the schema', () => {
    const schema = lazySchema(() => z.object({ a: z.number() }));
    expect({ ...schema }).toBeTypeOf('object');
    expect(schema.describe('A').description).toBe('A');
    const positive = schema.refine((value) => value.a > 0, { message: 'positive' });
    expect(positive.safeParse({ a: -1 }).error?.issues[0]?.message).toBe('positive');
  });
});
