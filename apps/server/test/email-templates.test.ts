import {
  EMAIL_PLACEHOLDERS,
  EMAIL_TEMPLATE_KEYS,
  EMAIL_TEMPLATE_MESSAGES,
  ERROR_CODES,
  LANGUAGES,
  ROUTES,
  unknownPlaceholders,
} from '@cue/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATES } from '../src/modules/email-templates/defaults.js';
import { renderEmail } from '../src/modules/email-templates/render.js';
import { auditLog, emailTemplates, memberships, roles, users } from '../src/platform/db/schema.js';
import { trustedHtml } from '../src/platform/email.js';
import { newId } from '../src/platform/ids.js';
import { demoId } from '../src/seed/demo.js';
import { createTestApp, expectResponse, parentToken, requester, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let anita: string; // admin at Sunrise: holds academic_setup.email_template_management
let tara: string; // teacher at Sunrise: does not
let rohan: string; // a parent
const sunrise = demoId('school:sunrise');
const moonbeam = demoId('school:moonbeam');
const nurseryA = demoId('class:nurseryA');
const req = requester(() => t);
const ANITA_EMAIL = 'anita.desai@sunrise.example';
const TARA_EMAIL = 'tara.menon@sunrise.example';
const ROHAN_EMAIL = 'rohan.sharma@family.example';

beforeAll(async () => {
  t = await createTestApp();
  [anita, tara, rohan] = [
    await staffToken(t, '9000000002'),
    await staffToken(t, '9000000003'),
    await parentToken(t, '9000000004'),
  ];
});
afterAll(() => t.close());

/** The school's outbox as Anita reads it (GET /api/email_outbox/). */
const outbox = async () => expectResponse(ROUTES.emailOutbox, await req('GET', '/api/email_outbox/', anita)).result;

const arabicAnnouncement = {
  subject: 'إعلان من {{school_name}}: {{title}}',
  body: 'أهلاً {{first_name}}،\n\n{{message}}\n\nمع التحية،\n{{school_name}}',
};

describe('permissions and validation', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/email_templates/'],
    ['GET', '/api/email_templates/announcement/ar'],
    ['PUT', '/api/email_templates/announcement/ar', arabicAnnouncement],
    ['DELETE', '/api/email_templates/announcement/ar'],
    ['POST', '/api/email_templates/announcement/ar/preview', {}],
    ['POST', '/api/email_templates/announcement/ar/test', {}],
  ];

  it('answers 401 without a token and 403 to a teacher without the permission and to a parent', async () => {
    for (const [method, url, body] of routes) {
      expect((await req(method as 'GET', url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await req(method as 'GET', url, tara, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await req(method as 'GET', url, rohan, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await req('PUT', '/api/user_language/', undefined, { language: 'ar' })).statusCode).toBe(401);
    // Nothing was changed by the refused calls.
    expect(await t.database.db.select().from(emailTemplates).where(eq(emailTemplates.schoolId, sunrise))).toHaveLength(0);
  });

  it('answers 400 for an unknown key or language and an empty subject or body', async () => {
    expect((await req('GET', '/api/email_templates/invoice/en', anita)).statusCode).toBe(400);
    expect((await req('GET', '/api/email_templates/announcement/fr', anita)).statusCode).toBe(400);
    const empty = await req('PUT', '/api/email_templates/announcement/en', anita, { subject: ' ', body: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].field).toBe('subject');
    expect((await req('PUT', '/api/email_templates/announcement/en', anita, { subject: 'x' })).statusCode).toBe(400);
    expect((await req('PUT', '/api/user_language/', rohan, { language: 'fr' })).statusCode).toBe(400);
  });

  it('refuses an unknown placeholder on save, naming it on its field', async () => {
    const res = await req('PUT', '/api/email_templates/announcement/en', anita, {
      subject: '{{title}} {{invoice_total}}',
      body: 'Dear {{first_name}}, {{child_name}} {{message}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ERROR_CODES.unknownPlaceholder });
    expect(res.json().message).toContain(EMAIL_TEMPLATE_MESSAGES.unknownPlaceholder);
    expect(res.json().errors).toEqual([
      { field: 'subject', message: expect.stringContaining('invoice_total') },
      { field: 'body', message: expect.stringContaining('child_name') },
    ]);
    const bodyOnly = await req('PUT', '/api/email_templates/announcement/en', anita, { subject: 'Hi', body: '{{ nope }}' });
    expect(bodyOnly.json().errors).toEqual([{ field: 'body', message: expect.stringContaining('nope') }]);
  });
});

describe('editing, resetting and the audit trail', () => {
  it('lists every email in every language with the defaults first', async () => {
    const list = expectResponse(ROUTES.emailTemplateList, await req('GET', '/api/email_templates/', anita)).result;
    expect(list.map((e) => e.key)).toEqual([...EMAIL_TEMPLATE_KEYS]);
    const announcement = list.find((e) => e.key === 'announcement');
    expect(announcement?.audience).toBe('family');
    expect(announcement?.languages.map((l) => [l.language, l.customised, l.subject])).toEqual(
      LANGUAGES.map((l) => [l, false, DEFAULT_TEMPLATES.announcement[l].subject]),
    );
    expect(list.find((e) => e.key === 'absence_reported')?.audience).toBe('staff');
  });

  it('saves the school’s Arabic announcement, audits it, and resets it to the default', async () => {
    const before = expectResponse(
      ROUTES.emailTemplateGet,
      await req('GET', '/api/email_templates/announcement/ar', anita),
    ).result;
    expect(before).toMatchObject({ customised: false, updated_by: null, updated_at: null, ...DEFAULT_TEMPLATES.announcement.ar });
    expect(before.placeholders.map((p) => p.name)).toEqual(EMAIL_PLACEHOLDERS.announcement.map((p) => p.name));

    const saved = expectResponse(
      ROUTES.emailTemplateUpdate,
      await req('PUT', '/api/email_templates/announcement/ar', anita, { subject: 'Draft {{title}}', body: 'Draft {{message}}' }),
    );
    expect(saved.message).toBe(EMAIL_TEMPLATE_MESSAGES.saved);
    expect(saved.result).toMatchObject({ customised: true, subject: 'Draft {{title}}', updated_by: { name: 'Anita Desai' } });
    expect(saved.result.default_subject).toBe(DEFAULT_TEMPLATES.announcement.ar.subject);

    const reset = expectResponse(ROUTES.emailTemplateReset, await req('DELETE', '/api/email_templates/announcement/ar', anita));
    expect(reset.message).toBe(EMAIL_TEMPLATE_MESSAGES.reset);
    expect(reset.result).toMatchObject({ customised: false, ...DEFAULT_TEMPLATES.announcement.ar });

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, sunrise), eq(auditLog.entityType, 'email_template')))
      .orderBy(auditLog.at, auditLog.id);
    expect(entries.map((e) => [e.action, e.entityId, e.label])).toEqual([
      ['update', 'announcement:ar', 'announcement (ar)'],
      ['reset', 'announcement:ar', 'announcement (ar)'],
    ]);
    expect(entries[0]?.before).toEqual(DEFAULT_TEMPLATES.announcement.ar);
    expect(entries[0]?.after).toEqual({ subject: 'Draft {{title}}', body: 'Draft {{message}}' });
    expect(entries[1]?.before).toEqual({ subject: 'Draft {{title}}', body: 'Draft {{message}}' });
    expect(entries[1]?.after).toEqual(DEFAULT_TEMPLATES.announcement.ar);
    // The history drawer reads them through the audit route.
    const audit = (await req('GET', '/api/academic_setup/audit/?entity_type=email_template', anita)).json().result;
    expect(audit.items.map((i: { action: string }) => i.action)).toEqual(['reset', 'update']);
  });

  it('another school never reads Sunrise’s templates', async () => {
    await req('PUT', '/api/email_templates/homework/he', anita, { subject: 'Sunrise only {{title}}', body: '{{message}}' });
    const sam = await t.database.db.select({ id: users.id }).from(users).where(eq(users.phone, '9000000001'));
    const moonbeamAdmin = t.services.scopes.of({
      userId: sam[0]?.id ?? '',
      kind: 'staff',
      schoolId: moonbeam,
      sessionId: 'test',
      isTemp: false,
    });
    const theirs = await t.services.emailTemplates.get(moonbeamAdmin, 'homework', 'he');
    expect(theirs).toMatchObject({ customised: false, subject: DEFAULT_TEMPLATES.homework.he.subject });
    const list = await t.services.emailTemplates.list(moonbeamAdmin);
    expect(list.every((e) => e.languages.every((l) => !l.customised))).toBe(true);
    // And an email Moonbeam sends is worded by the default.
    const sent: string[] = [];
    const provider = t.services.emailTemplates.email;
    const original = provider.send.bind(provider);
    provider.send = async (m) => {
      sent.push(m.subject);
    };
    await t.services.emailTemplates.send(
      { kind: 'system', schoolId: moonbeam },
      { key: 'homework', to: 'x@example.com', language: 'he', values: { title: 'T', message: trustedHtml('<p>m</p>') } },
    );
    await t.services.emailTemplates.send(
      { kind: 'system', schoolId: sunrise },
      { key: 'homework', to: 'x@example.com', language: 'he', values: { title: 'T', message: trustedHtml('<p>m</p>') } },
    );
    provider.send = original;
    expect(sent).toEqual(['Moonbeam Nursery: שיעורי בית — T', 'Sunrise only T']);
    await req('DELETE', '/api/email_templates/homework/he', anita);
  });
});

describe('preview and test send', () => {
  it('previews a draft with the sample values and the school’s real name, listing unknown placeholders', async () => {
    const res = await req('POST', '/api/email_templates/care_incident/he/preview', anita, {
      subject: '{{child_name}} {{bogus}}',
      body: 'שלום {{first_name}} <b>\n\n{{description}}\n\n{{school_name}}',
    });
    const preview = expectResponse(ROUTES.emailTemplatePreview, res).result;
    expect(preview.direction).toBe('rtl');
    expect(preview.unknown_placeholders).toEqual(['bogus']);
    expect(preview.subject).toBe('Aarav');
    expect(preview.html).toContain('dir="rtl"');
    expect(preview.html).toContain('<p>שלום Rohan &lt;b&gt;</p>');
    expect(preview.html).toContain('Slipped on the wet grass');
    expect(preview.html).toContain('Sunrise Early Years');
    // Without a draft: the saved (here the default) template.
    const saved = expectResponse(
      ROUTES.emailTemplatePreview,
      await req('POST', '/api/email_templates/library_overdue/en/preview', anita, {}),
    ).result;
    expect(saved.direction).toBe('ltr');
    expect(saved.subject).toBe('Sunrise Early Years: library books to bring back');
    expect(saved.html).toContain('<ul><li><strong>The Gruffalo</strong>');
    expect(saved.unknown_placeholders).toEqual([]);
  });

  it('sends a test to the caller’s own address, marked [Test]; no address → 400', async () => {
    const res = await req('POST', '/api/email_templates/report_card_shared/ar/test', anita, {});
    expect(expectResponse(ROUTES.emailTemplateTest, res).message).toBe(EMAIL_TEMPLATE_MESSAGES.testSent);
    const mail = (await outbox()).find((m) => m.subject.startsWith('[Test] '));
    expect(mail?.to).toBe(ANITA_EMAIL);
    expect(mail?.subject).toBe('[Test] Sunrise Early Years: تقرير Aarav عن Term 1');
    expect(mail?.html).toContain('dir="rtl"');

    await t.database.db.update(users).set({ email: null }).where(eq(users.email, ANITA_EMAIL));
    const none = await req('POST', '/api/email_templates/report_card_shared/ar/test', anita, { subject: 's', body: 'b' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: ERROR_CODES.noEmail, message: EMAIL_TEMPLATE_MESSAGES.noEmail });
    await t.database.db.update(users).set({ email: ANITA_EMAIL }).where(eq(users.phone, '9000000002'));
  });
});

describe('every default, in every language', () => {
  for (const key of EMAIL_TEMPLATE_KEYS)
    for (const language of LANGUAGES)
      it(`${key} (${language}) renders with its sample values`, () => {
        const template = DEFAULT_TEMPLATES[key][language];
        expect(unknownPlaceholders(key, template.subject, template.body)).toEqual([]);
        const values = Object.fromEntries(
          EMAIL_PLACEHOLDERS[key].map((p) => [p.name, p.kind === 'html' ? trustedHtml(p.sample) : p.sample]),
        );
        const out = renderEmail(template, language, values);
        expect(out.unknown).toEqual([]);
        expect(out.subject.trim().length).toBeGreaterThan(0);
        expect(out.subject).not.toContain('{{');
        expect(out.html.value).not.toContain('{{');
        expect(out.html.value).toContain(`dir="${language === 'en' ? 'ltr' : 'rtl'}" lang="${language}"`);
        expect(out.html.value).toContain('Rohan');
        const child = EMAIL_PLACEHOLDERS[key].find((p) => p.name === 'child_name');
        if (child) expect(out.html.value).toContain(child.sample);
        // The same placeholders in every language.
        const names = (l: (typeof LANGUAGES)[number]) =>
          [...`${DEFAULT_TEMPLATES[key][l].subject} ${DEFAULT_TEMPLATES[key][l].body}`.matchAll(/\{\{(\w+)\}\}/g)]
            .map((m) => m[1])
            .sort();
        expect([...new Set(names(language))]).toEqual([...new Set(names('en'))]);
      });
});

describe('the emails the product sends', () => {
  it('an announcement to a family whose language is Arabic uses the school’s Arabic template', async () => {
    expectResponse(
      ROUTES.emailTemplateUpdate,
      await req('PUT', '/api/email_templates/announcement/ar', anita, arabicAnnouncement),
    );
    expectResponse(ROUTES.userLanguage, await req('PUT', '/api/user_language/', rohan, { language: 'ar' }));
    const [row] = await t.database.db.select({ language: users.language }).from(users).where(eq(users.phone, '9000000004'));
    expect(row?.language).toBe('ar');
    const published = await req('POST', '/api/communication/announcements/', tara, {
      title: 'Trip <b>to the farm</b>',
      summary: '<p>Bring <strong>boots</strong><script>x()</script></p>',
      share_with: 'Classes',
      classes_ids: [nurseryA],
      send_email: true,
    });
    expect(published.statusCode, published.body).toBe(200);
    await t.services.jobs.runDue();
    const mails = (await outbox()).filter((m) => m.subject.includes('Trip <b>to the farm</b>'));
    const toRohan = mails.find((m) => m.to === ROHAN_EMAIL);
    expect(toRohan?.subject).toBe('إعلان من Sunrise Early Years: Trip <b>to the farm</b>');
    expect(toRohan?.html).toMatch(/^<div dir="rtl" lang="ar"/);
    expect(toRohan?.html).toContain('<p>أهلاً Rohan،</p>');
    expect(toRohan?.html).toContain('<strong>boots</strong>');
    expect(toRohan?.html).not.toContain('<script');
    // Another family of the class, without a language, gets the English default.
    const others = mails.filter((m) => m.to !== ROHAN_EMAIL);
    expect(others.length).toBeGreaterThan(0);
    expect(
      others.every((m) => m.subject === 'Sunrise Early Years: Trip <b>to the farm</b>' && m.html.includes('dir="ltr"')),
    ).toBe(true);
    await req('PUT', '/api/user_language/', rohan, { language: 'en' });
  });

  it('a reported absence emails the class’s staff (a job), in their language', async () => {
    const staffLanguage = await req('PUT', '/api/user_language/', tara, { language: 'he' });
    expect(staffLanguage.statusCode).toBe(200);
    const today = await t.services.attendance.today(
      t.services.scopes.of({ userId: '', kind: 'staff', schoolId: sunrise, sessionId: '', isTemp: false }),
      sunrise,
    );
    const wire = today.split('-').reverse().join('-');
    const created = await req('POST', `/api/create_child_excusal/${nurseryA}`, rohan, {
      student_id: demoId('student:Aarav Sharma'),
      from_date: wire,
      to_date: wire,
      reason: 'Fever <high>',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect((await outbox()).some((m) => m.to === TARA_EMAIL && m.subject.includes('Aarav'))).toBe(false);
    await t.services.jobs.runDue();
    const mail = (await outbox()).find((m) => m.to === TARA_EMAIL && m.subject.includes('Aarav Sharma'));
    expect(mail?.subject).toBe('Sunrise Early Years: דיווח על היעדרות — Aarav Sharma (Nursery A)');
    expect(mail?.html).toContain('dir="rtl"');
    expect(mail?.html).toContain('Rohan Sharma');
    expect(mail?.html).toContain('Fever &lt;high&gt;');
    expect(mail?.html).toContain(wire);
    await req('PUT', '/api/user_language/', tara, { language: 'en' });
  });

  it('emails the sign-in code when the text message fails, and keeps the error when there is no address', async () => {
    const [role] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.schoolId, sunrise)).limit(1);
    const userId = newId();
    await t.database.db.insert(users).values({
      id: userId,
      firstName: 'Lena',
      lastName: 'Levi',
      phone: '9100000042',
      email: 'lena.levi@sunrise.example',
      language: 'he',
    });
    await t.database.db.insert(memberships).values({ id: newId(), userId, schoolId: sunrise, roleId: role?.id ?? '' });
    const sms = t.sms.send.bind(t.sms);
    t.sms.send = async () => {
      throw new Error('SMS gateway down');
    };
    try {
      const res = await req('POST', '/api/otp/send', undefined, { phno: '919100000042' });
      expect(res.statusCode, res.body).toBe(200);
      const mail = (await outbox()).find((m) => m.to === 'lena.levi@sunrise.example');
      expect(mail?.html).toContain('dir="rtl"');
      expect(mail?.html).toContain('שלום Lena');
      const code = mail?.subject.match(/\b(\d{6})\b/)?.[1];
      expect(code).toBeDefined();
      const verify = await req('POST', '/api/otp/verify', undefined, { reqId: res.json().message, otp: code });
      expect(verify.statusCode, verify.body).toBe(200);

      await t.database.db.update(users).set({ email: null }).where(eq(users.id, userId));
      t.clock.advance(120_000);
      const failed = await req('POST', '/api/otp/send', undefined, { phno: '919100000042' });
      expect(failed.statusCode).not.toBe(200);
    } finally {
      t.sms.send = sms;
    }
  });
});
