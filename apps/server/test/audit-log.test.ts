import { type AuditEntry, ROUTES } from '@cue/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/platform/ids.js';
import { demoId } from '../src/seed/demo.js';
import { createTestApp, expectResponse, parentToken, requester, staffToken, type TestApp } from './harness.js';

/** The school's audit log (issue 30): who changed what and when, searchable and exportable by the admin. */

let t: TestApp;
let anita: string;
let tara: string;
let rohan: string;
const req = requester(() => t);
const anitaId = demoId('user:9000000002');
const taraId = demoId('user:9000000003');
const nurseryA = demoId('class:nurseryA');

beforeAll(async () => {
  t = await createTestApp();
  [anita, tara, rohan] = await Promise.all([
    staffToken(t, '9000000002'),
    staffToken(t, '9000000003'),
    parentToken(t, '9000000004'),
  ]);
});
afterAll(() => t?.close());

const log = async (token: string, query = '') =>
  expectResponse(ROUTES.auditLog, await req('GET', `/api/audit_log${query ? `?${query}` : ''}`, token)).result;
const newest = async (query: string) => (await log(anita, query)).items[0];

describe('GET /api/audit_log', () => {
  it('is the admin’s who manages permissions: 401 signed out, 403 for a teacher and a parent', async () => {
    expect((await req('GET', '/api/audit_log')).statusCode).toBe(401);
    expect((await req('GET', '/api/audit_log', tara)).statusCode).toBe(403);
    expect((await req('GET', '/api/audit_log', rohan)).statusCode).toBe(403);
    expect((await req('GET', '/api/audit_log/export', tara)).statusCode).toBe(403);
    expect((await req('GET', '/api/audit_log/export', rohan)).statusCode).toBe(403);
  });

  it('keeps each staff sign-in, by whom and how', async () => {
    const entry = await newest(`action=sign_in&actor_id=${taraId}`);
    expect(entry).toMatchObject({
      action: 'sign_in',
      entity_type: 'session',
      actor: { _id: taraId },
      after: { method: 'phone' },
    });
    expect(entry?.actor?.name).toContain('Tara');
  });

  it('keeps each parent sign-in, in the log of their child’s school', async () => {
    const rohanId = demoId('user:9000000004');
    const entry = await newest(`action=sign_in&actor_id=${rohanId}`);
    expect(entry).toMatchObject({
      action: 'sign_in',
      entity_type: 'session',
      entity_id: rohanId,
      actor: { _id: rohanId },
      after: { method: 'phone', as: 'parent' },
    });
    expect(entry?.actor?.name).toContain('Rohan');
  });

  it('keeps a role made, changed and removed, with its permissions before and after', async () => {
    const made = await req('POST', '/api/roles/', anita, { name: 'Audit Helper', permissions: ['admin_portal.reports'] });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().result.id as string;
    const changed = await req('PUT', `/api/roles/${id}`, anita, {
      permissions: ['admin_portal.reports', 'admin_portal.students'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await req('DELETE', `/api/roles/${id}`, anita)).statusCode).toBe(200);
    const entries = (await log(anita, 'entity_type=role&q=Audit%20Helper')).items;
    expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(entries.every((e) => e.entity_id === id && e.actor?._id === anitaId)).toBe(true);
    expect(entries[1]).toMatchObject({
      before: { permissions: ['admin_portal.reports'] },
      after: { permissions: ['admin_portal.reports', 'admin_portal.students'] },
    });
  });

  it('keeps a change of a staff member’s classes, a deleted announcement and a data export', async () => {
    const classes = await req('PUT', `/api/staff/${taraId}`, anita, { class_ids: [nurseryA] });
    expect(classes.statusCode, classes.body).toBe(200);
    expect(await newest(`entity_type=staff_member&actor_id=${anitaId}`)).toMatchObject({
      action: 'update',
      entity_id: taraId,
      after: { class_ids: [nurseryA] },
    });

    const made = await req('POST', '/api/communication/announcements/', anita, { title: 'Audit me', summary: '<p>x</p>' });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().result._id as string;
    expect((await req('DELETE', `/api/communication/announcements/${id}`, anita)).statusCode).toBe(200);
    expect(await newest('action=delete&entity_type=communication')).toMatchObject({ entity_id: id, label: 'Audit me' });

    const sheet = await req('POST', `/api/classes/${nurseryA}/emergency_sheet`, anita, { language: 'en' });
    expect(sheet.statusCode).toBe(200);
    expect(await newest('action=export')).toMatchObject({
      entity_type: 'export',
      entity_id: sheet.json().result.id,
      actor: { _id: anitaId },
      after: { kind: 'emergency_sheet' },
    });
  });

  it('reads Cue’s writes and the safeguarding view’s openings as entries of their own', async () => {
    const opened = await req('POST', '/api/chat/conversations', rohan, {
      kind: 'family',
      student_id: demoId('student:Aarav Sharma'),
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const conversation = opened.json().result as { _id: string };
    expect((await req('GET', `/api/chat/safeguarding/conversations/${conversation._id}`, anita)).statusCode).toBe(200);
    expect(await newest('action=open')).toMatchObject({
      entity_type: 'conversation',
      entity_id: conversation._id,
      actor: { _id: anitaId },
    });

    const toolCall = newId();
    await t.database.db.execute(sql`
      insert into ai_audit (id, school_id, user_id, tool_call_id, tool, sentence, args, result)
      values (${newId()}, ${demoId('school:sunrise')}, ${taraId}, ${toolCall}, 'mark_attendance',
        'Mark everyone present', '{"date":"01-12-2026"}'::jsonb, '{"saved":true}'::jsonb)`);
    expect(await newest('action=cue_save')).toMatchObject({
      entity_type: 'cue_action',
      entity_id: toolCall,
      label: 'mark_attendance: Mark everyone present',
      actor: { _id: taraId },
      after: { saved: true },
    });
  });

  it('searches the label and the person’s name, pages newest first without a repeat, and reads days', async () => {
    const byName = (await log(anita, 'q=tara&action=sign_in')).items;
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.every((e) => e.actor?._id === taraId)).toBe(true);
    // LIKE's own characters are text.
    expect((await log(anita, 'q=%25')).items).toEqual([]);

    const seen: AuditEntry[] = [];
    let cursor: string | null = '';
    for (let n = 0; n < 20 && cursor !== null; n++) {
      const page: { items: AuditEntry[]; next_cursor: string | null } = await log(
        anita,
        `limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...page.items);
      cursor = page.next_cursor;
    }
    expect(seen.length).toBeGreaterThanOrEqual(8);
    expect(new Set(seen.map((e) => e._id)).size).toBe(seen.length);
    const times = seen.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    // A cursor that is not one the log gave is refused, not read from the start.
    for (const forged of ['not-a-cursor', Buffer.from('["yesterday","x"]').toString('base64url')])
      expect((await req('GET', `/api/audit_log?cursor=${forged}`, anita)).statusCode).toBe(400);

    const day = (d: Date) =>
      `${String(d.getUTCDate()).padStart(2, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${d.getUTCFullYear()}`;
    const now = t.clock.now();
    expect((await log(anita, `from=${day(now)}&to=${day(now)}`)).items.length).toBeGreaterThan(0);
    const longAgo = new Date(now.getTime() - 400 * 86_400_000);
    expect((await log(anita, `from=${day(longAgo)}&to=${day(longAgo)}`)).items).toEqual([]);
  });

  it('answers 400 to a bad filter', async () => {
    for (const query of [
      'action=explode',
      'entity_type=nope',
      'from=2026-01-01',
      'from=10-01-2026&to=09-01-2026',
      'actor_id=x',
      'limit=500',
    ]) {
      const res = await req('GET', `/api/audit_log?${query}`, anita);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('keeps each school to its own log', async () => {
    await t.database.db.execute(sql`
      insert into audit_log (id, school_id, actor_id, action, entity_type, entity_id, label)
      values (${newId()}, ${demoId('school:moonbeam')}, ${demoId('user:9000000006')}, 'delete', 'role', ${newId()}, 'Moonbeam secret')`);
    await t.database.db.execute(sql`
      insert into ai_audit (id, school_id, user_id, tool_call_id, tool, sentence, args, result)
      values (${newId()}, ${demoId('school:moonbeam')}, ${demoId('user:9000000006')}, ${newId()}, 'mark_attendance',
        'Moonbeam secret sentence', '{}'::jsonb, '{}'::jsonb)`);
    const all = (await log(anita, 'limit=100&q=Moonbeam')).items;
    expect(all).toEqual([]);
    const csv = await req('GET', '/api/audit_log/export', anita);
    expect(csv.body).not.toContain('Moonbeam secret');
  });
});

describe('GET /api/audit_log/export', () => {
  it('is the filter’s entries as CSV, formulas written as text, and the export is itself logged', async () => {
    await req('POST', '/api/roles/', anita, { name: '=HYPERLINK("x")', permissions: [] });
    const res = await req('GET', '/api/audit_log/export?entity_type=role', anita);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('audit-log.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('When,Who,Action,Type,What,Item,Before,After');
    expect(lines.length).toBeGreaterThanOrEqual(5);
    expect(lines.slice(1).every((l) => /^\d{2}-\d{2}-\d{4} \d{2}:\d{2} [AP]M,/.test(l))).toBe(true);
    expect(res.body).toContain(`'=HYPERLINK`);
    expect(res.body).not.toContain('sign_in');
    expect(await newest('entity_type=audit_log')).toMatchObject({
      action: 'export',
      actor: { _id: anitaId },
      after: { filter: { entity_type: 'role' } },
    });
    expect((await req('GET', '/api/audit_log/export?from=10-01-2026&to=09-01-2026', anita)).statusCode).toBe(400);
  });
});
