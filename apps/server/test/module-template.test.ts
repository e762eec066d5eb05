import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The module template (docs/ARCHITECTURE.md): every module has its routes, service, repository and
 * presenter, and every repository function takes the request's scope first. Only the reads made
 * before anyone is signed in (modules/auth/repo.ts) and those that build a scope
 * (platform/auth/scope-repo.ts) cannot take one.
 */
const SRC = path.resolve(__dirname, '../src');
const MODULES = path.join(SRC, 'modules');
const NO_SCOPE_YET = new Set(['modules/auth/repo.ts']);

const modules = fs.readdirSync(MODULES).filter((m) => fs.statSync(path.join(MODULES, m)).isDirectory());
const repoFiles = modules.flatMap((m) =>
  fs
    .readdirSync(path.join(MODULES, m))
    .filter((f) => f === 'repo.ts' || f.endsWith('-repo.ts'))
    .map((f) => `modules/${m}/${f}`),
);
// The assistant is a module too: its conversations and tasks have repositories of their own.
for (const dir of ['ai', 'ai/tasks'])
  for (const f of fs.readdirSync(path.join(SRC, dir)))
    if (f === 'repo.ts' || f.endsWith('-repo.ts')) repoFiles.push(`${dir}/${f}`);

/** The name of a function's first parameter, as written. */
const firstParameter = (fn: (...args: never[]) => unknown): string | null => {
  const text = fn.toString();
  const match =
    /^(?:async\s+)?(?:function\s*\*?\s*[\w$]*\s*)?\(\s*([\w$]*)/.exec(text) ?? /^(?:async\s+)?([\w$]+)\s*=>/.exec(text);
  return match?.[1] || null;
};

describe('the module template', () => {
  it.each(modules)('%s has routes, a service, a repository and a presenter', (m) => {
    const files = fs.readdirSync(path.join(MODULES, m));
    expect(files).toContain('routes.ts');
    expect(files.some((f) => f === 'service.ts' || f.endsWith('-service.ts'))).toBe(true);
    expect(files.some((f) => f === 'repo.ts' || f.endsWith('-repo.ts'))).toBe(true);
    expect(files).toContain('presenter.ts');
  });

  it('every repository function takes the scope first', async () => {
    const offenders: string[] = [];
    let total = 0;
    for (const file of repoFiles) {
      if (NO_SCOPE_YET.has(file)) continue;
      const exported = (await import(path.join(SRC, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exported)) {
        if (typeof value !== 'function') continue;
        total += 1;
        if (firstParameter(value as (...args: never[]) => unknown) !== 'scope') offenders.push(`${file}: ${name}`);
      }
    }
    expect(total).toBeGreaterThan(50);
    expect(offenders).toEqual([]);
  });
});
