import { timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { API_BASE, CHUNK_CONTENT_TYPE, ERROR_CODES, MESSAGES, ROUTES } from '@cue/contract';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { AiConfigService } from '../../ai/config-service.js';
import { attachCue, cueRoutes } from '../../ai/cue-routes.js';
import { AiMedia } from '../../ai/media.js';
import { aiRoutes, attachChat } from '../../ai/routes.js';
import { AiService } from '../../ai/service.js';
import { CueTaskService } from '../../ai/tasks/service.js';
import { admissionRoutes } from '../../modules/admissions/routes.js';
import { AdmissionService } from '../../modules/admissions/service.js';
import { EvidenceReader } from '../../modules/assessment/evidence.js';
import { FeedbackService } from '../../modules/assessment/feedback.js';
import { GradebookService } from '../../modules/assessment/gradebook.js';
import { HpcService } from '../../modules/assessment/hpc.js';
import { StudentRecordService } from '../../modules/assessment/record.js';
import { ReflectionService } from '../../modules/assessment/reflections.js';
import { ReportCardService } from '../../modules/assessment/report-cards.js';
import { assessmentRoutes } from '../../modules/assessment/routes.js';
import { AssessmentService } from '../../modules/assessment/service.js';
import { ExcusalService } from '../../modules/attendance/excusal-service.js';
import { attendanceRoutes } from '../../modules/attendance/routes.js';
import { AttendanceService } from '../../modules/attendance/service.js';
import { auditRoutes } from '../../modules/audit/routes.js';
import { AuditService } from '../../modules/audit/service.js';
import { OauthService } from '../../modules/auth/oauth-service.js';
import { OtpService } from '../../modules/auth/otp-service.js';
import { authRoutes } from '../../modules/auth/routes.js';
import { SessionService } from '../../modules/auth/session-service.js';
import { AuthSettingsService } from '../../modules/auth/settings-service.js';
import { SignInService } from '../../modules/auth/sign-in-service.js';
import { calendarRoutes } from '../../modules/calendar/routes.js';
import { CalendarService } from '../../modules/calendar/service.js';
import { carelogRoutes } from '../../modules/carelog/routes.js';
import { CarelogService } from '../../modules/carelog/service.js';
import { chatRoutes } from '../../modules/chat/routes.js';
import { ChatService } from '../../modules/chat/service.js';
import { childRoutes } from '../../modules/children/routes.js';
import { ChildRecordService } from '../../modules/children/service.js';
import { RosterCache } from '../../modules/classes/roster-cache.js';
import { classRoutes } from '../../modules/classes/routes.js';
import { ClassService } from '../../modules/classes/service.js';
import { communicationRoutes } from '../../modules/communication/routes.js';
import { CommunicationService } from '../../modules/communication/service.js';
import { curriculumRoutes } from '../../modules/curriculum/routes.js';
import { CurriculumService } from '../../modules/curriculum/service.js';
import { dashboardRoutes } from '../../modules/dashboard/routes.js';
import { DashboardService } from '../../modules/dashboard/service.js';
import { KioskService } from '../../modules/dispersal/kiosk.js';
import { dispersalRoutes } from '../../modules/dispersal/routes.js';
import { DispersalService } from '../../modules/dispersal/service.js';
import { emailTemplateRoutes } from '../../modules/email-templates/routes.js';
import { EmailTemplateService } from '../../modules/email-templates/service.js';
import { exportRoutes } from '../../modules/exports/routes.js';
import { ExportService } from '../../modules/exports/service.js';
import { LedgerService } from '../../modules/fees/ledger-service.js';
import { feeRoutes } from '../../modules/fees/routes.js';
import { FeeService } from '../../modules/fees/service.js';
import { hiringRoutes } from '../../modules/hiring/routes.js';
import { HiringService } from '../../modules/hiring/service.js';
import { importRoutes } from '../../modules/imports/routes.js';
import { ImportService } from '../../modules/imports/service.js';
import { StaffAttendanceService } from '../../modules/leave/attendance-service.js';
import { LeaveEmails } from '../../modules/leave/leave-emails.js';
import { leaveRoutes, staffAttendanceRoutes } from '../../modules/leave/routes.js';
import { LeaveService } from '../../modules/leave/service.js';
import { LibraryImportService } from '../../modules/library/imports.js';
import { LoanService } from '../../modules/library/loans.js';
import { libraryRoutes } from '../../modules/library/routes.js';
import { LibraryService } from '../../modules/library/service.js';
import { mediaRoutes } from '../../modules/media/routes.js';
import { MediaService } from '../../modules/media/service.js';
import { observationRoutes } from '../../modules/observations/routes.js';
import { ObservationService } from '../../modules/observations/service.js';
import { InvitationSender } from '../../modules/people/invitation-service.js';
import { peopleRoutes } from '../../modules/people/routes.js';
import { PeopleService } from '../../modules/people/service.js';
import { planningRoutes } from '../../modules/planning/routes.js';
import { PlanningService } from '../../modules/planning/service.js';
import { WeekPlanService } from '../../modules/planning/weeks.js';
import { privacyRoutes } from '../../modules/privacy/routes.js';
import { PrivacyService } from '../../modules/privacy/service.js';
import { reportRoutes } from '../../modules/reports/routes.js';
import { ReportService } from '../../modules/reports/service.js';
import { resourceRoutes } from '../../modules/resources/routes.js';
import { ResourceService } from '../../modules/resources/service.js';
import { roleRoutes } from '../../modules/roles/routes.js';
import { RoleService } from '../../modules/roles/service.js';
import { scheduleRoutes } from '../../modules/schedule/routes.js';
import { DayScheduleService } from '../../modules/schedule/service.js';
import { schoolRoutes } from '../../modules/school/routes.js';
import { SchoolService } from '../../modules/school/service.js';
import { storyRoutes } from '../../modules/stories/routes.js';
import { StoryService } from '../../modules/stories/service.js';
import { supportRoutes } from '../../modules/support/routes.js';
import { SupportService } from '../../modules/support/service.js';
import { timetableRoutes } from '../../modules/timetable/routes.js';
import { TimetableService } from '../../modules/timetable/service.js';
import { AccountService } from '../../modules/users/account-service.js';
import { accountRoutes } from '../../modules/users/routes.js';
import { UserService } from '../../modules/users/service.js';
import { ScopeFactory } from '../auth/scope.js';
import { TokenService } from '../auth/tokens.js';
import { BACKUP_JOB, BackupSchedule } from '../backup.js';
import { type Clock, systemClock } from '../clock.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { type EmailProvider, OutboxEmailProvider, SmtpEmailProvider } from '../email.js';
import { AppError } from '../errors.js';
import { EventBus } from '../events.js';
import { JobQueue } from '../jobs.js';
import { MediaUrls, mediaAccess, useMediaUrls } from '../media-urls.js';
import { Metrics } from '../metrics.js';
import { RateLimits } from '../rate-limits.js';
import { attachRealtime } from '../realtime.js';
import { currentRequestId, REQUEST_ID_HEADER, requestIdFor } from '../request-context.js';
import type { Secrets } from '../secrets.js';
import { consoleSmsProvider, type SmsProvider } from '../sms/provider.js';
import {
  LocalStorage,
  MEDIA_CLEANUP_JOB,
  MEDIA_PREFIX,
  MediaStore,
  mediaKey,
  PRESIGNED_LIFETIME_S,
  PRESIGNED_REDIRECT_MAX_AGE_S,
  S3Storage,
} from '../storage.js';
import { registerErrorHandling, serializeError } from './errors.js';
import { createGuard } from './guard.js';
import { createLoginPage } from './login-page.js';
import { openApiRoutes } from './openapi-routes.js';
import { ResponseCache } from './response-cache.js';
import { createRouter, type Router } from './route.js';
import { registerSecurityHeaders } from './security-headers.js';
import { responseSerializer } from './serialize.js';
import { UploadLimits } from './upload.js';

export interface AppDeps {
  config: Config;
  database: Database;
  secrets: Secrets;
  clock?: Clock;
  sms?: SmsProvider;
  /** Where logs go instead of standard output (tests read them). */
  logStream?: NodeJS.WritableStream;
}

/** Every module's service, wired once per server. Routes and the AI tools call these. */
export function createServices(deps: AppDeps) {
  const { config, database, secrets } = deps;
  const db = database.db;
  const clock = deps.clock ?? systemClock;
  const tokens = new TokenService(secrets.jwtSecret, clock, config.ACCESS_TOKEN_TTL_SECONDS);
  const users = new UserService(db);
  const events = new EventBus();
  const rosters = new RosterCache();
  const roles = new RoleService(db, users, rosters);
  const sessions = new SessionService(db, config, clock, tokens, users, events, roles);
  // A code whose text message fails is emailed (the email templates are built below, before any request).
  const otp = new OtpService(db, config, clock, deps.sms ?? consoleSmsProvider, tokens, users, secrets.otpPepper, (person) =>
    emailTemplates.sendSignInCode(person),
  );
  const oauth = new OauthService(db, config, clock);
  // Uploaded files: in the configured S3-compatible bucket, else under DATA_DIR/media (decision 28).
  const objects = config.objectStorage
    ? new S3Storage(config.objectStorage)
    : new LocalStorage(path.join(config.dataDir, 'media'));
  const storage = new MediaStore(db, clock, objects);
  // Links to private files are signed with a key derived from the JWT secret (decision 6).
  useMediaUrls(new MediaUrls(secrets.jwtSecret, clock));
  const school = new SchoolService(db, clock, storage, users, rosters);
  const classes = new ClassService(db, clock, users, school, rosters);
  const attendance = new AttendanceService(db, clock, classes, school, events);
  const jobs = new JobQueue(db, clock);
  // Rate limits shared by every instance (decision 44).
  const rateLimits = new RateLimits(db, clock);
  jobs.handle(MEDIA_CLEANUP_JOB, async () => {
    await rateLimits.prune();
    await storage.removeUnreferenced();
    await storage.scheduleCleanup(jobs);
  });
  const email: EmailProvider = config.SMTP_URL
    ? new SmtpEmailProvider(config.SMTP_URL, config.EMAIL_FROM)
    : new OutboxEmailProvider(path.join(config.dataDir, 'outbox'));
  // Every email the product sends is rendered from its template (issue 25).
  const emailTemplates = new EmailTemplateService(db, clock, email);
  const authSettings = new AuthSettingsService(db);
  const invitations = new InvitationSender(config, clock, jobs, deps.sms ?? consoleSmsProvider, emailTemplates, school);
  const people = new PeopleService(db, clock, users, sessions, rosters, roles, classes, invitations);
  const children = new ChildRecordService(db, clock, storage);
  const scopes = new ScopeFactory(db, {
    rolePermissions: (u, sc) => users.rolePermissions(u, sc),
    schoolPermissions: (sc) => school.schoolPermissions(sc),
  });
  const communication = new CommunicationService(db, clock, scopes, school, classes, jobs, email, events, emailTemplates);
  // The academic setup (issue 25): frameworks, the day schedule, resources, the audit trail.
  const curriculum = new CurriculumService(db, clock, classes, rosters);
  const observations = new ObservationService(db, clock, classes, curriculum);
  const excusals = new ExcusalService(db, clock, classes, attendance, events, jobs, emailTemplates);
  const calendar = new CalendarService(db, classes, events);
  const daySchedules = new DayScheduleService(db, clock, classes, school, calendar);
  const resources = new ResourceService(db, clock, classes, school);
  const audit = new AuditService(db, school);
  const media = new MediaService(db, clock, storage, jobs, scopes, children, observations, calendar);
  const stories = new StoryService(db, clock, scopes, school, observations, media, calendar, events, curriculum);
  const exports = new ExportService(db, clock, jobs, storage, scopes, children);
  // Planning before the assistant: Cue's unit and lesson-analysis tasks go through it, as the teacher.
  const planning = new PlanningService(db, clock, school, storage, events, exports, curriculum);
  const weekPlans = new WeekPlanService(db, clock, school, exports, planning);
  // Assessment (issue 23): one line per service; each reads other modules through their services.
  const assessment = new AssessmentService(db, clock, school);
  const evidence = new EvidenceReader(db, observations, stories, media);
  const gradebook = new GradebookService(db, assessment, evidence);
  const reflections = new ReflectionService(db, assessment, planning);
  const feedback = new FeedbackService(db, clock, assessment, scopes);
  const hpc = new HpcService(db, clock, assessment, classes, evidence, feedback);
  const reportCards = new ReportCardService(
    db,
    clock,
    assessment,
    classes,
    observations,
    attendance,
    evidence,
    school,
    exports,
    storage,
    scopes,
    jobs,
    emailTemplates,
    events,
    people,
  );
  const studentRecord = new StudentRecordService(db, assessment, evidence, gradebook, reflections, attendance, () => carelog);
  // The library and drop-off and pick-up (issue 24): one line per service.
  const library = new LibraryService(db, clock, school, exports, storage);
  const loans = new LoanService(
    db,
    clock,
    library,
    school,
    classes,
    children,
    scopes,
    jobs,
    emailTemplates,
    events,
    attendance,
    people,
  );
  const libraryImports = new LibraryImportService(db, clock, library, jobs, scopes);
  const dispersal = new DispersalService(
    db,
    clock,
    school,
    classes,
    attendance,
    children,
    scopes,
    jobs,
    emailTemplates,
    events,
    roles,
    people,
  );
  const leave = new LeaveService(
    db,
    clock,
    school,
    calendar,
    new LeaveEmails(db, clock, emailTemplates, jobs, scopes, config.PUBLIC_URL ?? ''),
    storage,
  );
  const staffAttendance = new StaffAttendanceService(db, clock, leave);
  const kiosks = new KioskService(db, clock, dispersal, config.PUBLIC_URL, staffAttendance);
  const timetable = new TimetableService(db, clock, jobs, scopes);
  // Management (issue 26): admissions, hiring and fees, one line per service.
  const admissions = new AdmissionService(db, clock, school, people, emailTemplates, storage, jobs, scopes, {
    appName: config.APP_NAME,
    signInUrl: new URL('/', config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).toString(),
  });
  const hiring = new HiringService(db, clock, scopes, school, people, emailTemplates, storage);
  const ledger = new LedgerService(db, clock, school, emailTemplates, jobs, scopes, config.PUBLIC_URL).withExports(exports);
  const fees = new FeeService(
    db,
    clock,
    ledger,
    dispersal,
    people,
    school,
    emailTemplates,
    jobs,
    scopes,
    config.PUBLIC_URL ?? '',
    exports,
  );
  const cueTasks = new CueTaskService(db, clock, jobs, {
    classes,
    attendance,
    observations,
    communication,
    stories,
    planning,
    weekPlans,
    events,
    scopes,
  });
  // The carelog before the assistant: Cue saves care cards through it, as the teacher.
  const carelog = new CarelogService(db, clock, scopes, school, children, jobs, emailTemplates, events, people);
  const ai = new AiService(db, clock, config, {
    rateLimits,
    users,
    school,
    classes,
    attendance,
    observations,
    communication,
    carelog,
    scopes,
  });
  const chat = new ChatService(
    db,
    clock,
    scopes,
    school,
    storage,
    events,
    {
      available: (scope, schoolId) => ai.externalForSchool(scope, schoolId),
      translate: (text, language) => ai.translate(text, language),
    },
    { limits: rateLimits, perMinute: config.CHAT_MESSAGES_PER_MINUTE },
  );
  // Data protection (issue 30): a family's copy of their child's data, erasure, retention.
  const privacy = new PrivacyService(db, clock, scopes, storage, exports, jobs);
  return {
    privacy,
    clock,
    rateLimits,
    tokens,
    users,
    sessions,
    otp,
    oauth,
    storage,
    uploadLimits: new UploadLimits(clock, (userId, since) => storage.storedSince(userId, since)),
    account: new AccountService(db, clock, storage, users, sessions, rosters),
    school,
    people,
    events,
    attendance,
    excusals,
    calendar,
    jobs,
    email,
    communication,
    observations,
    ai,
    cueTasks,
    dashboard: new DashboardService({
      clock,
      users,
      school,
      classes,
      attendance,
      excusals,
      communication,
      observations,
      cueTasks,
    }),
    aiConfig: new AiConfigService(db, clock),
    aiMedia: new AiMedia(config, ai),
    roles,
    imports: new ImportService(db, users, rosters, roles, children),
    reports: new ReportService(db, classes),
    support: new SupportService(db, clock, storage, authSettings),
    signIn: new SignInService(
      db,
      otp,
      oauth,
      sessions,
      users,
      async (userId, schoolId, method) => {
        school.noteUsage(schoolId, userId, 'sign_in');
        await audit.signedIn({ userId, schoolId, kind: 'staff', sessionId: '', isTemp: false }, method);
      },
      (userId, schoolIds, method) => audit.parentSignedIn(userId, schoolIds, method),
    ),
    authSettings,
    classes,
    scopes,
    children,
    exports,
    planning,
    weekPlans,
    assessment,
    evidence,
    gradebook,
    reflections,
    feedback,
    hpc,
    reportCards,
    studentRecord,
    library,
    loans,
    libraryImports,
    dispersal,
    kiosks,
    media,
    stories,
    chat,
    carelog,
    curriculum,
    daySchedules,
    resources,
    admissions,
    hiring,
    leave,
    staffAttendance,
    timetable,
    fees,
    ledger,
    emailTemplates,
    audit,
  };
}
export type Services = ReturnType<typeof createServices>;

const redact = ['req.headers.authorization', 'req.body.otp', 'req.body.otp_jwt_token', 'res.body'];

/**
 * `GET /metrics`: Prometheus's text, for the holder of the metrics token. Without a token set the
 * metrics are off and the address is not found; a wrong or missing token is refused alike.
 */
function metricsRoute(route: Router, metrics: Metrics | null, token: string | undefined): void {
  route(ROUTES.metrics, async ({ req, reply }) => {
    if (!metrics || !token) return reply.status(404).send({ message: MESSAGES.routeNotFound, code: ERROR_CODES.notFound });
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const a = Buffer.from(given);
    const b = Buffer.from(token);
    if (a.length !== b.length || !timingSafeEqual(a, b))
      return reply.status(401).send({ message: MESSAGES.unauthorized, code: ERROR_CODES.unauthorized });
    return reply
      .header('Content-Type', metrics.contentType)
      .header('Cache-Control', 'no-store')
      .send(await metrics.text());
  });
}

/** Whether the database answers a trivial query within two seconds; else 503 NOT_READY. */
async function databaseAnswers(db: Database['db']): Promise<'ok'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database did not answer in time')), 2_000);
  });
  try {
    await Promise.race([db.execute(sql`select 1`), late]);
    return 'ok';
  } catch {
    throw new AppError(503, 'The service is not ready', ERROR_CODES.notReady);
  } finally {
    clearTimeout(timer);
  }
}

