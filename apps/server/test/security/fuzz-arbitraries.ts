import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries derived from the contract's zod 4 schemas (through their JSON Schema, see
 * decision 17), and the hostile mutations the fuzzing suite applies to a valid-shaped request.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  default?: unknown;
};

export interface ArbitraryOptions {
  /** Real ids of the database: a string field shaped as an id takes one of these most of the time. */
  ids?: readonly string[];
  /**
   * Values for fields of this name (or the items of an array of this name), chosen most of the time over
   * what the schema alone gives: rules a JSON Schema cannot carry (a refinement, a student of this class).
   */
  hints?: Readonly<Record<string, fc.Arbitrary<unknown>>>;
}

const ID_PATTERN = '^[0-9a-f]{24}$';
const DDMMYYYY_PATTERN = '^\\d{2}-\\d{2}-\\d{4}$';
const pad = (n: number) => String(n).padStart(2, '0');
const DAY = 86_400_000;
const dayOf = (min: number, max: number) =>
  fc
    .date({ min: new Date(min), max: new Date(max), noInvalidDate: true })
    .map((d) => `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`);
/** A date of the last weeks (what most screens send), a date of any year around, or any digits in that shape. */
const ddmmyyyy = fc.oneof(
  { weight: 4, arbitrary: dayOf(Date.now() - 60 * DAY, Date.now()) },
  { weight: 1, arbitrary: dayOf(Date.UTC(1900, 0, 1), Date.UTC(2200, 11, 31)) },
  { weight: 1, arbitrary: fc.stringMatching(/^\d{2}-\d{2}-\d{4}$/) },
);

/** The arbitrary of the values a zod schema accepts as input (refinements aside). */
export function arbitraryFor(schema: z.ZodType, options: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  const root = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return fromJsonSchema(root, root, options);
}

function fromJsonSchema(s: JsonSchema, root: JsonSchema, options: ArbitraryOptions, key?: string): fc.Arbitrary<unknown> {
  const derived = derive(s, root, options, key);
  const hint = key !== undefined && s.type !== 'array' && s.type !== 'object' ? options.hints?.[key] : undefined;
  return hint ? fc.oneof({ weight: 6, arbitrary: hint }, { weight: 1, arbitrary: derived }) : derived;
}

function derive(s: JsonSchema, root: JsonSchema, options: ArbitraryOptions, key?: string): fc.Arbitrary<unknown> {
  const next = (child: JsonSchema, childKey = key) => fromJsonSchema(child, root, options, childKey);
  if (s.$ref) {
    const name = s.$ref.replace(/^#\/\$defs\//, '');
    const target = s.$ref === '#' ? root : root.$defs?.[name];
    if (!target) return fc.jsonValue({ maxDepth: 2 });
    return fc.constant(null).chain(() => next(target));
  }
  if ('const' in s) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => next(a)));
  if (s.allOf?.[0]) return next(s.allOf[0]);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return stringFor(s, options);
    case 'integer': {
      const min = Math.max(s.minimum ?? -1_000_000, s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -Infinity);
      const max = Math.min(s.maximum ?? 1_000_000, s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : Infinity);
      return fc.oneof(fc.integer({ min, max: Math.min(max, min + 1000) }), fc.integer({ min, max }));
    }
    case 'number':
      return fc.double({
        min: s.minimum ?? s.exclusiveMinimum ?? -1e9,
        max: s.maximum ?? s.exclusiveMaximum ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (s.prefixItems) return fc.tuple(...s.prefixItems.map((p) => next(p)));
      const item = s.items ? next(s.items) : fc.jsonValue({ maxDepth: 1 });
      const minLength = s.minItems ?? 0;
      return fc.array(item, { minLength, maxLength: Math.max(minLength, Math.min(s.maxItems ?? 4, 4)) });
    }
    case 'object': {
      const props = s.properties ?? {};
      const names = Object.keys(props);
      if (names.length) {
        const required = new Set(s.required ?? []);
        return fc.record(Object.fromEntries(names.map((n) => [n, next(props[n] as JsonSchema, n)])), {
          requiredKeys: names.filter((n) => required.has(n)),
        });
      }
      if (s.additionalProperties && typeof s.additionalProperties === 'object') {
        const keys = s.propertyNames ? (next(s.propertyNames, '') as fc.Arbitrary<string>) : fc.string({ maxLength: 12 });
        return fc.dictionary(keys, next(s.additionalProperties, ''), { maxKeys: 4 });
      }
      return fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringFor(s: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<string> {
  if (s.pattern === ID_PATTERN) {
    const random = fc.stringMatching(/^[0-9a-f]{24}$/);
    return options.ids?.length
      ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...options.ids) }, { weight: 1, arbitrary: random })
      : random;
  }
  if (s.pattern === DDMMYYYY_PATTERN) return ddmmyyyy;
  if (s.format === 'email') return fc.emailAddress();
  if (s.format === 'uri' || s.format === 'url') return fc.webUrl();
  if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (s.format === 'date') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? 40, 40));
  if (s.pattern) {
    const withinLength = (v: string) => v.length >= minLength && v.length <= (s.maxLength ?? Infinity);
    return fc.stringMatching(new RegExp(s.pattern)).filter(withinLength);
  }
  // Printable text in any script, plus the occasional surrounding spaces zod trims.
  return fc.oneof(
    fc.string({ unit: 'grapheme', minLength, maxLength }),
    fc.string({ minLength: Math.max(minLength, 1), maxLength }),
  );
}

