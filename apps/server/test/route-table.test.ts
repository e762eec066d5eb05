import { ROUTES } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const entries = Object.entries(ROUTES);

describe('the contract route table', () => {
  it('is exactly what the server serves under /api', () => {
    const declared = entries.map(([, def]) => `${def.method} ${def.path}`).sort();
    const served = t.served.filter((r) => r.split(' ')[1]?.startsWith('/api')).sort();
    expect(served).toEqual(declared);
  });

  it.each(entries.filter(([, d]) => d.access !== 'public'))('%s answers 401 without a token', async (_name, def) => {
    const res = await t.request({ method: def.method, url: def.path.replace(/:[a-z_]+/g, 'ffffffffffffffffffffffff') });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });
});