export async function buildApp(deps: AppDeps): Promise<{ app: FastifyInstance; services: Services; served: string[] }> {
  const { config } = deps;
  const app = Fastify({
    // Errors are logged through serializeError: a failed query's SQL and code, never its values.
    logger: {
      level: config.LOG_LEVEL,
      redact,
      serializers: { err: serializeError },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // A request's id is the proxy's when it sends a plain one, else a new one; every log line carries it.
    requestIdHeader: false,
    genReqId: (req) => requestIdFor(req.headers[REQUEST_ID_HEADER]),
  });
  app.addHook('onRequest', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
  });
  app.setValidatorCompiler(validatorCompiler);
  // Answers are encoded through their route entry's response schema; tests also refuse one that loses a field.
  app.setSerializerCompiler(responseSerializer({ strict: config.NODE_ENV === 'test' }));
  app.decorateRequest('auth', null);
  const served: string[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (method !== 'HEAD') served.push(`${method} ${r.url}`);
  });
  registerErrorHandling(app);

  const storageOrigin = config.objectStorage ? [new URL(config.objectStorage.endpoint).origin] : [];
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Files in an object store are fetched by the browser from the store itself (a redirect, decision 28).
        imgSrc: ["'self'", 'data:', 'blob:', ...storageOrigin],
        mediaSrc: ["'self'", ...storageOrigin],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(multipart);
  // Chunks of large uploads arrive as raw bytes; each route that takes them sets its own size limit.
  app.addContentTypeParser(CHUNK_CONTENT_TYPE, { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  const services = createServices(deps);
  // Per-address limits of the public sign-in calls, counted in the database: every instance counts together (decision 44).
  await app.register(rateLimit, { global: false, store: services.rateLimits.fastifyStore(), skipOnError: true });
  app.decorate('uploadLimits', services.uploadLimits);
  // The hot reads' answers, kept per caller until the next write or minute (decision 46).
  const responses = new ResponseCache(deps.database.cache, () => services.clock.now());
  const route = createRouter(app, createGuard(services.tokens, services.sessions, services.scopes), responses);
  route(ROUTES.health, async () => ({ result: { status: 'ok' as const } }));
  route(ROUTES.healthLive, async () => ({ result: { status: 'ok' as const } }));
  route(ROUTES.healthReady, async () => ({
    result: {
      status: 'ready' as const,
      database: await databaseAnswers(deps.database.db),
      uptime_seconds: Math.floor(process.uptime()),
    },
  }));
  openApiRoutes(route);
  const metrics = config.METRICS_TOKEN ? new Metrics() : null;
  metricsRoute(route, metrics, config.METRICS_TOKEN);
  authRoutes(route, services);
  classRoutes(route, services);
  accountRoutes(route, services);
  schoolRoutes(route, services);
  peopleRoutes(route, services);
  childRoutes(route, services);
  mediaRoutes(route, services);
  storyRoutes(route, services);
  chatRoutes(route, services);
  carelogRoutes(route, services);
  planningRoutes(route, services);
  assessmentRoutes(route, services);
  libraryRoutes(route, services);
  dispersalRoutes(route, services);
  curriculumRoutes(route, services);
  scheduleRoutes(route, services);
  resourceRoutes(route, services);
  admissionRoutes(route, services);
  hiringRoutes(route, services);
  leaveRoutes(route, services);
  timetableRoutes(route, services);
  staffAttendanceRoutes(route, services);
  feeRoutes(route, services);
  emailTemplateRoutes(route, services);
  auditRoutes(route, services);
  privacyRoutes(route, services);
  exportRoutes(route, services);
  roleRoutes(route, services);
  importRoutes(route, services);
  reportRoutes(route, services);
  supportRoutes(route, services);
  attendanceRoutes(route, services);
  calendarRoutes(route, services);
  communicationRoutes(route, services);
  observationRoutes(route, services);
  dashboardRoutes(route, services);
  aiRoutes(route, services);
  cueRoutes(route, services);
  // The scheduled backup (BACKUP_EVERY_HOURS, BACKUP_KEEP): a job, so one instance writes it. The files
  // are the bucket's objects with S3_*, DATA_DIR/media's otherwise.
  const objects = services.storage.objects;
  const backups = new BackupSchedule({
    database: deps.database,
    media: objects instanceof S3Storage ? objects : (objects as LocalStorage).root,
    dir: config.backupDir,
    everyHours: config.BACKUP_EVERY_HOURS,
    keep: config.BACKUP_KEEP,
    now: () => services.clock.now(),
  });
  services.jobs.handle(BACKUP_JOB, async () => {
    try {
      const done = await backups.run();
      app.log.info(
        { backup: { file: done.file, bytes: done.bytes, seconds: done.seconds, pruned: done.pruned.length } },
        'backup written',
      );
    } finally {
      await backups.schedule(services.jobs);
    }
  });
  if (config.RUN_JOBS && config.NODE_ENV !== 'test') {
    services.jobs.start();
    await services.storage.scheduleCleanup(services.jobs);
    await backups.schedule(services.jobs);
    await services.privacy.scheduleRetention();
  }

  // Jobs and socket events are logged with the request that caused them, and counted.
  services.jobs.onRun = (run) => {
    metrics?.job(run.kind, run.outcome, run.seconds);
    const line = { reqId: run.requestId, job: { id: run.id, kind: run.kind, attempt: run.attempt, outcome: run.outcome } };
    if (run.outcome === 'done') app.log.info(line, 'job done');
    else app.log.warn({ ...line, err: run.error }, 'job failed');
  };
  services.events.onPublish = (name) => {
    metrics?.event(name);
    app.log.info({ reqId: currentRequestId(), event: name }, 'event published');
  };
  if (metrics) {
    app.addHook('onSend', async (req, reply, payload) => {
      // A refusal's typed code, for the errors counted by code.
      if (reply.statusCode >= 400 && typeof payload === 'string')
        (req as { errorCode?: string }).errorCode = /"code":"([A-Z_]{1,60})"/.exec(payload)?.[1];
      return payload;
    });
    app.addHook('onResponse', async (req, reply) => {
      const route = req.routeOptions.url ?? 'unmatched';
      metrics.request(req.method, route, reply.statusCode, reply.elapsedTime / 1000, (req as { errorCode?: string }).errorCode);
    });
  }

  // Usage report: staff writes are counted per module, in memory, and written every minute.
  app.addHook('onResponse', async (req, reply) => {
    const auth = req.auth;
    if (!auth?.schoolId || auth.kind !== 'staff' || req.method === 'GET' || reply.statusCode >= 400) return;
    const module = req.routeOptions.url?.split('/')[2];
    if (module) services.school.noteUsage(auth.schoolId, auth.userId, module);
  });
  const usageTimer = setInterval(
    () => void services.school.flushUsage().catch((err) => app.log.error({ err }, 'usage flush failed')),
    60_000,
  );
  usageTimer.unref();
  // PGlite has no autovacuum: without fresh statistics the planner picks nested loops as tables grow.
  const analyzeTimer =
    deps.database.kind === 'pglite'
      ? setInterval(() => void deps.database.analyze().catch((err) => app.log.error({ err }, 'analyze failed')), 30_000)
      : undefined;
  analyzeTimer?.unref();

  // Stored files: public ones cached for long, private ones only through a signed link (decision 6).
  await app.register(async (media) => {
    media.addHook('onRequest', mediaAccess);
    const objects = services.storage.objects;
    if (objects instanceof LocalStorage) {
      await media.register(fastifyStatic, {
        root: objects.root,
        prefix: MEDIA_PREFIX,
        decorateReply: false,
        index: false,
        cacheControl: false,
      });
      return;
    }
    media.addHook('onClose', async () => {
      if (objects instanceof S3Storage) objects.destroy();
    });
    // In an object store: once the link is checked, the browser fetches the bytes from the store with a
    // presigned link of a few minutes; the redirect itself is kept for less than that (decision 28).
    media.get(`${MEDIA_PREFIX}*`, async (req, reply) => {
      const key = mediaKey(req.url) ?? '';
      const allowed = /max-age=(\d+)/.exec(String(reply.getHeader('cache-control') ?? ''))?.[1];
      const maxAge = Math.min(PRESIGNED_REDIRECT_MAX_AGE_S, Number(allowed ?? PRESIGNED_REDIRECT_MAX_AGE_S));
      const target = await objects.urlFor?.(key, PRESIGNED_LIFETIME_S);
      if (!target) return reply.status(404).send({ message: MESSAGES.notFound, code: ERROR_CODES.notFound });
      return reply.header('cache-control', `private, max-age=${maxAge}`).redirect(target, 302);
    });
  });

  const indexHtml = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  if (hasWeb) {
    // Files are looked up on each request, so a rebuilt web app is served without a restart.
    await app.register(fastifyStatic, { root: config.webDist, index: false, wildcard: true, preCompressed: true });
    app.get('/', createLoginPage(config.webDist, config.PUBLIC_URL));
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    if (url === API_BASE || url.startsWith(`${API_BASE}/`) || req.method !== 'GET' || !hasWeb) {
      return reply.status(404).send({ message: MESSAGES.routeNotFound, code: ERROR_CODES.notFound });
    }
    // A path with a file extension that was not found is a missing asset, not a page of the app.
    if (/\.[a-z0-9]+$/i.test(url) && !url.includes('microsoft_login_verify')) {
      return reply.status(404).send({ message: MESSAGES.notFound, code: ERROR_CODES.notFound });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  const io = attachRealtime(app, {
    tokens: services.tokens,
    sessions: services.sessions,
    events: services.events,
    clock: services.clock,
    checkEveryMs: config.SOCKET_CHECK_SECONDS * 1000,
    // Each check with a fresh scope of the socket's person (requireAccess: the class's staff, or a parent of one of its children).
    canFollowClass: (auth, classId) => services.attendance.canFollow(services.scopes.of({ ...auth }), classId),
    chatTyping: (auth, conversationId) => services.chat.typing(services.scopes.of({ ...auth }), conversationId),
    pool: deps.database.pool,
  });
  metrics?.watch({
    queue: () => services.jobs.depth(),
    sockets: () => io.engine.clientsCount,
    cache: deps.database.cache,
    pool: deps.database.pool,
  });
  attachChat(io, services, app.log);
  attachCue(io, services, app.log);

  app.addHook('onClose', async () => {
    clearInterval(usageTimer);
    if (analyzeTimer) clearInterval(analyzeTimer);
    await services.jobs.stop();
    await services.timetable.shutdown();
    await services.school.flushUsage().catch(() => undefined);
    await deps.database.close();
  });
  return { app, services, served };
}
