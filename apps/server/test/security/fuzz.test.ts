import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CHAT_EVENTS,
  CUE_EVENTS,
  CUE_TASK_ENDPOINTS,
  CURRICULUM_CSV_COLUMNS,
  IMPORT_COLUMNS,
  KIOSK_TOKEN_HEADER,
  ROUTES,
  type RouteDef,
  type RouteName,
  UNSAFE_TEXT_MESSAGE,
} from '@cue/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import sharp from 'sharp';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../../src/platform/http/route.js';
import { demoId } from '../../src/seed/demo.js';
import { bearer, createTestApp, type TestApp } from '../harness.js';
import { type LocalOidcProvider, startOidcProvider } from '../oidc.js';
import { sunriseAcademic } from '../support/academic-fixtures.js';
import { sunriseAssessment } from '../support/assessment-fixtures.js';
import { sunriseCarelog } from '../support/carelog-fixtures.js';
import { type DispersalFixture, dispersalFixture } from '../support/dispersal-fixtures.js';
import { sunriseLibrary } from '../support/library-fixtures.js';
import { sunriseManagement } from '../support/management-fixtures.js';
import { sunrisePlanning } from '../support/planning-fixtures.js';
import { generate, sunriseTimetable } from '../support/timetable-fixtures.js';
import {
  arbitraryFor,
  encodeUrlValue,
  HOSTILE_FILENAMES,
  HOSTILE_URL_STRINGS,
  MARKER,
  type MultipartPart,
  multipart,
  mutate,
  mutationArbitrary,
  queryString,
} from './fuzz-arbitraries.js';

/**
 * Contract-driven fuzzing: every route of the contract's table gets requests generated from the zod
 * schemas of its entry (the same `route()` registered it with) — valid-shaped ones and hostile mutations of them (null bytes, lone
 * surrogates, 1 MB strings, formula prefixes, RTL overrides, long ids, SQL and HTML, edge numbers,
 * wrong types, missing and extra fields) — sent as the kind of caller the route serves, with real ids
 * in the path half of the time. No request may answer 5xx. FUZZ_RUNS sets the cases per route,
 * FUZZ_SEED the seed (fixed, so a failure reproduces).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = Number(process.env.FUZZ_SEED ?? 15_009);

/** `kiosk`: a public route called with the token of a kiosk paired with Sunrise in its header. */
type Caller = 'public' | 'kiosk' | 'owner' | 'admin' | 'teacher' | 'parent' | 'refresh';
type Part = 'body' | 'query' | 'params';
interface Case {
  caller: Caller;
  params: Record<string, unknown> | undefined;
  query: unknown;
  body: unknown;
  files?: MultipartPart[];
  label: string;
}

let t: TestApp;
let address = 0;
let provider: LocalOidcProvider;
/** An OpenAI-compatible engine that answers every call: transcription and captions reach their real code. */
const engine = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ text: 'Fuzz is absent', choices: [{ message: { content: 'A child with blocks' } }] }));
  });
});
const tokens: Record<'owner' | 'admin' | 'teacher' | 'parent', string> = { owner: '', admin: '', teacher: '', parent: '' };
const today = new Date().toISOString().slice(0, 10).split('-').reverse().join('-');
/** Objects of Sunrise the fuzzer may damage freely (the demo's own people and classes stay intact). */
const real: Partial<Record<NonNullable<RouteDef['resource']>, string>> = {
  parent: demoId('parent:9000000004'),
  school: demoId('school:sunrise'),
};
let ids: string[] = [];
let hints: Record<string, fc.Arbitrary<unknown>> = {};
let png: Buffer;
let schoolPermissions: Record<string, boolean> = {};
let dispersal: DispersalFixture;
/** The token of a kiosk paired through its route, kept for the kiosk caller (the fixture's kiosk may be revoked by a case). */
let kioskToken = '';

/** Routes that end or rotate the caller's session (or account): each case signs in afresh. */
const SESSION_ENDING = new Set<RouteName>(['logout', 'switchSchool', 'renewRefreshToken', 'accessTokenActive']);

