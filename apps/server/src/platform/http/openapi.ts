import { errorBodySchema, FILE_RESPONSE, type RouteDef } from '@cue/contract';
import { z } from 'zod';

/*
 * The OpenAPI 3.1 document of the API, made from the contract's route table: every entry's path,
 * method, parameters, body and success answer (its zod schemas as JSON Schema, which OpenAPI 3.1 speaks),
 * the refusals it can give, who may call it (bearer token, permission, school feature) and a reference page.
 * Nothing is written by hand, so the document cannot drift from the routes the server registers.
 */

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

/** `/api/classes/:id` → `/api/classes/{id}`. */
export const openApiPath = (path: string): string => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

const ERROR = { $ref: '#/components/schemas/Error' };
const refusal = (description: string) => ({ description, content: { 'application/json': { schema: ERROR } } });

/** The parameters of one part (path or query) from its object schema. */
function parameters(schema: z.ZodType | undefined, where: 'path' | 'query' | 'header'): JsonSchema[] {
  if (!schema) return [];
  const json = toSchema(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

function requestBody(def: RouteDef): JsonSchema | undefined {
  if (def.upload)
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', required: [def.upload], properties: { [def.upload]: { type: 'string', format: 'binary' } } },
        },
      },
    };
  if (def.binary)
    return {
      required: true,
      description: `At most ${def.binary} bytes`,
      content: { 'application/offset+octet-stream': { schema: { type: 'string', format: 'binary' } } },
    };
  if (def.body) return { required: true, content: { 'application/json': { schema: toSchema(def.body, 'input') } } };
  return undefined;
}

function responses(def: RouteDef): JsonSchema {
  const ok =
    def.response === FILE_RESPONSE
      ? { description: 'A file (a download or a page)', content: { '*/*': { schema: { type: 'string', format: 'binary' } } } }
      : { description: 'Success', content: { 'application/json': { schema: toSchema(def.response, 'output') } } };
  const out: JsonSchema = { '200': ok };
  if (def.params || def.query || def.body || def.upload || def.binary || def.headers)
    out['400'] = refusal('The request is invalid: the message and code say why, `errors` names the fields');
  if (def.access !== 'public') out['401'] = refusal('No token, or an invalid or expired one');
  if (def.access !== 'public') out['403'] = refusal('The caller may not do this (role permission, school feature or token kind)');
  if (def.params || def.resource) out['404'] = refusal('Not found, or not reachable by the caller (another school)');
  out['429'] = refusal('Too many requests');
  out['500'] = refusal('Something went wrong on the server');
  return out;
}

/** The tag of a route: its first path segment after /api ("/api/fees/invoices" → "fees"). */
const tagOf = (path: string): string =>
  path
    .replace(/^\/api\/?/, '')
    .split('/')[0]
    ?.replace(/[^A-Za-z0-9_.-]/g, '') || 'platform';

export interface OpenApiInfo {
  title: string;
  version: string;
  description?: string;
}

/** The document of every route of the table, in the table's order. */
export function openApiDocument(routes: Record<string, RouteDef>, info: OpenApiInfo): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [name, def] of Object.entries(routes)) {
    const path = openApiPath(def.path);
    const body = requestBody(def);
    const operation: JsonSchema = {
      operationId: name,
      tags: [tagOf(def.path)],
      security: def.access === 'public' ? [] : [{ bearer: [] }],
      parameters: [...parameters(def.params, 'path'), ...parameters(def.query, 'query'), ...parameters(def.headers, 'header')],
      ...(body ? { requestBody: body } : {}),
      responses: responses(def),
      'x-access': def.access,
      ...(def.permission ? { 'x-permission': def.permission } : {}),
      ...(def.feature ? { 'x-feature': def.feature } : {}),
    };
    paths[path] = { ...paths[path], [def.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info,
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'A staff or parent access token from sign-in (or a refresh token where the route says so)',
        },
      },
      schemas: { Error: toSchema(errorBodySchema, 'output') },
    },
  };
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A reference page of the document: the routes grouped by tag with who may call them and their schemas,
 * readable without any script (no third-party viewer is loaded).
 */
export function openApiReferencePage(doc: JsonSchema): string {
  const info = doc.info as OpenApiInfo;
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, JsonSchema>>)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = (op.tags as string[])[0] ?? 'platform';
      const who = [
        op['x-access'] === 'public' ? 'public' : `${String(op['x-access'])} token`,
        op['x-permission'] ? `permission ${[op['x-permission']].flat().join(' or ')}` : '',
        op['x-feature'] ? `feature ${String(op['x-feature'])}` : '',
      ]
        .filter(Boolean)
        .join(' · ');
      const detail = JSON.stringify(
        { parameters: op.parameters, requestBody: op.requestBody, responses: (op.responses as JsonSchema)['200'] },
        null,
        2,
      );
      const entry = `<details id="${escapeHtml(String(op.operationId))}"><summary><code class="m ${method}">${method.toUpperCase()}</code> <code>${escapeHtml(path)}</code> <span>${escapeHtml(String(op.operationId))}</span> <small>${escapeHtml(who)}</small></summary><pre>${escapeHtml(detail)}</pre></details>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), entry]);
    }
  }
  const sections = [...byTag.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, entries]) => `<section><h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${entries.join('')}</section>`)
    .join('');
  const toc = [...byTag.keys()]
    .sort()
    .map((tag) => `<a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a>`)
    .join(' ');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(info.title)} API reference</title><style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem 1.5rem;color:#1a1b1e}
nav a{margin-inline-end:.6rem}summary{cursor:pointer;padding:.3rem 0}summary small{color:#5c5f66;margin-inline-start:.5rem}
pre{background:#f4f5f7;padding:.75rem;overflow:auto;font-size:12px}code.m{display:inline-block;min-width:4.5rem;font-weight:700}
.get{color:#2b8a3e}.post{color:#1864ab}.put{color:#e67700}.delete{color:#c92a2a}h2{border-bottom:1px solid #dee2e6;margin-top:2rem}
</style></head><body><h1>${escapeHtml(info.title)} API reference</h1><p>${escapeHtml(info.description ?? '')} Version ${escapeHtml(info.version)}. The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p><nav>${toc}</nav>${sections}</body></html>`;
}
