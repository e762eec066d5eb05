import { ERROR_CODES, FILE_RESPONSE, KIOSK_TOKEN_HEADER, ROUTES, type RouteDef, type RouteName } from '@cue/contract';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRouter, registeredRoutes } from '../src/platform/http/route.js';
import { responseSerializer } from '../src/platform/http/serialize.js';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, expectResponse, signIn, type TestApp } from './harness.js';
import { type LocalOidcProvider, startOidcProvider } from './oidc.js';
import { sunriseAcademic } from './support/academic-fixtures.js';
import { sunriseAssessment } from './support/assessment-fixtures.js';
import { sunriseCarelog } from './support/carelog-fixtures.js';
import { dispersalFixture } from './support/dispersal-fixtures.js';
import { sunriseLeave } from './support/leave-fixtures.js';
import { sunriseLibrary } from './support/library-fixtures.js';
import { sunriseManagement } from './support/management-fixtures.js';
import { sunrisePlanning } from './support/planning-fixtures.js';
import { generate, sunriseTimetable } from './support/timetable-fixtures.js';

const ORIGIN = 'http://localhost:5173';
let t: TestApp;
let provider: LocalOidcProvider;
beforeAll(async () => {
  provider = await startOidcProvider([
    { client_id: 'google-client', client_secret: 'google-secret', redirect_uris: [`${ORIGIN}/google_login_verify`] },
    { client_id: 'ms-client', client_secret: 'ms-secret', redirect_uris: [`${ORIGIN}/microsoft_login_verify`] },
  ]);
  t = await createTestApp({
    GOOGLE_CLIENT_ID: 'google-client',
    GOOGLE_CLIENT_SECRET: 'google-secret',
    GOOGLE_ISSUER: provider.issuer,
    MICROSOFT_CLIENT_ID: 'ms-client',
    MICROSOFT_CLIENT_SECRET: 'ms-secret',
    MICROSOFT_ISSUER: provider.issuer,
    METRICS_TOKEN: METRICS_TOKEN,
  });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

const METRICS_TOKEN = 'route-table-metrics-token-0123';
const entries = Object.entries(ROUTES) as [RouteName, RouteDef][];
const pathParams = (path: string) => [...path.matchAll(/:([a-z_]+)/g)].map((m) => m[1]).sort();
const keysOf = (schema: z.ZodType | undefined) => (schema instanceof z.ZodObject ? Object.keys(schema.shape).sort() : null);

describe('the contract route table', () => {
  it('is exactly what the server serves under /api, and /metrics', () => {
    const declared = entries.map(([, def]) => `${def.method} ${def.path}`).sort();
    const served = t.served.filter((r) => r.split(' ')[1]?.startsWith('/api') || r === 'GET /metrics').sort();
    expect(served).toEqual(declared);
  });

  it.each(entries.filter(([, d]) => d.access !== 'public'))('%s answers 401 without a token', async (_name, def) => {
    const res = await t.request({ method: def.method, url: def.path.replace(/:[a-z_]+/g, 'ffffffffffffffffffffffff') });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  /*
   * The kiosk's routes are public to the sign-in (a shared tablet has no user) but not to the world:
   * each needs the kiosk's token in its header. Without one, with an unknown one, or with a signed-in
   * person's access token in its place, each answers 401 KIOSK_INVALID, before reading its body.
   */
  const kioskRoutes = entries.filter(([, d]) => d.access === 'public' && d.headers !== undefined);
  it('the kiosk routes are the public routes that read the kiosk header', () => {
    expect(kioskRoutes.map(([name]) => name).sort()).toEqual([
      'kioskCheckIn',
      'kioskCheckOut',
      'kioskLookup',
      'kioskSession',
      'kioskStaff',
    ]);
  });
  it.each(kioskRoutes)('%s answers 401 KIOSK_INVALID without a valid kiosk token', async (_name, def) => {
    const staff = (await signIn(t, '9000000002')).staff_user?.access_token ?? '';
    const body = def.method === 'POST' ? { code: '1234', student_ids: [demoId('student:Aarav Sharma')] } : undefined;
    for (const headers of [
      {},
      { [KIOSK_TOKEN_HEADER]: '' },
      { [KIOSK_TOKEN_HEADER]: 'not-a-kiosk-token' },
      { [KIOSK_TOKEN_HEADER]: staff },
      bearer(staff),
    ]) {
      const res = await t.request({ method: def.method, url: def.path, headers, payload: body });
      expect(res.statusCode, `${JSON.stringify(Object.keys(headers))}: ${res.body.slice(0, 200)}`).toBe(401);
      expect(res.json().code).toBe(ERROR_CODES.kioskInvalid);
    }
  });
});

describe('each entry is the whole contract of its route', () => {
  it('declares what every route answers: the schema of its success envelope, or a file', () => {
    const missing = entries.filter(([, d]) => !(d.response instanceof z.ZodType) && d.response !== FILE_RESPONSE);
    expect(missing.map(([name]) => name)).toEqual([]);
    // A download is read, never written: only GET routes answer files.
    const fileWrites = entries.filter(([, d]) => d.response === FILE_RESPONSE && d.method !== 'GET');
    expect(fileWrites.map(([name]) => name)).toEqual([]);
    // Every JSON answer is an envelope: `{ result }`, `{ result, message }` or `{ message }`.
    const notEnvelopes = entries.filter(([, d]) => {
      const keys = d.response === FILE_RESPONSE ? ['result'] : (keysOf(d.response) ?? []);
      return !keys.includes('result') && !keys.includes('message');
    });
    expect(notEnvelopes.map(([name]) => name)).toEqual([]);
  });

  it('answers with plain shapes: no transform, pipe or default, so checking an answer never changes it', () => {
    const changing = new Set(['transform', 'pipe', 'default', 'prefault', 'catch', 'success']);
    const found = (schema: z.ZodType, path: string): string[] => {
      const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
      if (changing.has(def.type)) return [`${path} (${def.type})`];
      const children: [string, unknown][] = [];
      if (def.type === 'object') children.push(...Object.entries(def.shape as Record<string, unknown>));
      for (const key of ['element', 'innerType', 'valueType', 'keyType', 'left', 'right'])
        if (def[key]) children.push([key, def[key]]);
      if (Array.isArray(def.options)) children.push(...def.options.map((o, i) => [String(i), o] as [string, unknown]));
      return children.flatMap(([key, child]) => (child instanceof z.ZodType ? found(child, `${path}.${key}`) : []));
    };
    const changed = entries.flatMap(([name, d]) => (d.response instanceof z.ZodType ? found(d.response, name) : []));
    expect(changed).toEqual([]);
  });

  it('declares the schema of exactly the parameters its path holds', () => {
    const wrong = entries.filter(([, d]) => JSON.stringify(keysOf(d.params) ?? []) !== JSON.stringify(pathParams(d.path)));
    expect(wrong.map(([name, d]) => `${name}: ${d.path} has ${JSON.stringify(keysOf(d.params))}`)).toEqual([]);
  });

  it('reads a JSON body or a file only where a request carries one: never a GET or DELETE, never both', () => {
    const wrong = entries.filter(
      ([, d]) => ((d.body || d.upload) && (d.method === 'GET' || d.method === 'DELETE')) || (d.body && d.upload),
    );
    expect(wrong.map(([name]) => name)).toEqual([]);
  });

  it('registers every route with exactly the schemas of its entry (nothing pairs them elsewhere)', () => {
    const registered = registeredRoutes(t.app);
    expect(registered).toHaveLength(entries.length);
    for (const { def, schema } of registered) {
      expect(schema.params, def.path).toBe(def.params);
      expect(schema.querystring, def.path).toBe(def.query);
      expect(schema.body, def.path).toBe(def.body);
    }
  });

  it('a handler that reads a part of the request its entry does not declare fails instead of reading it unchecked', async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(responseSerializer({ strict: true }));
    app.decorateRequest('auth', null);
    const route = createRouter(app, async () => null);
    const entry = {
      method: 'GET',
      path: '/probe/:id',
      access: 'public',
      params: z.object({ id: z.string() }),
      response: z.object({ result: z.string() }),
    } as const satisfies RouteDef;
    // A cast is the only way past the types, which give this handler no `query`.
    route(entry, async (input) => ({ result: String((input as unknown as { query: { q: string } }).query.q) }));
    const leak = { method: 'GET', path: '/leak', access: 'public', response: entry.response } as const satisfies RouteDef;
    route(leak, async () => ({ result: 'ok', secret: 'held back' }) as { result: string });
    await app.ready();
    const read = await app.inject({ method: 'GET', url: '/probe/a?q=unchecked' });
    expect(read.statusCode).toBe(500);
    expect(read.body).not.toContain('unchecked');
    // A field the entry does not declare is never sent; under test, the answer is refused outright.
    expect((await app.inject({ method: 'GET', url: '/leak' })).statusCode).toBe(500);
    await app.close();
  });
});

/**
 * Every GET route called as the caller it serves, with real objects of the demo school: each JSON
 * answer is parsed with its entry's response schema, each download is a CSV.
 */
describe('answers match their response schemas', () => {
  const today = () => t.clock.now().toISOString().slice(0, 10).split('-').reverse().join('-');
  const nurseryA = demoId('class:nurseryA');
  const aarav = demoId('student:Aarav Sharma');
  const tokens: Record<'owner' | 'admin' | 'teacher' | 'parent' | 'refresh', string> = {
    owner: '',
    admin: '',
    teacher: '',
    parent: '',
    refresh: '',
  };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    tokens.owner = (await signIn(t, '9000000001')).staff_user?.access_token ?? '';
    tokens.admin = (await signIn(t, '9000000002')).staff_user?.access_token ?? '';
    tokens.teacher = (await signIn(t, '9000000003')).staff_user?.access_token ?? '';
    const parent = (await signIn(t, '9000000004')).parent_user;
    tokens.parent = parent?.access_token ?? '';
    tokens.refresh = parent?.refresh_token ?? '';
    const post = async <D extends RouteDef>(def: D, payload: object, token = tokens.admin) =>
      expectResponse(def, await t.request({ method: def.method, url: def.path, headers: bearer(token), payload }));
    for (const [key, def] of [
      ['announcement', ROUTES.announcementCreate],
      ['homework', ROUTES.homeworkCreate],
    ] as const) {
      ids[key] = (
        await post(def, { title: 'Route table', summary: '<p>Hello</p>', share_with: 'Classes', classes_ids: [nurseryA] })
      ).result.id;
    }
    const claims = await t.services.tokens.verifyAccess(tokens.teacher);
    if (!claims.ok) throw new Error('teacher token');
    const events: { conversation_id: string }[] = [];
    await t.services.ai.chat(
      claims.claims,
      { user_query: { class_id: nurseryA, user_input: 'Aarav is absent today', date: today(), time: '09:00 AM' } },
      (e) => events.push(e as { conversation_id: string }),
    );
    ids.conversation = events[0]?.conversation_id ?? '';
    ids.export = expectResponse(
      ROUTES.classEmergencySheet,
      await t.request({
        method: 'POST',
        url: `/api/classes/${nurseryA}/emergency_sheet`,
        headers: bearer(tokens.admin),
        payload: { language: 'en' },
      }),
    ).result.id;
    // A photo in Nursery A's gallery, processed, in an album.
    const boundary = '----cue-route-table';
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0ea5e9' } })
      .jpeg()
      .toBuffer();
    ids.media = expectResponse(
      ROUTES.classMediaUpload,
      await t.request({
        method: 'POST',
        url: `/api/class_media/${nurseryA}`,
        headers: { ...bearer(tokens.teacher), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sky.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
          ),
          photo,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      }),
    ).result._id;
    await t.services.jobs.runDue();
    ids.album = expectResponse(
      ROUTES.albumCreate,
      await t.request({
        method: 'POST',
        url: `/api/class_album/${nurseryA}`,
        headers: bearer(tokens.teacher),
        payload: { name: 'Sky', media_ids: [ids.media] },
      }),
    ).result._id;
    ids.upload = expectResponse(
      ROUTES.mediaUploadStart,
      await t.request({
        method: 'POST',
        url: `/api/class_media_uploads/${nurseryA}`,
        headers: bearer(tokens.teacher),
        payload: { file_name: 'concert.mp4', mime_type: 'video/mp4', size: 5_000_000 },
      }),
    ).result._id;
    // A published story about Aarav with the photo, a family's comment and reaction, and an earlier version.
    const storyBody = {
      class_id: nurseryA,
      title: 'Sky painting',
      body: '<p>Aarav painted the sky.</p>',
      story_date: today(),
      student_ids: [aarav],
      media_ids: [ids.media],
      action: 'publish',
    };
    ids.story = expectResponse(
      ROUTES.storyCreate,
      await t.request({ method: 'POST', url: '/api/stories/', headers: bearer(tokens.teacher), payload: storyBody }),
    ).result._id;
    await t.request({
      method: 'PUT',
      url: `/api/stories/${ids.story}`,
      headers: bearer(tokens.teacher),
      payload: { ...storyBody, title: 'Painting the sky' },
    });
    for (const [url, method, payload] of [
      [`/api/stories/${ids.story}/comments`, 'POST', { body: 'Lovely' }],
      [`/api/stories/${ids.story}/reaction`, 'PUT', { reaction: 'heart' }],
    ] as const)
      expect((await t.request({ method, url, headers: bearer(tokens.parent), payload })).statusCode).toBe(200);
    // Aarav's family conversation with a message from his father, reported by the teacher.
    ids.chat = expectResponse(
      ROUTES.chatOpen,
      await t.request({
        method: 'POST',
        url: '/api/chat/conversations',
        headers: bearer(tokens.parent),
        payload: { kind: 'family', student_id: aarav },
      }),
    ).result._id;
    const said = expectResponse(
      ROUTES.chatSend,
      await t.request({
        method: 'POST',
        url: `/api/chat/conversations/${ids.chat}/messages`,
        headers: bearer(tokens.parent),
        payload: { client_id: 'route-table-1', body: 'Hello' },
      }),
    ).result;
    expectResponse(
      ROUTES.chatMessageReport,
      await t.request({
        method: 'POST',
        url: `/api/chat_messages/${said._id}/report`,
        headers: bearer(tokens.teacher),
        payload: { reason: 'Check' },
      }),
    );
    // Aarav's care: an entry, a consented medicine and an accident report.
    Object.assign(ids, await sunriseCarelog(t));
    // A unit of Nursery A with an activity, a unit of the organization's library and a resource.
    Object.assign(ids, await sunrisePlanning(t));
    // Assessment: a period, a scale, Nursery A's category, task, parent form, a reflection of Aarav, a
    // report template and Nursery A's report set with Aarav's entry.
    Object.assign(ids, await sunriseAssessment(t));
    // The library: an item with two copies, one on loan to Aarav, his reservation and an import in
    // preview. Drop-off and pick-up: a kiosk, Rohan's family code, Aarav's check-in, an alert, a one-time pick-up.
    Object.assign(ids, await sunriseLibrary(t));
    const dispersal = await dispersalFixture(t, {
      school: demoId('school:sunrise'),
      class: nurseryA,
      student: aarav,
      parent: demoId('parent:9000000004'),
      parentName: 'Rohan Sharma',
      staff: demoId('user:9000000003'),
      code: '4321',
    });
    Object.assign(ids, dispersal);
    // The academic setup: Sunrise's own framework with a statement, its day schedule, its hall booked a
    // week on, and Anita's Arabic wording of the announcement email (a change in the audit trail).
    Object.assign(ids, await sunriseAcademic(t));
    expectResponse(
      ROUTES.emailTemplateUpdate,
      await t.request({
        method: 'PUT',
        url: '/api/email_templates/announcement/ar',
        headers: bearer(tokens.admin),
        payload: { subject: '{{school_name}}: {{title}}', body: 'أهلاً {{first_name}}،\n\n{{message}}' },
      }),
    );
    // Management: an enquiry with a document, an open job with an application and its interview, a fee
    // structure and discount, Nursery A's issued invoices, next month's preview and a payment of the Sharmas.
    Object.assign(ids, await sunriseManagement(t));
    // Leave: a type, Anita as Tara's line manager and Tara's request for the Monday after next.
    const leave = await sunriseLeave(t);
    Object.assign(ids, { leave_request: leave.leave_request, leave_monday: leave.monday });
    // Timetable: an outline, subjects, mappings and a generated week.
    const timetable = await sunriseTimetable(t);
    ids.timetable_run = (await generate(t, timetable.anita, { mode: 'full', seconds: 2 })).run?._id ?? '';
  }, 90_000);

  /** Who calls each GET route, with which path and query; routes not listed are called as the admin, as is. */
  const calls = (): Partial<
    Record<
      RouteName,
      {
        as?: keyof typeof tokens;
        id?: string;
        /** The path's other parameters (an email template's key and language). */
        params?: Record<string, string>;
        query?: string;
        headers?: Record<string, string>;
        /** The type of a downloaded file (CSV unless told). */
        file?: string;
      }
    >
  > => ({
    loginedUserDetails: { as: 'parent' },
    accessTokenActive: { as: 'refresh' },
    renewRefreshToken: { as: 'refresh' },
    listAccessTokens: { as: 'owner' },
    organizations: { as: 'owner' },
    usage: { as: 'owner' },
    bugReportList: { as: 'owner' },
    classDetail: { id: nurseryA },
    studentDetail: { id: aarav },
    reportClassList: { id: nurseryA },
    classAttendance: { id: nurseryA, query: `date=${today()}` },
    studentWeeklyAttendance: { id: aarav, as: 'parent' },
    studentMonthlyAttendance: { id: aarav },
    studentYearlyAttendance: { id: aarav },
    classExcusals: { id: nurseryA },
    calendarList: { query: `from=${today()}&to=${today()}`, as: 'parent' },
    announcementGet: { id: ids.announcement },
    announcementReads: { id: ids.announcement },
    announcementList: { as: 'parent' },
    homeworkGet: { id: ids.homework },
    homeworkReads: { id: ids.homework },
    communicationAudience: { query: `share_with=Classes&classes_ids=${nurseryA}`, as: 'teacher' },
    observationList: { as: 'parent' },
    observationCoverage: { id: aarav, as: 'parent' },
    classLearningAreas: { id: nurseryA },
    cueConversations: { query: `class_id=${nurseryA}`, as: 'teacher' },
    cueConversation: { id: ids.conversation, as: 'teacher' },
    cueTasks: { as: 'teacher' },
    classAiBlocks: { id: nurseryA },
    classAiOptions: { id: nurseryA },
    classAiPromptScreens: { id: nurseryA },
    dashboard: { as: 'teacher' },
    childRecord: { id: aarav, as: 'parent' },
    classStudentAlerts: { id: nurseryA, as: 'teacher' },
    childMedicalViews: { id: aarav },
    childErasurePreview: { id: aarav },
    exportStatus: { id: ids.export },
    classMediaList: { id: nurseryA, as: 'parent' },
    mediaItem: { id: ids.media, as: 'teacher' },
    albumList: { id: nurseryA, as: 'teacher' },
    albumDetail: { id: ids.album, as: 'parent' },
    faceQueue: { id: nurseryA, as: 'teacher' },
    mediaConsumption: { id: demoId('school:sunrise') },
    mediaQuotaRequests: { as: 'owner' },
    childMedia: { id: aarav, as: 'teacher' },
    mediaUploadStatus: { id: ids.upload, as: 'teacher' },
    storyList: { as: 'parent' },
    storyGet: { id: ids.story, as: 'parent' },
    storyVersions: { id: ids.story, as: 'teacher' },
    storyViews: { id: ids.story, as: 'teacher' },
    storyComments: { id: ids.story, as: 'parent' },
    journalDay: { query: `class_id=${nurseryA}&date=${today()}`, as: 'parent' },
    journalToday: { as: 'parent' },
    storyInsights: { query: `class_id=${nurseryA}`, as: 'teacher' },
    chatList: { as: 'parent' },
    chatGet: { id: ids.chat, as: 'parent' },
    chatMessages: { id: ids.chat, as: 'parent' },
    chatUnread: { as: 'teacher' },
    chatAway: { as: 'teacher' },
    chatSafeguardingOpen: { id: ids.chat },
    chatSafeguardingExport: { id: ids.chat },
    careDay: { query: `class_id=${nurseryA}`, as: 'teacher' },
    childCareDay: { id: aarav, as: 'parent' },
    medicineList: { as: 'parent' },
    incidentList: { as: 'parent' },
    incidentGet: { id: ids.incident, as: 'parent' },
    unitList: { query: `class_id=${nurseryA}`, as: 'teacher' },
    unitGet: { id: ids.unit, as: 'teacher' },
    libraryList: { query: 'framework=eyfs', as: 'teacher' },
    libraryGet: { id: ids.library_unit, as: 'teacher' },
    planningFrameworks: { as: 'teacher' },
    weeklyPlan: { id: nurseryA, as: 'teacher' },
    termPlan: { id: nurseryA },
    resourceList: { query: 'kind=link', as: 'teacher' },
    resourceGet: { id: ids.planning_resource, as: 'teacher' },
    planningInsights: { query: `class_id=${nurseryA}`, as: 'teacher' },
    planningInsightsExport: { query: `class_id=${nurseryA}`, as: 'teacher' },
    gradeScaleList: { as: 'teacher' },
    gradebook: { id: nurseryA, as: 'teacher', query: `period_id=${ids.current_period}` },
    gradebookExport: { id: nurseryA, as: 'teacher', query: 'subject=Maths' },
    hpcStudents: { id: nurseryA, as: 'teacher' },
    hpcClassSummary: { id: nurseryA, query: `period_id=${ids.current_period}` },
    hpcCard: { id: aarav, as: 'teacher' },
    hpcProgress: { id: aarav, as: 'teacher' },
    feedbackList: { query: 'kind=parent', as: 'teacher' },
    feedbackGet: { id: ids.feedback_form, as: 'teacher' },
    familyFeedback: { as: 'parent' },
    reflectionList: { query: `class_id=${nurseryA}&student_id=${aarav}`, as: 'teacher' },
    studentRecord: { id: aarav, as: 'teacher' },
    reportTemplateList: { as: 'teacher' },
    reportSetList: { query: `class_id=${nurseryA}` },
    reportSetGet: { id: ids.report_set },
    reportSetCheck: { id: ids.report_set },
    reportEntryGet: { id: ids.report_entry, as: 'teacher' },
    familyReports: { as: 'parent' },
    childEvidence: { id: aarav, as: 'teacher', query: `period_id=${ids.current_period}` },
    libraryItemList: { as: 'teacher', query: 'search=garden' },
    libraryItemGet: { id: ids.library_item, as: 'teacher' },
    libraryCopyLoans: { id: ids.library_copy, as: 'teacher' },
    libraryBarcodeLookup: { query: 'barcode=SUNLIB00001', as: 'teacher' },
    libraryIsbnCheck: { query: 'isbn=0-306-40615-2', as: 'teacher' },
    libraryLoanList: { query: `class_id=${nurseryA}`, as: 'teacher' },
    libraryStudents: { query: `class_id=${nurseryA}`, as: 'teacher' },
    libraryReservationList: { query: `student_id=${aarav}`, as: 'teacher' },
    libraryOverdue: { as: 'teacher' },
    libraryImportGet: { id: ids.library_import },
    childLibrary: { id: aarav, as: 'parent' },
    dispersalClassDay: { id: nurseryA, as: 'teacher' },
    dispersalDismissal: { as: 'teacher' },
    dispersalAlerts: { query: 'status=all', as: 'teacher' },
    childPickups: { id: aarav, as: 'parent' },
    childPickupEvents: { id: aarav, as: 'parent' },
    familyCodes: { as: 'parent' },
    kioskSession: { headers: { [KIOSK_TOKEN_HEADER]: ids.kiosk_token ?? '' } },
    curriculumList: { query: 'include_archived=true' },
    curriculumGet: { id: ids.curriculum_framework },
    classCurriculum: { id: nurseryA, as: 'teacher' },
    dayScheduleGet: { id: ids.day_schedule },
    classDays: { id: nurseryA, as: 'teacher', query: `from=${today()}` },
    schoolResourceList: { as: 'teacher' },
    schoolResourceGet: { id: ids.school_resource, as: 'teacher' },
    schoolResourceAvailability: {
      id: ids.school_resource,
      as: 'teacher',
      query: `date=${today()}&start=${encodeURIComponent('10:00 AM')}&end=${encodeURIComponent('11:00 AM')}`,
    },
    resourceBookingList: { query: `from=${today()}`, as: 'teacher' },
    emailTemplateGet: { params: { key: 'announcement', language: 'ar' } },
    academicAudit: { query: 'entity_type=email_template' },
    publicAdmissionForm: { params: { school_id: demoId('school:sunrise'), kind: 'application' } },
    admissionForm: { params: { kind: 'application' } },
    admissionGet: { id: ids.admission_application },
    admissionDocumentFile: { id: ids.admission_document, file: 'application/pdf' },
    publicJobs: { params: { school_id: demoId('school:sunrise') } },
    publicJob: { id: ids.job_opening, params: { school_id: demoId('school:sunrise') } },
    jobOpeningGet: { id: ids.job_opening },
    jobApplicationGet: { id: ids.job_application },
    jobApplicationCv: { id: ids.job_application, file: 'application/pdf' },
    jobInterviews: { query: `from=${ids.today}&to=${ids.next_week}` },
    invoiceRunGet: { id: ids.invoice_run },
    invoiceGet: { id: ids.invoice, as: 'parent' },
    paymentGet: { id: ids.payment, as: 'parent' },
    feeAccountGet: { id: ids.fee_account },
    familyFees: { as: 'parent' },
    openApi: { file: 'application/json' },
    apiDocs: { file: 'text/html' },
    metrics: { file: 'text/plain', headers: bearer(METRICS_TOKEN) },
    leaveRequestGet: { id: ids.leave_request },
    staffCalendar: { query: `from=${ids.today}&to=${ids.next_week}` },
    leaveDocumentFile: { id: ids.leave_request, file: 'application/pdf' },
    leaveCover: { query: `from=${ids.today}&to=${ids.next_week}` },
    classCover: { id: nurseryA, query: `date=${ids.today}` },
    staffRegister: { query: `date=${ids.today}` },
    staffAttendanceReport: { query: `month=${(ids.today ?? '').slice(3)}` },
    staffAttendanceReportCsv: { query: `month=${(ids.today ?? '').slice(3)}` },
    timetableRun: { id: ids.timetable_run },
    timetableXhstt: { file: 'application/xml' },
    classTimetable: { id: nurseryA, as: 'teacher' },
  });

  const gets = entries.filter(([, d]) => d.method === 'GET');
  it.each(gets)('%s', async (name, def) => {
    const call = calls()[name] ?? {};
    const token = def.access === 'public' ? undefined : tokens[call.as ?? 'admin'];
    const url =
      def.path.replace(/:([a-z_]+)/g, (_, key: string) => (key === 'id' ? (call.id ?? '') : (call.params?.[key] ?? ''))) +
      (call.query ? `?${call.query}` : '');
    const res = await t.request({
      method: 'GET',
      url,
      headers: { origin: ORIGIN, ...(token ? bearer(token) : {}), ...call.headers },
    });
    if (def.response === FILE_RESPONSE) {
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toContain(call.file ?? 'text/csv');
    } else expectResponse(def, res);
  });

  it('the dashboard answers each side in its own shape', async () => {
    for (const [token, side] of [
      [tokens.teacher, 'staff'],
      [tokens.parent, 'parent'],
    ] as const) {
      const answer = expectResponse(
        ROUTES.dashboard,
        await t.request({ method: 'GET', url: ROUTES.dashboard.path, headers: bearer(token) }),
      );
      expect(answer.result.side).toBe(side);
    }
  });
});
