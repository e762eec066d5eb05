import { ROUTES } from '@cue/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let anita: string;
beforeAll(async () => {
  t = await createTestApp();
  anita = await staffToken(t, '9000000002');
});
afterAll(() => t.close());

function upload(url: string, token: string, bytes: Buffer, filename = 'students.csv') {
  const boundary = '----cue-import';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return t.request({
    method: 'POST',
    url,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}

const studentCount = async () =>
  (await t.request({ method: 'GET', url: ROUTES.studentList.path, headers: bearer(anita) })).json().result.total;

const csv = (lines: string[]) => Buffer.from(`${lines.join('\n')}\n`);
const HEADER = 'First name,Last name,Class name,Parent first name,Parent last name,Parent phone,Parent email,Parent relation';

describe('student import', () => {
  it('answers 401 without a token and 403 for a teacher', async () => {
    expect((await t.request({ method: 'POST', url: ROUTES.importStudentsPreview.path })).statusCode).toBe(401);
    expect((await upload(ROUTES.importStudentsPreview.path, await staffToken(t, '9000000003'), csv([HEADER]))).statusCode).toBe(
      403,
    );
  });

  it("offers a template naming the school's classes", async () => {
    const res = await t.request({ method: 'GET', url: ROUTES.importStudentsTemplate.path, headers: bearer(anita) });
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, example] = res.body.trim().split('\n');
    expect(header).toBe(
      'first_name,last_name,class_name,parent_first_name,parent_last_name,parent_phone,parent_email,parent_relation,date_of_birth,allergies,emergency_contact_name,emergency_contact_phone,emergency_contact_relationship,consents',
    );
    expect(example).toContain('Kindergarten B');
  });

  it('previews every row problem and writes nothing', async () => {
    const before = await studentCount();
    const res = await upload(
      ROUTES.importStudentsPreview.path,
      anita,
      csv([
        HEADER,
        'Asha,Kumar,Nursery A,Ravi,Kumar,9876500001,ravi@example.com,father',
        ',Nameless,Nursery A,,,,,',
        'Leo,Fernandes,Nursery A,Maria,Fernandes,98765,,mother',
        'Asha,Kumar,Nursery A,,,,,',
        'Sam,Stone,Class Z,,,,,',
        'Kabir,Khan,Nursery A,,,,,',
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().result;
    expect(preview).toMatchObject({ kind: 'students', total_rows: 6, valid_rows: 1 });
    expect(preview.problems).toEqual([
      { row: 3, field: 'first_name', message: 'First name is missing' },
      { row: 4, field: 'parent_phone', message: 'Phone number must be 10 digits' },
      { row: 5, field: 'first_name', message: 'Duplicate of row 2' },
      { row: 6, field: 'class_name', message: 'No class named Class Z' },
      { row: 7, field: 'first_name', message: 'Kabir Khan is already in Nursery A' },
    ]);
    expect(await studentCount()).toBe(before);
  });

  it('refuses to commit a file with problems, all or nothing', async () => {
    const before = await studentCount();
    const res = await upload(
      ROUTES.importStudentsCommit.path,
      anita,
      csv([HEADER, 'Good,Row,Nursery A,,,,,', ',Bad,Nursery A,,,,,']),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'IMPORT_INVALID', message: 'The file has 1 problem; nothing was imported' });
    expect(res.json().errors).toEqual([{ field: 'row 3: first_name', message: 'First name is missing' }]);
    expect(await studentCount()).toBe(before);
  });

  it('imports students with their parents; a new parent signs in and sees the child; a known parent is reused', async () => {
    const before = await studentCount();
    const res = await upload(
      ROUTES.importStudentsCommit.path,
      anita,
      csv([
        HEADER,
        'Asha,Kumar,Nursery A,Ravi,Kumar,+91 98765 00001,ravi@example.com,father',
        'Dev,Kumar,Kindergarten B,Ravi,Kumar,9876500001,,father',
        'Mia,Sharma,Nursery A,Rohan,Sharma,9000000004,,father',
        'Noor,Ali,Nursery A,,,,,',
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: '4 students imported',
      result: { imported: 4, parents_created: 1, parents_linked: 2 },
    });
    expect(await studentCount()).toBe(before + 4);
    // Ravi is new, with two children; Rohan already existed and now has three.
    const send = await t.request({ method: 'POST', url: '/api/otp/send', payload: { phno: '919876500001' } });
    const code = t.sms.sent.at(-1)?.text.match(/\b(\d{6})\b/)?.[1];
    const verify = await t.request({
      method: 'POST',
      url: '/api/otp/verify',
      payload: { reqId: send.json().message, otp: code },
    });
    const login = await t.request({
      method: 'POST',
      url: ROUTES.phoneVerification.path,
      payload: { otp_jwt_token: verify.json().message, phone_number: '9876500001' },
    });
    const ravi = login.json().result.parent_user.user_details;
    expect(ravi.child_list.map((c: { first_name: string }) => c.first_name)).toEqual(['Asha', 'Dev']);
    const rohan = await t.request({ method: 'POST', url: ROUTES.checkPhoneExists.path, payload: { phone_number: '9000000004' } });
    expect(rohan.json().result).toBe(true);
  });

  it("imports each child's record: date of birth, allergies, an emergency contact and consents, with row problems first", async () => {
    const header = `${HEADER},Date of birth,Allergies,Emergency contact name,Emergency contact phone,Emergency contact relationship,Consents`;
    const bad = await upload(
      ROUTES.importStudentsPreview.path,
      anita,
      csv([
        header,
        'Rafi,Ali,Nursery A,,,,,,31-02-2023,,,,,',
        'Rafi,Bose,Nursery A,,,,,,,Peanuts,,,,',
        'Rafi,Chand,Nursery A,,,,,,,,,9876500009,,',
        'Rafi,Dutt,Nursery A,,,,,,,,,,,swimming',
        'Rafi,Ejaz,Nursery A,,,,,,01-01-2099,,,,,outings: maybe',
      ]),
    );
    expect(bad.statusCode).toBe(200);
    const problems = bad.json().result.problems as { row: number; field: string; message: string }[];
    expect(problems).toEqual(
      expect.arrayContaining([
        { row: 2, field: 'date_of_birth', message: 'Use the format DD-MM-YYYY' },
        expect.objectContaining({ row: 3, field: 'allergies' }),
        { row: 4, field: 'emergency_contact_name', message: "The emergency contact's name is missing" },
        expect.objectContaining({ row: 5, field: 'consents' }),
        { row: 6, field: 'date_of_birth', message: 'The date of birth cannot be in the future' },
        { row: 6, field: 'consents', message: 'Answer outings with yes or no' },
      ]),
    );
    const done = await upload(
      ROUTES.importStudentsCommit.path,
      anita,
      csv([
        header,
        'Rafi,Ali,Nursery A,,,,,,14-03-2023,"Peanuts (severe, EpiPen); Eggs (mild)",Meena Ali,9876500003,grandmother,"photos_class, photos_public: no"',
      ]),
    );
    expect(done.statusCode, done.body).toBe(200);
    const list = await t.request({ method: 'GET', url: `${ROUTES.studentList.path}?search=Rafi`, headers: bearer(anita) });
    const rafi = list.json().result.items.find((s: { first_name: string }) => s.first_name === 'Rafi');
    const record = (await t.request({ method: 'GET', url: `/api/student/${rafi.id}/record`, headers: bearer(anita) })).json()
      .result;
    expect(record.profile.date_of_birth).toBe('14-03-2023');
    expect(
      record.health.allergies.map((a: { name: string; severity: string; epipen: boolean }) => [a.name, a.severity, a.epipen]),
    ).toEqual([
      ['Peanuts', 'severe', true],
      ['Eggs', 'mild', false],
    ]);
    expect(record.alerts).toEqual(['severe_allergy', 'epipen']);
    expect(record.emergency_contacts[0]).toMatchObject({ name: 'Meena Ali', phone: '9876500003', relationship: 'grandmother' });
    const consent = (key: string) => record.consents.find((c: { key: string }) => c.key === key)?.granted;
    expect([consent('photos_class'), consent('photos_public'), consent('outings')]).toEqual([true, false, null]);
  });

  it('reads XLSX files too', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Students');
    ws.addRow(['first_name', 'last_name', 'class_name']);
    ws.addRow(['Xena', 'Paul', 'Nursery A']);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const preview = await upload(ROUTES.importStudentsPreview.path, anita, bytes, 'students.xlsx');
    expect(preview.json().result).toMatchObject({ total_rows: 1, valid_rows: 1, problems: [] });
    expect((await upload(ROUTES.importStudentsCommit.path, anita, bytes, 'students.xlsx')).json().result.imported).toBe(1);
  });

  it('refuses an empty or unreadable file', async () => {
    expect((await upload(ROUTES.importStudentsPreview.path, anita, csv([HEADER]))).json().code).toBe('IMPORT_EMPTY');
    expect(
      (await upload(ROUTES.importStudentsPreview.path, anita, Buffer.from([0x50, 0x4b, 1, 2, 3]), 'x.xlsx')).json().code,
    ).toBe('IMPORT_UNREADABLE');
  });
});

describe('staff import', () => {
  it('previews and imports staff with roles and classes', async () => {
    const file = csv([
      'first_name,last_name,phone,email,role,class_names',
      'Maya,Iyer,9876500100,maya@example.com,Teacher,Nursery A; Kindergarten B',
      'Tara,Again,9000000003,,Teacher,',
      'Ola,Nope,,,,',
      'Ben,Role,9876500101,,Wizard,',
    ]);
    const preview = (await upload(ROUTES.importStaffPreview.path, anita, file, 'staff.csv')).json().result;
    expect(preview.problems).toEqual([
      { row: 3, field: 'phone', message: 'Already staff of this school' },
      { row: 4, field: 'phone', message: 'Give a phone number or an email to sign in with' },
      { row: 5, field: 'role', message: 'No role named Wizard' },
    ]);
    const ok = await upload(
      ROUTES.importStaffCommit.path,
      anita,
      csv([
        'first_name,last_name,phone,email,role,class_names',
        'Maya,Iyer,9876500100,maya@example.com,Teacher,Nursery A; Kindergarten B',
      ]),
      'staff.csv',
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const staff = (await t.request({ method: 'GET', url: ROUTES.staffList.path, headers: bearer(anita) })).json().result;
    expect(staff.find((s: { first_name: string }) => s.first_name === 'Maya').classes).toHaveLength(2);
  });
});