/** A phone sign-in from its own client address (the public routes' per-address limit stays out of the way). */
async function signIn(phone: string, code = '123456') {
  const remoteAddress = `10.9.${(signIn.count >> 8) & 255}.${signIn.count++ & 255}`;
  const send = await t.request({ method: 'POST', url: ROUTES.otpSend.path, payload: { phno: `91${phone}` }, remoteAddress });
  const otp = code || (t.sms.sent.at(-1)?.text.match(/\b(\d{6})\b/)?.[1] ?? '');
  const verify = await t.request({
    method: 'POST',
    url: ROUTES.otpVerify.path,
    payload: { reqId: send.json().message, otp },
    remoteAddress,
  });
  const login = await t.request({
    method: 'POST',
    url: ROUTES.phoneVerification.path,
    payload: { otp_jwt_token: verify.json().message, phone_number: phone },
    remoteAddress,
  });
  if (login.statusCode !== 200) throw new Error(`sign-in of ${phone} failed: ${send.body} ${verify.body} ${login.body}`);
  return login.json().result as {
    staff_user?: { access_token: string; refresh_token: string };
    parent_user?: { access_token: string; refresh_token: string };
  };
}
signIn.count = 0;

const PHONES = { owner: '9000000001', admin: '9000000002', teacher: '9000000003', parent: '9000000004' } as const;
async function tokenFor(caller: Caller, fresh: boolean): Promise<string | undefined> {
  if (caller === 'public' || caller === 'kiosk') return undefined;
  if (caller === 'refresh') return (await signIn(PHONES.parent)).parent_user?.refresh_token;
  if (!fresh) return tokens[caller];
  const result = await signIn(PHONES[caller]);
  return (caller === 'parent' ? result.parent_user : result.staff_user)?.access_token;
}

/** A staff member made for one case of `delete_user_profile`, signed in with the code texted to them. */
let disposable = 0;
async function disposableStaff(): Promise<string> {
  const phone = String(8_100_000_000 + disposable++);
  const made = await t.request({
    method: 'POST',
    url: ROUTES.staffCreate.path,
    headers: bearer(tokens.admin),
    payload: { first_name: 'Temporary', phone, role_id: demoId('role:sunrise:teacher') },
  });
  if (made.statusCode !== 200) throw new Error(made.body);
  return (await signIn(phone, '')).staff_user?.access_token ?? '';
}

/** The kinds of caller a route serves: the platform's own routes also get the super admin (Sam). */
const callersOf = (def: RouteDef): Caller[] =>
  [def.permission ?? []].flat().some((p) => p.startsWith('super_admin.'))
    ? ['owner', 'admin']
    : ({
        public: ['public'],
        refresh: ['refresh'],
        staff: ['admin', 'teacher'],
        parent: ['parent'],
        any: ['admin', 'teacher', 'parent'],
      }[def.access] as Caller[]);
/** A public route that reads the kiosk's header is called without a token and with a valid one. */
const callersFor = (def: RouteDef): Caller[] => (def.access === 'public' && def.headers ? ['public', 'kiosk'] : callersOf(def));

const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
const plausible: Record<string, string> = {
  first_name: 'Fuzz',
  last_name: 'Case',
  class_name: 'Fuzz class',
  class_names: 'Fuzz class',
  parent_first_name: 'Pat',
  parent_last_name: 'Case',
  parent_phone: '9000000004',
  parent_email: '',
  parent_relation: 'mother',
  phone: '',
  email: 'fuzz.case@example.com',
  role: 'Teacher',
  area_code: 'FZ',
  area_name: 'Fuzz area',
  area_group: 'Prime',
  aspect_code: 'FZ1',
  aspect_name: 'Fuzz aspect',
  statement_code: 'FZ1.1',
  statement_text: 'Fuzzes a statement',
  age_from_months: '36',
  age_to_months: '60',
};

/** The columns of a route's CSV: the curriculum import's, the staff import's or the students'. */
const csvColumnsOf = (name: RouteName): readonly string[] =>
  name === 'curriculumImport' ? CURRICULUM_CSV_COLUMNS : IMPORT_COLUMNS[name.startsWith('importStaff') ? 'staff' : 'students'];

