import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const CONTRACT_SOURCE = /packages[\\/]contract[\\/]src[\\/].+\.ts$/;
/** A module's part of the route table (`packages/contract/src/<module>/routes.ts`). */
const ROUTE_TABLE_SOURCE = /packages[\\/]contract[\\/]src[\\/][^\\/]+[\\/]routes\.ts$/;
/** The schemas of a route entry: types for the browser, so their values are dropped from its bundle. */
const ENTRY_SCHEMAS = new Set(['params', 'query', 'body', 'headers', 'response']);
/** The chunks of the app's start: the entry (main.tsx), its steps, the signed-in layout, the dashboard. */
const START_CHUNK = /(^|\/)(index|App|Providers|ShellLayout|DashboardPage)-[\w-]{8}\.js$/;
/** src/lib/lazySchema.ts, which the contract's module-level schemas are wrapped in. */
const LAZY_SCHEMA = fileURLToPath(new URL('./src/lib/lazySchema.ts', import.meta.url));
/** Helpers of the contract that answer a schema (beside `z.…` and `…Schema.…`). */
const SCHEMA_HELPERS = new Set(['pageOf', 'text', 'personRef']);
const FUNCTION_NODES = new Set([
  'FunctionExpression',
  'ArrowFunctionExpression',
  'FunctionDeclaration',
  'ClassDeclaration',
  'ClassExpression',
]);

interface Node {
  type: string;
  start: number;
  end: number;
}
interface Declaration extends Node {
  declarations?: { init?: Node | null }[];
}
interface Property extends Node {
  key?: { type: string; name?: string };
  value?: Node;
  shorthand?: boolean;
}

/** The value ranges of every `params:`, `query:`, `body:` and `response:` property in a parsed module. */
function entrySchemaValues(node: unknown, found: [number, number][] = []): [number, number][] {
  if (Array.isArray(node)) {
    for (const child of node) entrySchemaValues(child, found);
    return found;
  }
  if (!node || typeof node !== 'object') return found;
  const property = node as Property;
  if (
    property.type === 'Property' &&
    !property.shorthand &&
    property.key?.type === 'Identifier' &&
    ENTRY_SCHEMAS.has(property.key.name ?? '') &&
    property.value
  ) {
    found.push([property.value.start, property.value.end]);
    return found;
  }
  for (const [key, value] of Object.entries(node))
    if (key !== 'type' && typeof value === 'object') entrySchemaValues(value, found);
  return found;
}

/** Whether an expression calls anything (or uses `new`) when evaluated, not counting function bodies. */
function callsSomething(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(callsSomething);
  if (!node || typeof node !== 'object') return false;
  const { type } = node as Node;
  if (FUNCTION_NODES.has(type)) return false;
  if (type === 'CallExpression' || type === 'NewExpression') return true;
  return Object.entries(node).some(([key, value]) => key !== 'type' && typeof value === 'object' && callsSomething(value));
}

/** The name an expression's chain of calls and members starts from (`z` for `z.object(…).max(1)`). */
function rootName(node: unknown): string | undefined {
  let current = node as (Node & { callee?: unknown; object?: unknown; name?: string }) | undefined;
  while (current) {
    if (current.type === 'CallExpression') current = current.callee as typeof current;
    else if (current.type === 'MemberExpression') current = current.object as typeof current;
    else return current.type === 'Identifier' ? current.name : undefined;
  }
  return undefined;
}

/** Whether a module-level initializer builds a zod schema: `z.…`, `somethingSchema.…` or a schema helper. */
function buildsSchema(init: Node): boolean {
  if (init.type !== 'CallExpression') return false;
  const root = rootName(init);
  return root !== undefined && (root === 'z' || root.endsWith('Schema') || SCHEMA_HELPERS.has(root));
}

/**
 * The contract builds its zod schemas at module level (`export const x = z.object(...)`), which a
 * bundler must assume has side effects, so every schema and all of zod would land in the login page.
 * Each such module-level initializer is wrapped in a pure-annotated call: dropped when nothing uses it.
 * A schema that is used is built the first time it is read (lib/lazySchema.ts), not when the app starts,
 * which would build the schemas of every form it may show (decision 48); any other initializer is
 * evaluated as before. Functions and plain constants are left as they are.
 */
function pureContractDeclarations(): Plugin {
  return {
    name: 'cue:pure-contract-declarations',
    transform: {
      filter: { id: CONTRACT_SOURCE },
      handler(source, id) {
        let code = source;
        if (ROUTE_TABLE_SOURCE.test(id)) {
          // The browser infers what a route sends and answers from these schemas' types; their values
          // (and, once unused, the schemas and zod) stay out of its bundle (decision 21).
          const values = entrySchemaValues(this.parse(code));
          for (const [start, end] of values.sort((a, b) => b[0] - a[0])) code = `${code.slice(0, start)}void 0${code.slice(end)}`;
        }
        const program = this.parse(code) as unknown as { body: (Node & { declaration?: Declaration | null })[] };
        const ranges: [number, number, boolean][] = [];
        for (const statement of program.body) {
          const declaration: Declaration | null | undefined =
            statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
          if (declaration?.type !== 'VariableDeclaration') continue;
          for (const { init } of declaration.declarations ?? []) {
            if (init && callsSomething(init)) ranges.push([init.start, init.end, buildsSchema(init)]);
          }
        }
        if (ranges.length === 0) return code === source ? null : { code, map: null };
        let out = code;
        for (const [start, end, schema] of ranges.sort((a, b) => b[0] - a[0])) {
          const value = out.slice(start, end);
          const wrapped = schema ? `__lazySchema(() => (${value}))` : `(() => (${value}))()`;
          out = `${out.slice(0, start)}/* @__PURE__ */ ${wrapped}${out.slice(end)}`;
        }
        if (ranges.some(([, , schema]) => schema))
          out = `import { lazySchema as __lazySchema } from ${JSON.stringify(LAZY_SCHEMA)};\n${out}`;
        return { code: out, map: null };
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), pureContractDeclarations()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // A page's modules are preloaded with it (a link element each), but not the app's own start: main.tsx's
    // steps, the signed-in layout and the dashboard, and what those load as they render. Added in one task
    // at the start, those links (one per module, about a hundred) held a slow phone for longer than running
    // the code did; the browser fetches their imports as it reads them. Their stylesheets still load with
    // them, and index.html still names the entry's imports (decision 48).
    modulePreload: {
      resolveDependencies: (file, deps, { hostId, hostType }) =>
        hostType === 'js' && (START_CHUNK.test(hostId) || START_CHUNK.test(file))
          ? deps.filter((dep) => dep.endsWith('.css'))
          : deps,
    },
    reportCompressedSize: true,
    rollupOptions: {
      output: {
        // What every screen needs before anything renders, as one chunk each instead of many small ones:
        // React, the base of Mantine's components (Box, the factories, the provider, styles API), TanStack Query.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            // zod (the forms' checks) in a chunk of its own, so that it never rides along in a chunk every page loads.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
});
