import { ROUTES, type RouteDef } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath } from '../src/platform/http/openapi.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Operation = {
  operationId: string;
  security: unknown[];
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, unknown>;
  'x-permission'?: string | string[];
  'x-feature'?: string;
};
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

describe('the OpenAPI document', () => {
  let doc: Doc;
  beforeAll(async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    doc = res.json() as Doc;
  });

  it('is OpenAPI 3.1 and lists exactly the route table: every route once, nothing else', () => {
    expect(doc.openapi).toBe('3.1.0');
    const listed = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => `${method.toUpperCase()} ${path} ${op.operationId}`),
    );
    const table = Object.entries(ROUTES as Record<string, RouteDef>).map(
      ([name, def]) => `${def.method} ${openApiPath(def.path)} ${name}`,
    );
    expect([...listed].sort()).toEqual([...table].sort());
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('says who may call each route, its path parameters, its body and its refusals', () => {
    for (const [name, def] of Object.entries(ROUTES as Record<string, RouteDef>)) {
      const op = doc.paths[openApiPath(def.path)]?.[def.method.toLowerCase()];
      expect(op, name).toBeDefined();
      if (!op) continue;
      expect(op.security, name).toEqual(def.access === 'public' ? [] : [{ bearer: [] }]);
      if (def.permission) expect(op['x-permission'], name).toEqual(def.permission);
      if (def.feature) expect(op['x-feature'], name).toBe(def.feature);
      for (const param of def.path.match(/:([A-Za-z_]+)/g) ?? [])
        expect(
          op.parameters.some((p) => p.in === 'path' && p.name === param.slice(1) && p.required),
          `${name} ${param}`,
        ).toBe(true);
      if (def.body) expect(op.requestBody?.content['application/json'], name).toBeDefined();
      if (def.upload) expect(op.requestBody?.content['multipart/form-data'], name).toBeDefined();
      expect(op.responses['200'], name).toBeDefined();
      if (def.access !== 'public') expect(op.responses['401'], name).toBeDefined();
    }
    expect(doc.components.schemas.Error).toMatchObject({ type: 'object', required: expect.arrayContaining(['message', 'code']) });
  });

  it('describes a body field by its schema: the fee payment asks for an amount in minor units and a method', () => {
    const body = doc.paths['/api/fees/payments']?.post?.requestBody?.content['application/json'] as
      | { schema: { properties: Record<string, { type?: string; enum?: string[] }>; required: string[] } }
      | undefined;
    if (!body) throw new Error('the payment has no JSON body');
    const schema = body.schema;
    expect(schema.required).toEqual(expect.arrayContaining(['account_id', 'amount', 'method', 'received_on']));
    expect(schema.properties.amount?.type).toBe('integer');
    expect(schema.properties.method?.enum).toEqual(expect.arrayContaining(['cash', 'bank_transfer']));
  });

  it('has a reference page that names the routes and runs no script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toContain('/api/fees/payments');
    expect(res.body).toContain('id="paymentCreate"');
    expect(res.body).not.toContain('<script');
  });
});