/** The generated files of a multipart route: the right or a wrong field, hostile names, text fields, contents. */
function filesArbitrary(name: RouteName, field: string): fc.Arbitrary<MultipartPart[]> {
  const columns = csvColumnsOf(name);
  const text = fc.constantFrom(...HOSTILE_URL_STRINGS);
  const content = fc.oneof(
    fc.constant<Buffer | string>(png),
    fc.record({ column: fc.nat(), value: text }).map(({ column, value }) => {
      const row = columns.map((c, i) => (i === column % columns.length ? value : (plausible[c] ?? 'x')));
      return `${columns.join(',')}\n${row.map(csvCell).join(',')}\n`;
    }),
    fc.constantFrom<Buffer | string>(
      // A document or CV the admission and job uploads keep (sniffed as a PDF).
      '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      Buffer.from([0, 1, 2, 255, 254]),
      '',
    ),
  );
  return fc
    .record({
      field: fc.oneof({ weight: 4, arbitrary: fc.constant(field) }, fc.constantFrom('file', `x${MARKER}\u0000`, '')),
      filename: fc.oneof(fc.constantFrom('photo.png', 'list.csv', 'voice.webm'), fc.constantFrom(...HOSTILE_FILENAMES)),
      contentType: fc.constantFrom('image/png', 'text/csv', 'application/pdf', 'audio/webm', 'image/svg+xml', 'text/html'),
      content,
      texts: fc.array(fc.record({ name: fc.constantFrom('caption', 'class_id', `n${MARKER}\u0000`), value: text }), {
        maxLength: 2,
      }),
    })
    .map(({ field: f, filename, contentType, content: c, texts }) => [
      ...texts.map((p) => ({ name: p.name, content: p.value })),
      { name: f, filename, contentType, content: c },
    ]);
}

function casesFor(name: RouteName, def: RouteDef, index: number): Case[] {
  if (!registeredRoutes(t.app).some((r) => r.def === def)) throw new Error(`${name} is not registered`);
  // The entry is the whole contract: its schemas, and the field a multipart route reads its file from.
  const { body, query: querystring, params, upload: file } = def;
  const sendsBody = def.method === 'POST' || def.method === 'PUT';
  const parts: Part[] = [
    ...(body || (sendsBody && !file) ? (['body'] as const) : []),
    ...(querystring || !sendsBody ? (['query'] as const) : []),
    ...(params ? (['params'] as const) : []),
  ];
  const none = fc.constant(undefined);
  // A public job's path names the opening without declaring a resource (nobody is signed in).
  const realId = def.resource
    ? real[def.resource]
    : def.path.startsWith('/api/public/jobs/:school_id/:id')
      ? real.job_opening
      : undefined;
  // A public path's school is Sunrise's (whose features are on), and an admission form's kind a real one.
  const fixed: Record<string, string> = {
    ...(def.path.includes(':school_id') ? { school_id: demoId('school:sunrise') } : {}),
    ...(def.path.includes(':kind') ? { kind: 'application' } : {}),
  };
  const valid = realId
    ? fc.constant({ id: realId, ...fixed })
    : Object.keys(fixed).length && params
      ? arbitraryFor(params).map((p) => ({ ...(p as object), ...fixed }))
      : undefined;
  // The path's parameters: the object made for this resource (at Sunrise) half of the time, else any id
  // (never the demo's own people, whom a delete would take away from the callers).
  const paramsArb = params ? (valid ? fc.oneof(valid, arbitraryFor(params)) : arbitraryFor(params)) : none;
  const arb = fc
    .record({
      caller: fc.constantFrom(...callersFor(def)),
      body: body ? arbitraryFor(body, { ids, hints }) : sendsBody && !file ? fc.constant({}) : none,
      query: querystring ? arbitraryFor(querystring, { ids, hints }) : none,
      params: paramsArb,
      files: file ? filesArbitrary(name, file) : none,
      mutation: fc.option(mutationArbitrary(parts.length ? parts : ['query']), { freq: 4 }),
    })
    .map(({ mutation, ...input }): Case => {
      const c: Case = { ...input, params: input.params as Case['params'], label: 'valid-shaped' };
      if (!mutation) return c;
      const where = mutation.where;
      let { value, label } = mutate(c[where], mutation);
      // A path parameter is text: a wrong type or a missing id still becomes a string in the URL.
      if (where === 'params' && (typeof value !== 'object' || value === null)) value = { id: String(value) };
      return { ...c, [where]: value, label };
    });
  return fc.sample(arb, { seed: SEED + index, numRuns: RUNS });
}