// Hostile values.

/** A marker the hostile strings carry, so a log line that holds a request's values can be found. */
export const MARKER = 'fz7marker';

export const HOSTILE_STRINGS: readonly string[] = [
  `${MARKER}\u0000`,
  '\u0000',
  `${MARKER}\ud800`,
  '\udfff',
  `a\ud83d`,
  'a'.repeat(1_000_000),
  `=cmd|' /C calc'!A0${MARKER}`,
  '+1+1',
  '-2+3',
  '@SUM(1+1)',
  '\u202Egnp.exe',
  'f'.repeat(10_000),
  '0'.repeat(25),
  `' OR '1'='1' -- ${MARKER}`,
  "'; DROP TABLE users; --",
  `<script>alert('${MARKER}')</script>`,
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '%00%0d%0a',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, sent as plain text
  '${7*7}{{7*7}}',
  '',
  '   ',
  '9'.repeat(400),
  '𝓤𝓷𝓲𝓬𝓸𝓭𝓮 👨‍👩‍👧 عربى עברית',
];
/** Strings that travel in a URL (a 1 MB query string is not a realistic request). */
export const HOSTILE_URL_STRINGS = HOSTILE_STRINGS.filter((v) => v.length <= 10_000);

export const EDGE_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  1.5,
  2147483647,
  2147483648,
  -2147483649,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  1e21,
  1e308,
  -1e308,
  5e-324,
];

export const WRONG_TYPES: readonly unknown[] = [null, true, false, 0, 123456789, [], ['x'], {}, { a: 1 }, 'x', [[[]]]];

export type MutationKind = 'hostile' | 'edge' | 'wrong' | 'missing' | 'extra';
export interface Mutation {
  kind: MutationKind;
  where: 'body' | 'query' | 'params';
  /** Which candidate node of that part (modulo their number). */
  pick: number;
  value: unknown;
}

/** Text PostgreSQL refuses (a null byte, a lone surrogate) comes up as often as all the other hostile strings. */
const unstorable = (v: string) => v.includes('\u0000') || /\p{Cs}/u.test(v);
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS.filter(unstorable)),
  fc.constantFrom(...HOSTILE_STRINGS.filter((v) => !unstorable(v))),
);

export const mutationArbitrary = (parts: readonly ('body' | 'query' | 'params')[]): fc.Arbitrary<Mutation> =>
  fc.oneof(
    { weight: 4, arbitrary: mutationOf('hostile', parts, hostileString) },
    { weight: 1, arbitrary: mutationOf('edge', parts, fc.constantFrom(...EDGE_NUMBERS)) },
    { weight: 1, arbitrary: mutationOf('wrong', parts, fc.constantFrom(...WRONG_TYPES)) },
    { weight: 1, arbitrary: mutationOf('missing', parts, fc.constant(undefined)) },
    {
      weight: 1,
      arbitrary: mutationOf(
        'extra',
        parts,
        fc.oneof(hostileString, fc.constantFrom(...EDGE_NUMBERS), fc.constantFrom(...WRONG_TYPES)),
      ),
    },
  );

const mutationOf = (kind: MutationKind, parts: readonly ('body' | 'query' | 'params')[], value: fc.Arbitrary<unknown>) =>
  fc.record({ kind: fc.constant(kind), where: fc.constantFrom(...parts), pick: fc.nat(), value });

type Node = { path: (string | number)[]; value: unknown };
function nodes(value: unknown, path: (string | number)[] = [], out: Node[] = []): Node[] {
  out.push({ path, value });
  if (Array.isArray(value)) for (const [i, v] of value.entries()) nodes(v, [...path, i], out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) nodes(v, [...path, k], out);
  return out;
}

const isLeaf = (v: unknown) => v === null || typeof v !== 'object';

