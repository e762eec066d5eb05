import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, parentToken, staffToken, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const staffClasses = (token?: string) =>
  t.request({ method: 'GET', url: '/api/staff_classes/', headers: token ? bearer(token) : {} });

describe('GET /api/staff_classes/', () => {
  it('answers 401 without a token', async () => {
    expect((await staffClasses()).statusCode).toBe(401);
  });

  it('answers 403 to a parent token', async () => {
    const res = await staffClasses(await parentToken(t, '9000000004'));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it("lists a teacher's own class with its fields", async () => {
    const res = await staffClasses(await staffToken(t, '9000000003'));
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual([
      expect.objectContaining({
        class_name: 'Nursery A',
        age_range: '2y 3m - 3y 0m',
        academic_year: '01-06-2026 - 31-05-2027',
        student_count: 12,
        school_info: expect.objectContaining({ name: 'Sunrise Early Years' }),
      }),
    ]);
    expect(res.json().result[0].id).toMatch(/^[0-9a-f]{24}$/);
  });

  it('lists every class of the school for an admin', async () => {
    const res = await staffClasses(await staffToken(t, '9000000002'));
    expect(res.json().result.map((c: { class_name: string }) => c.class_name)).toEqual(['Kindergarten B', 'Nursery A']);
  });

  it("never shows another school's classes", async () => {
    const mona = (await staffClasses(await staffToken(t, '9000000006'))).json().result;
    expect(mona.map((c: { class_name: string }) => c.class_name)).toEqual(['Toddlers']);
    const neha = (await staffClasses(await staffToken(t, '9000000005'))).json().result;
    expect(neha.map((c: { class_name: string }) => c.class_name)).toEqual(['Kindergarten B']);
  });
});