async function send(name: RouteName, def: RouteDef, c: Case) {
  const token = name === 'deleteUserProfile' ? await disposableStaff() : await tokenFor(c.caller, SESSION_ENDING.has(name));
  // Every parameter of the path (an email template's :key and :language too) from the case, an id
  // that names nothing or a word no enum holds when the case lost it.
  const params = c.params && typeof c.params === 'object' ? (c.params as Record<string, unknown>) : {};
  const url =
    def.path.replace(/:([a-z_]+)/g, (_, key: string) =>
      encodeUrlValue(key in params ? String(params[key]) : key === 'id' ? 'ffffffffffffffffffffffff' : `no-${key}`),
    ) + queryString(c.query);
  const headers: Record<string, string> = token ? bearer(token) : {};
  if (c.caller === 'kiosk') {
    headers[KIOSK_TOKEN_HEADER] = kioskToken;
    // Wrong codes are limited per kiosk and minute: each case starts with none, so it reaches the code's check.
    await t.database.db.execute(sql`delete from kiosk_attempts`);
  }
  if (c.files) {
    const form = multipart(c.files);
    return t.request({ method: def.method, url, headers: { ...headers, ...form.headers }, payload: form.payload });
  }
  if (c.body === undefined) return t.request({ method: def.method, url, headers });
  return t.request({
    method: def.method,
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(c.body),
  });
}

/** Puts back what a route's cases may have switched off, so the routes after it are fuzzed as deeply. */
async function restore(name: RouteName) {
  if (name === 'schoolPermissionsUpdate')
    await t.request({
      method: 'PUT',
      url: ROUTES.schoolPermissionsUpdate.path,
      headers: bearer(tokens.admin),
      payload: { permissions: schoolPermissions },
    });
  if (name === 'classUpdate' && real.class)
    await t.request({
      method: 'PUT',
      url: ROUTES.classUpdate.path.replace(':id', real.class),
      headers: bearer(tokens.admin),
      payload: { archived: false },
    });
}

const totals = { routes: 0, cases: 0, failures: 0 };