function setAt(root: unknown, path: (string | number)[], value: unknown, remove = false): unknown {
  if (!path.length) return value;
  const copy: unknown = Array.isArray(root) ? [...root] : { ...(root as object) };
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const target = copy as Record<string | number, unknown>;
  if (!rest.length && remove) {
    if (Array.isArray(copy)) copy.splice(head as number, 1);
    else delete target[head];
  } else target[head] = setAt(target[head], rest, value, remove);
  return copy;
}

/** Applies one mutation to one part of a request (a copy); `label` says what changed, for failure reports. */
export function mutate(part: unknown, m: Mutation): { value: unknown; label: string } {
  const all = nodes(part);
  const choose = (candidates: Node[], pick = m.pick) => (candidates.length ? candidates[pick % candidates.length] : undefined);
  const show = (v: unknown) =>
    typeof v === 'string' && v.length > 40 ? `${JSON.stringify(v.slice(0, 12))}…(${v.length})` : JSON.stringify(v);
  const at = (n: Node) => `${m.where}${n.path.length ? `.${n.path.join('.')}` : ''}`;
  switch (m.kind) {
    case 'hostile':
    case 'edge': {
      const wanted = m.kind === 'hostile' ? 'string' : 'number';
      const typed = all.filter((n) => typeof n.value === wanted);
      // Every other time, free text rather than an id or a date (those fail their pattern anyway).
      const freeText = typed.filter((n) => !/^([0-9a-f]{24}|\d{2}-\d{2}-\d{4})$/.test(String(n.value)));
      const node =
        (m.pick % 2 === 0 ? choose(freeText, m.pick >> 1) : undefined) ??
        choose(typed) ??
        choose(all.filter((n) => isLeaf(n.value) && n.path.length));
      if (!node) return extra(part, m, show);
      return { value: setAt(part, node.path, m.value), label: `${at(node)} = ${show(m.value)}` };
    }
    case 'wrong': {
      const node = choose(all) as Node;
      return { value: setAt(part, node.path, m.value), label: `${at(node)} = ${show(m.value)} (wrong type)` };
    }
    case 'missing': {
      const node = choose(all.filter((n) => n.path.length));
      if (!node) return { value: undefined, label: `${m.where} missing` };
      return { value: setAt(part, node.path, undefined, true), label: `${at(node)} missing` };
    }
    case 'extra':
      return extra(part, m, show);
  }
}

function extra(part: unknown, m: Mutation, show: (v: unknown) => string): { value: unknown; label: string } {
  const objects = nodes(part).filter((n) => n.value && typeof n.value === 'object' && !Array.isArray(n.value));
  const key = ['extra', 'constructor', 'is_admin', 'school_id', `${MARKER}\u0000key`][m.pick % 5] as string;
  const node = objects.length ? (objects[m.pick % objects.length] as Node) : { path: [], value: {} };
  const base = node.path.length || objects.length ? part : {};
  const value = setAt(base, [...node.path, key], m.value);
  return {
    value,
    label: `${m.where}${node.path.map((p) => `.${p}`).join('')}.${JSON.stringify(key)} = ${show(m.value)} (extra)`,
  };
}

// Requests on the wire.

/** encodeURIComponent that also sends a lone surrogate (as the bytes a careless client would write). */
export function encodeUrlValue(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff)
      out +=
        `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    else out += encodeURIComponent(ch);
  }
  return out;
}

/** A query object of any JSON values as a query string: arrays repeat the key, objects go as JSON. */
export function queryString(query: unknown): string {
  if (query === undefined) return '';
  if (!query || typeof query !== 'object' || Array.isArray(query)) return `?${encodeUrlValue(JSON.stringify(query))}`;
  const pairs: string[] = [];
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) {
      const text = item === null ? '' : typeof item === 'object' ? JSON.stringify(item) : String(item);
      pairs.push(`${encodeUrlValue(k)}=${encodeUrlValue(text)}`);
    }
  }
  return pairs.length ? `?${pairs.join('&')}` : '';
}

export const HOSTILE_FILENAMES: readonly string[] = [
  `photo${MARKER}\u0000.png`,
  `\ud800.png`,
  '\u202Egnp.exe',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  `${'a'.repeat(5000)}.png`,
  "=cmd|' /C calc'!A0.csv",
  '<img src=x onerror=alert(1)>.png',
  'con.png',
  '',
  '.htaccess',
];

export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  content: Buffer | string;
}

/** A multipart/form-data body (header values written as UTF-8, as browsers do). */
export function multipart(parts: readonly MultipartPart[]): { headers: Record<string, string>; payload: Buffer } {
  const boundary = '----cue-fuzz-boundary';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.contentType ? `Content-Type: ${p.contentType}\r\n` : ''}\r\n`;
    chunks.push(
      Buffer.from(head, 'utf8'),
      Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(chunks) };
}