beforeAll(async () => {
  const origin = 'http://localhost:5173';
  provider = await startOidcProvider([
    { client_id: 'google-client', client_secret: 'google-secret', redirect_uris: [`${origin}/google_login_verify`] },
    { client_id: 'ms-client', client_secret: 'ms-secret', redirect_uris: [`${origin}/microsoft_login_verify`] },
  ]);
  await new Promise<void>((resolve) => engine.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({
    GOOGLE_CLIENT_ID: 'google-client',
    GOOGLE_CLIENT_SECRET: 'google-secret',
    GOOGLE_ISSUER: provider.issuer,
    MICROSOFT_CLIENT_ID: 'ms-client',
    MICROSOFT_CLIENT_SECRET: 'ms-secret',
    MICROSOFT_ISSUER: provider.issuer,
    LLM_BASE_URL: `http://127.0.0.1:${(engine.address() as AddressInfo).port}/v1`,
    LLM_TRANSCRIBE_MODEL: 'whisper-1',
    LLM_VISION_MODEL: 'vision-1',
  });
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#4c6ef5' } })
    .png()
    .toBuffer();
  tokens.owner = (await signIn(PHONES.owner)).staff_user?.access_token ?? '';
  tokens.admin = (await signIn(PHONES.admin)).staff_user?.access_token ?? '';
  tokens.teacher = (await signIn(PHONES.teacher)).staff_user?.access_token ?? '';
  tokens.parent = (await signIn(PHONES.parent)).parent_user?.access_token ?? '';
  const admin = bearer(tokens.admin);
  const made = async (url: string, payload: object, headers = admin, method: 'POST' | 'PUT' = 'POST') => {
    const res = await t.request({ method, url, headers, payload });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json().result;
  };
  real.division = (await made(ROUTES.divisionCreate.path, { name: 'Fuzz division' })).id;
  real.class = (await made(ROUTES.classCreate.path, { class_name: 'Fuzz class' })).id;
  real.class_or_staff = real.class;
  await made(ROUTES.addStaffToClasses.path.replace(':id', real.class ?? ''), {
    staff_ids: [demoId('user:9000000003')],
    class_ids: [real.class],
  });
  real.student = (await made(ROUTES.studentCreate.path, { first_name: 'Fuzz', class_id: real.class })).id;
  await made(ROUTES.studentLinkParent.path.replace(':id', real.student ?? ''), { first_name: 'Rohan', phone: '9000000004' });
  real.role = (await made(ROUTES.roleCreate.path, { name: 'Fuzz role', permissions: ['admin_portal.classes'] })).id;
  real.staff = (
    await made(ROUTES.staffCreate.path, {
      first_name: 'Fuzz',
      phone: '8099999999',
      role_id: real.role,
      class_ids: [real.class],
    })
  ).id;
  real.event = (await made(ROUTES.calendarCreate.path, { title: 'Fuzz day', start_date: today, end_date: today })).id;
  for (const [type, key] of [
    ['announcements', 'announcement'],
    ['homeworks', 'homework'],
  ] as const)
    real[key] = (
      await made(`/api/communication/${type}/`, {
        title: 'Fuzz',
        summary: '<p>Fuzz</p>',
        share_with: 'Classes',
        classes_ids: [real.class],
        save_as_draft: true,
      })
    ).id;
  real.observation = (
    await made(
      ROUTES.observationCreate.path,
      { class_id: real.class, observation_entries: [{ student_id: real.student, date: today, general_note: 'Fuzz' }] },
      bearer(tokens.teacher),
    )
  ).observation_entries[0].id;
  const claims = await t.services.tokens.verifyAccess(tokens.teacher);
  if (!claims.ok) throw new Error('token');
  const events: { conversation_id: string }[] = [];
  await t.services.ai.chat(
    claims.claims,
    { user_query: { class_id: real.class, user_input: 'Fuzz is absent today', date: today, time: '09:00 AM' } },
    (e) => events.push(e as { conversation_id: string }),
  );
  real.conversation = events[0]?.conversation_id;
  real.tool_call = (await t.services.ai.conversation(claims.claims, real.conversation ?? '')).tool_calls[0]?.id;
  real.access_token = (
    await made(ROUTES.createAccessToken.path, { label: 'Fuzz', expires_in_minutes: 60 }, bearer(tokens.owner))
  ).id;
  // The fuzz child's family conversation, a message in it and its report.
  const parentHeaders = bearer(tokens.parent);
  real.chat_conversation = (await made(ROUTES.chatOpen.path, { kind: 'family', student_id: real.student }, parentHeaders))
    ._id as string;
  real.chat_message = (
    await made(
      ROUTES.chatSend.path.replace(':id', real.chat_conversation),
      { client_id: 'fuzz-message-0001', body: 'Fuzz' },
      parentHeaders,
    )
  )._id as string;
  await made(ROUTES.chatMessageReport.path.replace(':id', real.chat_message), { reason: 'Fuzz' }, bearer(tokens.teacher));
  real.chat_report = (await t.request({ method: 'GET', url: ROUTES.chatReports.path, headers: admin })).json().result[0]?._id;
  // A care entry, a consented medicine and an incident report of Aarav.
  Object.assign(real, await sunriseCarelog(t));
  // A unit of Nursery A with an activity, and a unit and a resource of the organization's libraries
  // (those two are shared by the organization's schools by design: any staff caller reads them).
  Object.assign(real, await sunrisePlanning(t));
  // Assessment: a period, a grade scale, Nursery A's category, task, parent form and report set (with
  // Aarav's entry), a reflection of Aarav and a report template; bodies name the current term.
  const { current_period: currentPeriod, ...assessment } = await sunriseAssessment(t);
  Object.assign(real, assessment);
  // The library: an item with two copies (SUNLIB00001 on loan to Aarav, SUNLIB00002 on the shelf), his
  // reservation and an import in preview. Drop-off and pick-up: a kiosk of Sunrise (its token is sent by
  // the kiosk caller), Rohan's family code (he is the fuzz child's parent too), Aarav's check-in, an
  // alert and a one-time pick-up person of today.
  Object.assign(real, await sunriseLibrary(t));
  dispersal = await dispersalFixture(t, {
    school: demoId('school:sunrise'),
    class: demoId('class:nurseryA'),
    student: demoId('student:Aarav Sharma'),
    parent: demoId('parent:9000000004'),
    parentName: 'Rohan Sharma',
    staff: demoId('user:9000000003'),
    code: '4321',
  });
  kioskToken = (await made(ROUTES.kioskCreate.path, { name: 'Fuzz door' })).token;
  // The academic setup: Sunrise's own framework (an area, an aspect, a statement), its day schedule, its
  // hall and a booking of it for Nursery A.
  const academic = await sunriseAcademic(t);
  Object.assign(real, {
    curriculum_framework: academic.curriculum_framework,
    curriculum_node: academic.curriculum_node,
    day_schedule: academic.day_schedule,
    school_resource: academic.school_resource,
    resource_booking: academic.resource_booking,
  });
  // Management: an enquiry with a document, an open job with an application and its interview, a fee
  // structure and a scholarship, Nursery A's issued invoices, next month's preview and a payment.
  const management = await sunriseManagement(t);
  for (const key of [
    'admission_application',
    'admission_document',
    'job_opening',
    'job_application',
    'job_interview',
    'fee_structure',
    'fee_discount',
    'invoice_run',
    'invoice',
    'payment',
    'fee_account',
  ] as const)
    real[key] = management[key];
  // The timetable: an outline, subjects, mappings and a generated week.
  const timetable = await sunriseTimetable(t);
  real.timetable_subject = timetable.music;
  real.timetable_mapping = timetable.nursery_music;
  real.timetable_run = (await generate(t, timetable.anita, { mode: 'full', seconds: 2 })).run?._id;
  real.timetable_lesson = (
    await t.request({ method: 'GET', url: ROUTES.timetableBoard.path, headers: admin })
  ).json().result.lessons[0]?._id;
  Object.assign(real, {
    kiosk: dispersal.kiosk,
    dispersal_event: dispersal.dispersal_event,
    dispersal_alert: dispersal.dispersal_alert,
    one_time_pickup: dispersal.one_time_pickup,
  });
  schoolPermissions = (await t.request({ method: 'GET', url: ROUTES.schoolPermissions.path, headers: admin })).json().result;
  ids = [
    ...Object.values(real).filter((v): v is string => Boolean(v)),
    demoId('class:nurseryA'),
    demoId('student:Aarav Sharma'),
    demoId('user:9000000003'),
    demoId('role:sunrise:teacher'),
    demoId('school:moonbeam'),
  ];
  const classes = fc.constant(real.class as string);
  const students = fc.constant(real.student as string);
  const link = fc.oneof(fc.webUrl({ validSchemes: ['https'] }), fc.constant('https://example.com/a.pdf'));
  hints = {
    class_id: classes,
    classes_ids: classes,
    class_ids: classes,
    student_id: students,
    student_ids: students,
    child_id: students,
    staff_ids: fc.constantFrom(real.staff as string, demoId('user:9000000003')),
    role_id: fc.constantFrom(real.role as string, demoId('role:sunrise:teacher')),
    school_id: fc.constant(demoId('school:sunrise')),
    url: fc.oneof(link, fc.constant('/dashboard')),
    file_link: link,
    image_url: link,
    time_zone: fc.constantFrom('Asia/Kolkata', 'Europe/London', 'UTC'),
    // Planning: the real unit and resource, and EYFS areas (Understanding the World, Literacy).
    unit_id: fc.constant(real.unit as string),
    resource_ids: fc.constant(real.planning_resource as string),
    area_ids: fc.constantFrom('3ce9bd22f2bf1efb3d6fe01f', 'f67904fb136cef698facda2e'),
    area_id: fc.constant('3ce9bd22f2bf1efb3d6fe01f'),
    learning_area_id: fc.constant('3ce9bd22f2bf1efb3d6fe01f'),
    // Assessment: the current term (or the fixture's own period), the real scale, category and template.
    period_id: fc.constantFrom(currentPeriod, real.assessment_period as string),
    scale_id: fc.constant(real.grade_scale as string),
    category_id: fc.constant(real.grade_category as string),
    template_id: fc.constant(real.report_template as string),
    // The library: its item, copies (by id and barcode) and loan.
    item_id: fc.constant(real.library_item as string),
    copy_ids: fc.constantFrom(real.library_copy as string, (real as Record<string, string>).library_copy_free as string),
    loan_ids: fc.constant(real.library_loan as string),
    barcode: fc.constantFrom('SUNLIB00001', 'SUNLIB00002'),
    from_barcode: fc.constant('SUNLIB00001'),
    to_barcode: fc.constant('SUNLIB00002'),
    isbn: fc.constantFrom('978-0-306-40615-7', '0306406152', '9780306406158'),
    // Drop-off and pick-up: Rohan (a curriculum node's parent: Sunrise's area or aspect), the family's
    // code, its QR code's text and the one-time pick-up code.
    parent_id: fc.constantFrom(demoId('parent:9000000004'), academic.curriculum_area, academic.curriculum_aspect),
    code: fc.constantFrom(dispersal.family_code, dispersal.family_qr, dispersal.one_time_code, '0000'),
    // The academic setup: Sunrise's framework, statement, hall, and a node's own id among the ones ordered.
    framework_ids: fc.constant(academic.curriculum_framework),
    statement_ids: fc.constant(academic.curriculum_node),
    resource_id: fc.constant(academic.school_resource),
    ids: fc.constantFrom(academic.curriculum_area, academic.curriculum_aspect, academic.curriculum_node),
    // Management: Sunrise's family account and its invoices, an opening, Anita as the interviewer.
    account_id: fc.constant(management.fee_account),
    invoice_id: fc.constantFrom(management.invoice, management.other_invoice),
    invoice_ids: fc.constant(management.invoice),
    opening_id: fc.constant(management.job_opening),
    run_id: fc.constant(management.issued_run),
    interviewer_id: fc.constant(demoId('user:9000000002')),
    interviewer_ids: fc.constant(demoId('user:9000000002')),
    start: fc.constantFrom('10:00 AM', '11:30 AM', '02:00 PM'),
    end: fc.constantFrom('11:00 AM', '12:30 PM', '03:00 PM'),
  };
}, 120_000);

afterAll(async () => {
  console.info(
    `fuzz: ${totals.routes} routes × ${RUNS} cases = ${totals.cases} requests (seed ${SEED}), ${totals.failures} answered 5xx`,
  );
  await t?.close();
  await provider?.close();
  engine.close();
});

describe('contract-driven fuzzing: no input answers 5xx', () => {
  const entries = Object.entries(ROUTES) as [RouteName, RouteDef][];
  it.each(entries.map(([name, def], i) => [name, def, i] as const))(
    '%s',
    async (name, def, index) => {
      const failures: string[] = [];
      const statuses: Record<number, number> = {};
      for (const c of casesFor(name, def, index)) {
        const res = await send(name, def, c);
        totals.cases++;
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        if (process.env.FUZZ_DEBUG === name) console.info(c.label, res.statusCode, res.body.slice(0, 200));
        if (res.statusCode >= 500) {
          // The server's own line about it (logs carry the error and its SQL, never a request's values).
          const logged = t.logs.findLast((line) => /"level":50/.test(line)) ?? '';
          failures.push(`${res.statusCode} as ${c.caller}, ${c.label}: ${res.body.slice(0, 160)} — ${logged.slice(0, 600)}`);
        }
      }
      await restore(name);
      if (process.env.FUZZ_STATS) console.info(`${name}: ${JSON.stringify(statuses)}`);
      totals.routes++;
      totals.failures += failures.length;
      expect(failures, `${def.method} ${def.path}`).toEqual([]);
    },
    120_000,
  );

  it('logs no request value while fuzzing', () => {
    const leaked = t.logs.filter((line) => line.includes(MARKER) && !line.includes('"incoming request"'));
    expect(leaked.map((l) => l.slice(0, 300))).toEqual([]);
  });
});

describe('text PostgreSQL cannot store is a validation error naming the field', () => {
  const refused = (field: string) => ({
    message: `${field}: ${UNSAFE_TEXT_MESSAGE}`,
    code: 'VALIDATION_ERROR',
    errors: [{ field, message: UNSAFE_TEXT_MESSAGE }],
  });

  it('in a JSON body, a query, a path parameter and a key', async () => {
    const admin = bearer(tokens.admin);
    const cases = [
      [{ method: 'POST', url: ROUTES.divisionCreate.path, payload: { name: 'Early\u0000Years' } }, 'name'],
      [{ method: 'POST', url: ROUTES.roleCreate.path, payload: { name: 'Lead \ud800' } }, 'name'],
      [{ method: 'POST', url: ROUTES.otpVerify.path, payload: { reqId: '\u0000', otp: '123456' } }, 'reqId'],
      [{ method: 'GET', url: `${ROUTES.studentList.path}?search=a%00b` }, 'search'],
      [{ method: 'GET', url: ROUTES.classDetail.path.replace(':id', 'abc%00') }, 'id'],
      [
        { method: 'PUT', url: ROUTES.schoolPermissionsUpdate.path, payload: { permissions: { 'x\u0000': true } } },
        'permissions.x\ufffd',
      ],
    ] as const;
    for (const [request, field] of cases) {
      const res = await t.request({ ...request, headers: admin });
      expect(res.statusCode, `${request.url}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual(refused(field));
    }
  });

  it('in a multipart file name and text field', async () => {
    for (const [parts, field] of [
      [[{ name: 'file', filename: 'a\u0000.png', contentType: 'image/png', content: png }], 'file'],
      [
        [
          { name: 'caption', content: 'x\u0000' },
          { name: 'file', filename: 'a.png', contentType: 'image/png', content: png },
        ],
        'caption',
      ],
    ] as const) {
      const form = multipart(parts);
      const res = await t.request({
        method: 'POST',
        url: ROUTES.mediaUpload.path,
        headers: { ...bearer(tokens.owner), ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual(refused(field));
    }
  });

  it('a deeply nested body is refused without failing', async () => {
    const res = await t.request({
      method: 'POST',
      url: ROUTES.divisionCreate.path,
      headers: { ...bearer(tokens.admin), 'content-type': 'application/json' },
      payload: `${'['.repeat(200_000)}"\\u0000"${']'.repeat(200_000)}`,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('logs', () => {
  it('a failed query is logged by its SQL and code, never its values', async () => {
    const secret = `${MARKER}-typed-by-someone`;
    const err = await t.database.db.execute(sql`select ${secret}::int as n`).catch((e: unknown) => e);
    t.app.log.error({ err }, 'request failed');
    const line = t.logs.at(-1) ?? '';
    expect(line).toContain('select $1::int as n');
    expect(line).toContain('"code":"22P02"');
    expect(line).not.toContain(secret);
  });
});

describe('socket events refuse hostile text without failing', () => {
  let socket: Socket;
  const nasty = [`${MARKER}\u0000`, `${MARKER}\ud800`, 'x'.repeat(200_000), `=cmd|' /C calc'!A0`, '\u202Egnp.exe'];

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    address = (t.app.server.address() as AddressInfo).port;
    socket = await new Promise<Socket>((resolve, reject) => {
      const s = connect(`http://127.0.0.1:${address}`, {
        path: '/socket.io',
        auth: { token: tokens.teacher },
        transports: ['websocket'],
        reconnection: false,
      });
      s.on('connect', () => resolve(s));
      s.on('connect_error', reject);
    });
  });
  afterAll(() => socket?.close());

  it('chat-with-cue answers an error and ends the stream', async () => {
    for (const text of nasty.slice(0, 2)) {
      for (const user_query of [
        { class_id: real.class, user_input: text },
        JSON.stringify({ class_id: real.class, user_input: `Fuzz is absent ${text}` }),
        { class_id: real.class, user_input: 'Fuzz is absent', requested_tools: [text] },
      ]) {
        const responses: { error?: string }[] = [];
        const onResponse = (r: { error?: string }) => responses.push(r);
        socket.on(CHAT_EVENTS.response, onResponse);
        const ended = new Promise((resolve) => socket.once(CHAT_EVENTS.end, resolve));
        socket.emit(CHAT_EVENTS.request, { user_query });
        await ended;
        socket.off(CHAT_EVENTS.response, onResponse);
        expect(
          responses.some((r) => r.error),
          JSON.stringify(user_query).slice(0, 80),
        ).toBe(true);
      }
    }
  });

  it("Cue's task events acknowledge an error", async () => {
    for (const text of nasty) {
      for (const endpoint of [CUE_TASK_ENDPOINTS[0], CUE_EVENTS.request, CUE_EVENTS.selectOption]) {
        const payload =
          endpoint === CUE_TASK_ENDPOINTS[0]
            ? { user_query: JSON.stringify({ class_id: real.class, command: `Fuzz is absent ${text}` }), language: text }
            : { task_id: text, text, value: text };
        const answer = (await socket.timeout(10_000).emitWithAck(endpoint, payload)) as { error?: string };
        if (text.includes('\u0000') || /\p{Cs}/u.test(text))
          expect(answer.error, `${endpoint} ${text.slice(0, 12)}`).toBeTruthy();
      }
    }
  });

  it('the server is still up and the socket still connected', async () => {
    expect(socket.connected).toBe(true);
    expect((await t.request({ method: 'GET', url: ROUTES.health.path })).statusCode).toBe(200);
  });
});
