import { CHUNK_CONTENT_TYPE, ROUTES, type RouteDef } from '@cue/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, parentToken, signIn, staffToken, type TestApp } from './harness.js';
import { sunriseAcademic } from './support/academic-fixtures.js';
import { sunriseAssessment } from './support/assessment-fixtures.js';
import { sunriseCarelog } from './support/carelog-fixtures.js';
import { dispersalFixture } from './support/dispersal-fixtures.js';
import { sunriseLeave } from './support/leave-fixtures.js';
import { sunriseLibrary } from './support/library-fixtures.js';
import { sunriseManagement } from './support/management-fixtures.js';
import { sunrisePlanning } from './support/planning-fixtures.js';
import { generate, sunriseTimetable } from './support/timetable-fixtures.js';

/**
 * Tenant isolation, generated from the contract's route table: an admin of Moonbeam Nursery calls
 * every route aimed at Sunrise Early Years' objects and must be refused (400, 403 or 404) with
 * nothing changed in the database; list routes must not show Sunrise's data. A parent calls every
 * staff route and gets 403. A route added to the table is covered without touching this file.
 */
let t: TestApp;
let moonbeamAdmin: string;
let parent: string;
/** Neha Patel: teaches Kindergarten B at Sunrise, and is the mother of Diya in Nursery A. */
let otherClassTeacher: string;
let otherFamilyParent: string;
const sunrise = {
  class: demoId('class:nurseryA'),
  student: demoId('student:Aarav Sharma'),
  staff: demoId('user:9000000003'),
  parent: demoId('parent:9000000004'),
  role: demoId('role:sunrise:teacher'),
  division: '',
  access_token: '',
  class_or_staff: demoId('class:nurseryA'),
  school: demoId('school:sunrise'),
  event: '',
  announcement: '',
  homework: '',
  observation: '',
  conversation: '',
  tool_call: '',
  invitation: '',
  health_item: '',
  contact: '',
  change_request: '',
  export: '',
  media: '',
  album: '',
  quota_request: '',
  upload: '',
  story: '',
  story_comment: '',
  story_tag: '',
  chat_conversation: '',
  chat_message: '',
  chat_report: '',
  care_entry: '',
  medicine: '',
  incident: '',
  unit: '',
  library_unit: '',
  plan_activity: '',
  planning_resource: '',
  assessment_period: '',
  grade_scale: '',
  grade_category: '',
  assessment_task: '',
  feedback_form: '',
  reflection: '',
  report_template: '',
  report_set: '',
  report_entry: '',
  // The library's and drop-off and pick-up's objects, made in beforeAll.
  library_item: '',
  library_copy: '',
  library_loan: '',
  library_reservation: '',
  library_import: '',
  kiosk: '',
  dispersal_event: '',
  dispersal_alert: '',
  one_time_pickup: '',
  // The academic setup's objects, made in beforeAll.
  curriculum_framework: '',
  curriculum_node: '',
  /** The area above the statement (the order route names it). */
  curriculum_area: '',
  day_schedule: '',
  school_resource: '',
  resource_booking: '',
  // Management's objects, made in beforeAll.
  admission_application: '',
  admission_document: '',
  job_opening: '',
  job_application: '',
  job_interview: '',
  fee_structure: '',
  fee_discount: '',
  invoice_run: '',
  invoice: '',
  payment: '',
  fee_account: '',
  leave_type: '',
  leave_request: '',
  timetable_subject: '',
  timetable_mapping: '',
  timetable_lesson: '',
  timetable_run: '',
};
const today = new Date().toISOString().slice(0, 10).split('-').reverse().join('-');
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('-');
const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('-');
/** Names and ids that must never appear in an answer to a Moonbeam caller. */
const sunriseMarkers = [
  'Sunrise',
  'Aarav',
  'Nursery A',
  'Kindergarten B',
  'Sports day',
  'Sunrise picnic',
  sunrise.class,
  sunrise.student,
];

/** A body that would be valid if the target were the caller's own, so that validation is not what refuses it. */
const bodies: Partial<Record<keyof typeof ROUTES, object>> = {
  addStaffToClasses: { staff_ids: [sunrise.staff], class_ids: [sunrise.class] },
  studentCreate: { first_name: 'Intruder', class_id: sunrise.class },
  studentUpdate: { first_name: 'Renamed', class_id: sunrise.class },
  studentLinkParent: { first_name: 'Intruder', phone: '9123456789' },
  classUpdate: { class_name: 'Renamed', archived: true },
  staffUpdate: { first_name: 'Renamed', role_id: sunrise.role },
  staffCreate: { first_name: 'Intruder', phone: '9123456780', role_id: sunrise.role, class_ids: [sunrise.class] },
  roleUpdate: { name: 'Renamed', permissions: [] },
  divisionUpdate: { name: 'Renamed' },
  switchSchool: { school_id: sunrise.school },
  parentChildSwitch: { child_id: sunrise.student },
  createAccessToken: { label: 'x', user_id: sunrise.staff, expires_in_minutes: 60 },
  classAttendanceSave: {
    date: today,
    student_attendance_list: [{ student_id: sunrise.student, attendance_status: 'absent' }],
    is_saved: true,
  },
  fullPresence: { class_id: sunrise.class, date: today },
  bulkAttendance: { from_date: today, to_date: today, attendance_status: 'absent' },
  classExcusalUpdate: { excusal_id: sunrise.student, status: 'approved' },
  calendarCreate: { title: 'Intrusion', start_date: today, end_date: today, class_id: sunrise.class, is_holiday: true },
  calendarUpdate: { title: 'Renamed', start_date: today, end_date: today, class_id: null, is_holiday: true },
  announcementCreate: { title: 'Intrusion', share_with: 'Classes', classes_ids: [sunrise.class] },
  announcementUpdate: { title: 'Renamed', share_with: 'Everyone' },
  homeworkCreate: { title: 'Intrusion', classes_ids: [sunrise.class] },
  homeworkUpdate: { title: 'Renamed', classes_ids: [sunrise.class] },
  observationCreate: {
    class_id: sunrise.class,
    observation_entries: [{ student_id: sunrise.student, date: today, general_note: 'Intrusion' }],
  },
  observationUpdate: { general_note: 'Renamed' },
  cueToolCallSave: {
    args: {
      date: today,
      student_attendance_list: [{ student_id: sunrise.student, attendance_status: 'absent' }],
      is_saved: true,
    },
  },
  aiSettingsUpdate: { ai_provider: 'openai' },
  childProfileUpdate: { preferred_name: 'Intruder' },
  childHealthUpdate: { immunisation: 'unknown' },
  childHealthItemCreate: { kind: 'condition', name: 'Intrusion' },
  childHealthItemUpdate: { kind: 'condition', name: 'Intrusion' },
  childContactCreate: { kind: 'emergency', name: 'Intruder' },
  childContactUpdate: { kind: 'emergency', name: 'Intruder' },
  childConsentSet: { key: 'photos_public', granted: true },
  childChangeRequestCreate: { changes: { address: 'Intrusion' } },
  changeRequestDecide: { decision: 'accept' },
  classEmergencySheet: { language: 'en' },
  recordCheckRequest: { class_id: sunrise.class },
  consentTypeCreate: { label: 'Moon outing' },
  childErasure: { confirm_name: 'Aarav Sharma' },
  retentionUpdate: { media_months: 24, log_months: 12 },
  classCreate: { class_name: 'Moon class' },
  schoolUpdate: { name: 'Moonbeam Nursery' },
  divisionCreate: { name: 'Moon division' },
  schoolPermissionsUpdate: { permissions: {} },
  roleCreate: { name: 'Moon role', permissions: [] },
  parentChildAttendance: { student_id: sunrise.student, month: today.slice(3) },
  createChildExcusal: { student_id: sunrise.student, from_date: today, to_date: today, reason: 'Intrusion' },
  fetchChildExcusal: { student_id: sunrise.student },
  observationAddMedia: { media: [{ media_link: '/media/intruder.jpg' }] },
  maintenanceSet: { enabled: false },
  bugReport: { url: '/dashboard', summary: 'Something broke' },
  classAiOptionsUpdate: { ai_options: { ask: false } },
  classAiBlocksByScreen: { screen_name: 'observation' },
  classAiBlocksUpdate: { screen_name: 'observation', ai_blocks: [{ key: 'observation_writer', enabled: false }] },
  classAiPromptScreensUpdate: { ai_screen_blocks: { chat: { enabled: false, prompt: 'x' } } },
  mediaEdit: { caption: 'Intrusion' },
  albumCreate: { name: 'Moon album' },
  albumEdit: { name: 'Renamed' },
  faceAdd: { student_id: sunrise.student, face_id: demoId('face:none') },
  faceReferences: { student_id: sunrise.student },
  faceReset: { student_id: sunrise.student },
  faceSearch: { student_id: sunrise.student },
  faceDecide: { face_id: demoId('face:none'), action: 'ignore' },
  mediaFilter: {},
  mediaUploadStart: { file_name: 'intrusion.mp4', mime_type: 'video/mp4', size: 1000 },
  mediaQuotaExtend: { extra_gb: 5, reason: 'More photos' },
  mediaQuotaDecide: { decision: 'approve' },
  storyCreate: {
    class_id: sunrise.class,
    title: 'Intrusion',
    story_date: yesterday,
    student_ids: [sunrise.student],
    action: 'publish',
  },
  storyUpdate: {
    class_id: sunrise.class,
    title: 'Intrusion',
    story_date: yesterday,
    student_ids: [sunrise.student],
    action: 'publish',
  },
  storyDraft: { class_id: sunrise.class, date: yesterday, student_ids: [sunrise.student] },
  storyReturn: { note: 'Intrusion' },
  storyCommentCreate: { body: 'Intrusion' },
  storyReact: { reaction: 'heart' },
  journalDraft: { class_id: sunrise.class, date: yesterday },
  storyTagCreate: { name: 'Intrusion' },
  storyTagEdit: { name: 'Intrusion' },
  storySettingsSave: { approval_required: true },
  chatOpen: { kind: 'family', student_id: sunrise.student },
  chatEdit: { mode: 'two_way' },
  chatSend: { client_id: 'intrusion-0001', body: 'Intrusion' },
  chatRead: { seq: 1 },
  chatMessageEdit: { body: 'Intrusion' },
  chatMessageReport: { reason: 'Intrusion' },
  chatSettingsSave: { quiet_start: null, quiet_end: null, quiet_weekends: false, allow_urgent: true, family_channels: true },
  chatAwaySave: { from: null, to: null, message: '' },
  careEntryCreate: { class_id: sunrise.class, student_ids: [sunrise.student], kind: 'note', date: yesterday, time: '10:00 AM' },
  careEntryEdit: { note: 'Intrusion' },
  napEnd: { entry_ids: [demoId('entry:none')], time: '10:00 AM' },
  napCheck: { entry_ids: [demoId('entry:none')], time: '10:00 AM' },
  careSummarySubscription: { student_id: sunrise.student, enabled: true },
  medicineCreate: {
    student_id: sunrise.student,
    name: 'Intrusion',
    dose: '5 ml',
    from: yesterday,
    to: today,
    consent: true,
    signed_form: true,
  },
  medicineDose: { date: today, time: '09:00 AM' },
  medicineHomeDose: { date: today, time: '07:00 AM' },
  incidentCreate: {
    class_id: sunrise.class,
    student_id: sunrise.student,
    kind: 'accident',
    date: yesterday,
    time: '10:00 AM',
    location: 'Intrusion',
    description: 'Intrusion',
    signature: 'Intruder',
  },
  incidentCorrect: { location: 'Intrusion', reason: 'Intrusion' },
  incidentReview: { note: 'Intrusion' },
  incidentAcknowledge: { signature: 'Intruder' },
  incidentRegulator: { on: today, reference: 'Intrusion' },
  carelogSettingsSave: { nap_check_minutes: 10, baby_months: 24, incident_retention_years: 21, summary_time: '06:00 PM' },
  unitCreate: { title: 'Intrusion', class_ids: [sunrise.class], start_date: today, end_date: today },
  unitUpdate: { base_version: 1, title: 'Intrusion' },
  unitMovePreview: { start_date: today },
  unitMove: { start_date: today },
  libraryCreate: { framework: 'eyfs', title: 'Intrusion' },
  libraryUpdate: { framework: 'eyfs', title: 'Intrusion' },
  libraryCopy: { class_ids: [sunrise.class], start_date: today },
  weekCopy: { from_week: yesterday, to_week: today },
  weekPdf: { week: today },
  activityCreate: { class_id: sunrise.class, date: today, start_time: '10:00 AM', end_time: '10:30 AM', title: 'Intrusion' },
  activityUpdate: { class_id: sunrise.class, date: today, start_time: '10:00 AM', end_time: '10:30 AM', title: 'Intrusion' },
  resourceCreate: { kind: 'book', title: 'Intrusion' },
  resourceUpdate: { kind: 'book', title: 'Intrusion' },
  periodCreate: { name: 'Moon term', start_date: '01-01-2040', end_date: '31-03-2040' },
  periodUpdate: { name: 'Renamed', start_date: '01-01-2040', end_date: '31-03-2040' },
  gradeScaleCreate: { name: 'Moon marks', kind: 'points', max_points: 10 },
  gradeScaleUpdate: { name: 'Renamed', kind: 'points', max_points: 10 },
  gradeCategoryCreate: { class_id: sunrise.class, name: 'Intrusion', weight: 10 },
  gradeCategoryUpdate: { name: 'Renamed', weight: 10 },
  taskUpdate: { title: 'Renamed' },
  gradesSave: { grades: [{ student_id: sunrise.student, value: 'expected' }] },
  feedbackUpdate: { title: 'Renamed', status: 'closed' },
  feedbackRespond: { student_id: sunrise.student, answers: { at_home: { text: 'Intrusion' } } },
  reflectionCreate: {
    class_id: sunrise.class,
    author_kind: 'child',
    student_id: sunrise.student,
    date: today,
    body: 'Intrusion',
  },
  reflectionUpdate: { body: 'Renamed' },
  reportTemplateCreate: { name: 'Moon report', sections: [{ kind: 'comments' }] },
  reportTemplateUpdate: { name: 'Renamed', sections: [{ kind: 'comments' }] },
  reportSetLock: {},
  reportEntryUpdate: { teacher_note: 'Intrusion' },
  reportEntryDraft: {},
  // The library: Sunrise's copy on loan to Aarav (SUNLIB00001) and its copy on the shelf (SUNLIB00002).
  libraryItemCreate: { title: 'Moon stories', copies: 1 },
  libraryItemUpdate: { title: 'Renamed' },
  libraryCopiesCreate: { count: 1 },
  libraryCopyUpdate: { status: 'repair' },
  libraryCheckout: { barcode: 'SUNLIB00002', student_id: sunrise.student },
  libraryReturn: { barcode: 'SUNLIB00001' },
  libraryLoanLost: { note: 'Intrusion' },
  libraryReservationCreate: { item_id: demoId('library:none'), student_id: sunrise.student },
  libraryNotices: {},
  librarySettingsSave: {
    rules: [],
    default_loan_days: 14,
    default_max_loans: 2,
    default_max_renewals: 1,
    barcode_prefix: 'MOON',
    next_barcode: 1,
    overdue_notices: true,
    notice_after_days: 1,
  },
  libraryLabels: { from_barcode: 'SUNLIB00001', to_barcode: 'SUNLIB00002' },
  // Drop-off and pick-up: Aarav, by his father.
  dispersalCheckIn: { student_id: sunrise.student, adult: { kind: 'parent', parent_id: sunrise.parent }, health_ok: true },
  dispersalCheckOut: { student_id: sunrise.student, adult: { kind: 'parent', parent_id: sunrise.parent } },
  dispersalSettingsSave: {
    health_question: null,
    late_after_minutes: 15,
    closing_time: null,
    late_pickup_grace_minutes: 10,
    notify_families: true,
    mark_attendance: true,
  },
  kioskCreate: { name: 'Moon door' },
  oneTimePickupCreate: { name: 'Intruder', date: today },
  familyCodeRenew: { school_id: sunrise.school },
  // The academic setup: Sunrise's framework, its statement, its day schedule and its hall.
  curriculumCreate: { name: 'Moon framework', code: 'MOON' },
  curriculumUpdate: { name: 'Renamed', code: 'SUNPH' },
  curriculumCopy: { name: 'Moon copy', code: 'MOONC' },
  curriculumNodeCreate: { kind: 'area', code: 'MOON-A', name: 'Intrusion', group: 'Intrusion' },
  curriculumNodeUpdate: { kind: 'statement', code: 'SUN-L1.1', name: 'Intrusion' },
  curriculumNodeArchive: { kind: 'statement' },
  curriculumNodeRestore: { kind: 'statement' },
  curriculumOrder: { kind: 'area', parent_id: null, ids: [demoId('area:none')] },
  classCurriculumUpdate: { framework_ids: [] },
  dayScheduleCreate: {
    name: 'Intrusion',
    applies_to: 'class',
    class_id: sunrise.class,
    cycle: 'weekly',
    days: [{ day: 'monday', slots: [{ kind: 'session', name: 'Intrusion', start: '09:00 AM', end: '10:00 AM' }] }],
  },
  dayScheduleUpdate: {
    name: 'Renamed',
    applies_to: 'school',
    cycle: 'weekly',
    days: [{ day: 'monday', slots: [{ kind: 'session', name: 'Intrusion', start: '09:00 AM', end: '10:00 AM' }] }],
  },
  schoolResourceCreate: { name: 'Moon room', kind: 'room', quantity: 1 },
  schoolResourceUpdate: { name: 'Renamed', kind: 'room', quantity: 5 },
  resourceBookingCreate: { resource_id: demoId('resource:none'), date: nextWeek, start: '02:00 PM', end: '03:00 PM' },
  // The caller's own school's wording (nothing in it names Sunrise, nor the samples the marker check holds).
  emailTemplateUpdate: { subject: 'Moon news', body: 'Hello {{first_name}},\n\nMoon news.' },
  emailTemplatePreview: { subject: 'Moon news', body: 'Hello {{first_name}}' },
  emailTemplateTest: { subject: 'Moon news', body: 'Hello {{first_name}}' },
  userLanguage: { language: 'en' },
};
/** Bodies naming Sunrise's assessment objects (its current term, scale, template), filled in once they exist. */
const assessmentBodies = (period: string) =>
  ({
    taskCreate: {
      class_id: sunrise.class,
      title: 'Intrusion',
      subject: 'Maths',
      scale_id: sunrise.grade_scale,
      due_date: today,
    },
    hpcCardSave: { period_id: period, narrative: 'Intrusion', ratings: {}, self: {} },
    feedbackCreate: {
      kind: 'parent',
      period_id: period,
      title: 'Intrusion',
      class_ids: [sunrise.class],
      questions: [{ key: 'x', text: 'Intrusion', answer: 'text' }],
    },
    reportSetCreate: { class_id: sunrise.class, period_id: period, template_id: sunrise.report_template },
  }) satisfies Partial<Record<keyof typeof ROUTES, object>>;
/** Bodies naming Sunrise's library objects, filled in once they exist. */
const libraryBodies = () =>
  ({
    libraryReservationCreate: { item_id: sunrise.library_item, student_id: sunrise.student },
    libraryNotices: { loan_ids: [sunrise.library_loan] },
    libraryLabels: { item_id: sunrise.library_item },
  }) satisfies Partial<Record<keyof typeof ROUTES, object>>;
/** Bodies naming the Sunrise unit, filled in once it exists. */
const planningBodies = () => ({ unitPublish: { unit_id: sunrise.unit } }) satisfies Partial<Record<keyof typeof ROUTES, object>>;
/**
 * The unit and resource libraries are an organization's, and Moonbeam is a school of Sunrise's
 * organization: its staff read them (and its resource managers edit them) by design, as every teacher
 * of Sunrise reads them. These routes are left out of the refusals below and checked on their own:
 * they answer the organization's schools and show nothing else of Sunrise (another organization is
 * refused: apps/server/test/planning-units.test.ts).
 */
const organizationShared = new Set<keyof typeof ROUTES>([
  'libraryGet',
  'libraryUpdate',
  'libraryDelete',
  'resourceGet',
  'resourceUpdate',
  'resourceDelete',
]);
/** Bodies naming Sunrise's academic setup objects, filled in once they exist. */
const academicBodies = () =>
  ({
    // A free hour of Sunrise's hall, a week on.
    resourceBookingCreate: { resource_id: sunrise.school_resource, date: nextWeek, start: '02:00 PM', end: '03:00 PM' },
    classCurriculumUpdate: { framework_ids: [sunrise.curriculum_framework] },
    curriculumOrder: { kind: 'area', parent_id: null, ids: [sunrise.curriculum_area] },
  }) satisfies Partial<Record<keyof typeof ROUTES, object>>;
/**
 * Bodies for management's writes: those that create name Sunrise's class, child, role or account (so
 * that they must be refused); those aimed at a Sunrise object by its path are valid for the caller's own.
 */
const managementBodies = () =>
  ({
    admissionCreate: { source: 'phone', child_first_name: 'Moon', parent_first_name: 'Moon', parent_phone: '9811100099' },
    admissionUpdate: { child_first_name: 'Intruder' },
    admissionStage: { stage: 'application', send_email: false },
    admissionNote: { body: 'Intrusion' },
    admissionEnrol: {
      class_id: sunrise.class,
      start_date: today,
      child_first_name: 'Intruder',
      parents: [{ first_name: 'Intruder', phone: '9123456701' }],
      send_email: false,
    },
    jobOpeningCreate: { title: 'Intrusion', role_id: sunrise.role, class_ids: [sunrise.class], status: 'open' },
    jobOpeningUpdate: { title: 'Renamed', status: 'open' },
    jobApplicationStage: { stage: 'offer', send_email: false },
    jobApplicationNote: { body: 'Intrusion' },
    jobInterviewCreate: {
      date: nextWeek,
      start: '02:00 PM',
      end: '03:00 PM',
      interviewer_ids: [sunrise.staff],
      send_email: false,
    },
    jobInterviewUpdate: {
      date: nextWeek,
      start: '02:00 PM',
      end: '03:00 PM',
      interviewer_ids: [sunrise.staff],
      send_email: false,
    },
    jobHire: { first_name: 'Intruder', phone: '9123456702', role_id: sunrise.role, class_ids: [sunrise.class] },
    feeSettingsUpdate: { reminder_days_before: 3 },
    feeStructureCreate: {
      name: 'Intrusion',
      billing_cycle: 'monthly',
      class_ids: [sunrise.class],
      items: [{ kind: 'tuition', name: 'Tuition', amount: 100 }],
    },
    feeStructureUpdate: {
      name: 'Renamed',
      billing_cycle: 'monthly',
      class_ids: [sunrise.class],
      items: [{ kind: 'tuition', name: 'Tuition', amount: 100 }],
    },
    feeDiscountCreate: {
      name: 'Intrusion',
      kind: 'scholarship',
      mode: 'percent',
      value: 1000,
      reason: 'Intrusion',
      student_ids: [sunrise.student],
    },
    feeDiscountUpdate: { name: 'Renamed', kind: 'other', mode: 'amount', value: 100, reason: 'Intrusion' },
    invoiceRunCreate: { billing_cycle: 'monthly', period_date: today, class_ids: [sunrise.class] },
    invoiceRevise: { reason: 'Intrusion', lines: [{ kind: 'item', description: 'Intrusion', unit_amount: 1 }] },
    invoiceCancel: { reason: 'Intrusion' },
    paymentCreate: {
      account_id: sunrise.fee_account,
      amount: 100,
      method: 'cash',
      received_on: today,
      invoice_ids: [sunrise.invoice],
    },
    paymentVoid: { reason: 'Intrusion' },
    creditNoteCreate: { invoice_id: sunrise.invoice, account_id: sunrise.fee_account, amount: 100, reason: 'Intrusion' },
  }) satisfies Partial<Record<keyof typeof ROUTES, object>>;
/** Bodies naming the Sunrise story tag, filled in once it exists. */
const tagBodies = () =>
  ({
    storyTagMerge: { into_id: sunrise.story_tag },
    storyTagOrder: { ids: [sunrise.story_tag] },
  }) satisfies Partial<Record<keyof typeof ROUTES, object>>;
/** Bodies naming the Sunrise gallery item, filled in once it exists. */
const mediaBodies = () =>
  ({
    tagMany: { media_ids: [sunrise.media], student_ids: [sunrise.student] },
    postCreate: { caption: 'Intrusion', media_ids: [sunrise.media] },
    mediaDeleteMany: { media_ids: [sunrise.media] },
    mediaToActivity: { media_ids: [sunrise.media] },
    mediaPrivacy: { media_ids: [sunrise.media], privacy: 'class' },
  }) satisfies Partial<Record<keyof typeof ROUTES, object>>;
/** Queries that would be valid for the caller's own objects (routes whose query has required fields). */
const queries: Partial<Record<keyof typeof ROUTES, Record<string, string>>> = {
  calendarList: { from: today, to: today },
  cueConversations: { class_id: sunrise.class },
  observationList: { student_id: sunrise.student },
  studentList: { class_id: sunrise.class },
  attendanceDashboard: { class_id: sunrise.class },
  attendanceExport: { class_id: sunrise.class },
  announcementList: { class_id: sunrise.class },
  homeworkList: { class_id: sunrise.class },
  communicationAudience: { classes_ids: sunrise.class },
  journalDay: { class_id: sunrise.class, date: yesterday },
  careDay: { class_id: sunrise.class },
  planningInsights: { class_id: sunrise.class },
  planningInsightsExport: { class_id: sunrise.class },
  reflectionList: { class_id: sunrise.class },
  reportSetList: { class_id: sunrise.class },
  libraryBarcodeLookup: { barcode: 'SUNLIB00001' },
  libraryIsbnCheck: { isbn: '978-0-306-40615-7' },
  staffCalendar: { from: today, to: nextWeek },
  leaveCover: { from: today, to: nextWeek },
  classCover: { date: today },
  staffRegister: { date: today },
  staffAttendanceReport: { month: today.slice(3) },
  staffAttendanceReportCsv: { month: today.slice(3) },
  libraryItemList: { search: 'sunrise' },
  libraryLoanList: { student_id: sunrise.student },
  libraryStudents: { class_id: sunrise.class },
  libraryReservationList: { student_id: sunrise.student },
  libraryOverdue: { class_id: sunrise.class },
  dispersalDismissal: { class_id: sunrise.class },
  dispersalAlerts: { status: 'all' },
  curriculumImport: { name: 'Moon import', code: 'MOONI' },
  classDays: { from: today },
  schoolResourceAvailability: { date: nextWeek, start: '10:00 AM', end: '11:00 AM' },
  resourceBookingList: { from: today },
  // Management's lists filtered by Sunrise's class, child or interviewer.
  admissionList: { q: 'Sunrisewala' },
  jobInterviews: { from: today, to: nextWeek, interviewer_id: demoId('user:9000000002') },
  invoices: { student_id: sunrise.student },
  invoicesCsv: { class_id: sunrise.class },
  feeAccounts: { class_id: sunrise.class },
  feeCollectionReport: { class_id: sunrise.class },
  feeCollectionCsv: { class_id: sunrise.class },
  feeAgeingReport: { class_id: sunrise.class },
  feeAgeingCsv: { class_id: sunrise.class },
};
/**
 * Routes that act on the caller's own school only and name nothing of another school in their
 * request: a Moonbeam admin may call them; they must still show nothing of Sunrise.
 */
const ownSchoolOnly = new Set<keyof typeof ROUTES>([
  'classCreate',
  // The caller's own school's retention settings.
  'retentionUpdate',
  'schoolUpdate',
  'divisionCreate',
  'schoolPermissionsUpdate',
  'roleCreate',
  'aiSettingsUpdate',
  'maintenanceSet',
  'bugReport',
  'staffProfilePicture',
  'schoolLogo',
  'importStudentsPreview',
  'importStudentsCommit',
  'importStaffPreview',
  'importStaffCommit',
  'cueTranscribe',
  'mediaUpload',
  'consentTypeCreate',
  'storyTagCreate',
  'storySettingsSave',
  'chatSettingsSave',
  'chatAwaySave',
  'carelogSettingsSave',
  // The caller's own organization's libraries.
  'libraryCreate',
  'resourceCreate',
  'resourceUpload',
  // The caller's own school's periods, grade scales and report templates.
  'periodCreate',
  'gradeScaleCreate',
  'reportTemplateCreate',
  // The caller's own school's catalogue, loan rules and notices, and its drop-off settings and kiosks.
  'libraryItemCreate',
  'libraryImportPreview',
  'librarySettingsSave',
  'dispersalSettingsSave',
  'kioskCreate',
  // The caller's own school's frameworks, catalogue and email wording, and the caller's own language.
  'curriculumCreate',
  'curriculumImport',
  'schoolResourceCreate',
  'emailTemplateUpdate',
  'emailTemplateReset',
  'emailTemplatePreview',
  'emailTemplateTest',
  'userLanguage',
  // The caller's own school's admission forms, enquiries and fee settings.
  'admissionFormUpdate',
  'admissionCreate',
  'feeSettingsUpdate',
  // The caller's own school's leave policy and types.
  'leaveSettingsUpdate',
  'leaveTypeCreate',
  // The caller's own check-in, check-out and kiosk code, and their school's staff attendance settings.
  'staffCheckIn',
  'staffCheckOut',
  'staffCodeRenew',
  'staffAttendanceSettingsSave',
  // The caller's own school's timetable subjects and outline.
  'timetableSubjectCreate',
  'timetableOutlineUpdate',
]);
const skip = new Set<keyof typeof ROUTES>(['logout', 'deleteUserProfile', 'loginedUserDetailsV2']);
/** An email template's path names one email in one language: the announcement in Arabic. */
const withTemplate = (path: string) =>
  path.replace(':key', 'announcement').replace(':language', 'ar').replace(':kind', 'application');
const urlOf = (name: keyof typeof ROUTES, path: string) => {
  const q = queries[name];
  return q ? `${withTemplate(path)}?${new URLSearchParams(q).toString()}` : withTemplate(path);
};
/**
 * An answer as the marker check reads it: an email template lists its placeholders with the contract's
 * sample values (the demo's names, "Sunrise Early Years", "Aarav"), the same words for every school.
 */
const shown = (body: string) => body.replace(/"sample":"(?:[^"\\]|\\.)*"/g, '"sample":""');

async function snapshot(): Promise<string> {
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const tables = await t.database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_name not in ('otp_requests', 'usage_daily', 'media_seen', '__drizzle_migrations') order by 1`,
  );
  const names = rowsOf<{ table_name: string }>(tables).map((r) => r.table_name);
  const parts: string[] = [];
  for (const name of names) {
    const res = await t.database.db.execute(
      sql.raw(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${name}" x`),
    );
    parts.push(`${name}:${rowsOf<{ h: string }>(res)[0]?.h}`);
  }
  return parts.join('\n');
}

const pathFor = (def: RouteDef) =>
  def.path.replace(':id', def.resource ? sunrise[def.resource] || 'ffffffffffffffffffffffff' : 'ffffffffffffffffffffffff');

beforeAll(async () => {
  t = await createTestApp();
  photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3b82f6' } })
    .jpeg()
    .toBuffer();
  // Sunrise objects that the seed does not have.
  const anita = await staffToken(t, '9000000002');
  sunrise.division = (
    await t.request({ method: 'POST', url: ROUTES.divisionCreate.path, headers: bearer(anita), payload: { name: 'Early Years' } })
  ).json().result.id;
  sunrise.event = (
    await t.request({
      method: 'POST',
      url: ROUTES.calendarCreate.path,
      headers: bearer(anita),
      payload: { title: 'Sports day', start_date: today, end_date: today, class_id: null },
    })
  ).json().result.id;
  for (const [type, key] of [
    ['announcements', 'announcement'],
    ['homeworks', 'homework'],
  ] as const) {
    const made = await t.request({
      method: 'POST',
      url: `/api/communication/${type}/`,
      headers: bearer(anita),
      payload: {
        title: 'Sunrise picnic',
        summary: '<p>Bring hats</p>',
        share_with: 'Classes',
        classes_ids: [sunrise.class],
        save_as_draft: true,
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    sunrise[key] = made.json().result.id;
  }
  // An invitation of Sunrise's to a person who already has an account (Rohan, a parent).
  const invited = await t.request({
    method: 'POST',
    url: ROUTES.staffCreate.path,
    headers: bearer(anita),
    payload: { first_name: 'Rohan', last_name: 'Sharma', phone: '9000000004', role_id: sunrise.role },
  });
  expect(invited.json().result.status, invited.body).toBe('invited');
  sunrise.invitation = invited.json().result.id;
  const tara = await staffToken(t, '9000000003');
  const observed = await t.request({
    method: 'POST',
    url: ROUTES.observationCreate.path,
    headers: bearer(tara),
    payload: {
      class_id: sunrise.class,
      observation_entries: [{ student_id: sunrise.student, date: today, general_note: 'Aarav stacked ten blocks' }],
    },
  });
  expect(observed.statusCode, observed.body).toBe(200);
  sunrise.observation = observed.json().result.observation_entries[0].id;
  // A conversation of Tara's with the assistant, and the attendance card it drafted.
  const taraClaims = await t.services.tokens.verifyAccess(tara);
  if (!taraClaims.ok) throw new Error('token');
  const events: { stream_mode: string; data: unknown; conversation_id: string }[] = [];
  await t.services.ai.chat(
    taraClaims.claims,
    { user_query: { class_id: sunrise.class, user_input: 'Aarav is absent today', date: today, time: '09:00 AM' } },
    (e) => events.push(e),
  );
  sunrise.conversation = events[0]?.conversation_id ?? '';
  const chat = await t.services.ai.conversation(taraClaims.claims, sunrise.conversation);
  sunrise.tool_call = chat.tool_calls[0]?.id ?? '';
  expect(sunrise.tool_call).toHaveLength(24);
  // Aarav's record: an allergy, an emergency contact, and a change his father proposed.
  sunrise.health_item = (
    await t.request({
      method: 'POST',
      url: `/api/student/${sunrise.student}/health_items`,
      headers: bearer(anita),
      payload: { kind: 'allergy', name: 'Peanuts', severity: 'severe' },
    })
  ).json().result.id;
  sunrise.contact = (
    await t.request({
      method: 'POST',
      url: `/api/student/${sunrise.student}/contacts`,
      headers: bearer(anita),
      payload: { kind: 'emergency', name: 'Sunita Sharma', relationship: 'Aunt', phone: '9000000044' },
    })
  ).json().result.id;
  const rohan = await parentToken(t, '9000000004');
  sunrise.change_request = (
    await t.request({
      method: 'POST',
      url: `/api/student/${sunrise.student}/change_requests`,
      headers: bearer(rohan),
      payload: { changes: { address: '12 Park Road' } },
    })
  ).json().result.id;
  expect(sunrise.change_request).toHaveLength(24);
  sunrise.export = (
    await t.request({
      method: 'POST',
      url: `/api/classes/${sunrise.class}/emergency_sheet`,
      headers: bearer(anita),
      payload: { language: 'en' },
    })
  ).json().result.id;
  // A photo of Aarav that only his family may see, in an album of its own, and a request for more space.
  const boundaryMedia = '----cue-isolation-media';
  const shot = await t.request({
    method: 'POST',
    url: `/api/class_media/${sunrise.class}`,
    headers: { ...bearer(tara), 'content-type': `multipart/form-data; boundary=${boundaryMedia}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundaryMedia}\r\nContent-Disposition: form-data; name="privacy"\r\n\r\ntagged\r\n--${boundaryMedia}\r\nContent-Disposition: form-data; name="file"; filename="blocks.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      photo,
      Buffer.from(`\r\n--${boundaryMedia}--\r\n`),
    ]),
  });
  expect(shot.statusCode, shot.body).toBe(200);
  sunrise.media = shot.json().result._id;
  await t.services.jobs.runDue();
  const tagged = await t.request({
    method: 'POST',
    url: `/api/class_media_edit/${sunrise.media}`,
    headers: bearer(tara),
    payload: { student_ids: [sunrise.student] },
  });
  expect(tagged.statusCode, tagged.body).toBe(200);
  sunrise.album = (
    await t.request({
      method: 'POST',
      url: `/api/class_album/${sunrise.class}`,
      headers: bearer(tara),
      payload: { name: 'Blocks', media_ids: [sunrise.media] },
    })
  ).json().result._id;
  sunrise.quota_request = (
    await t.request({
      method: 'POST',
      url: `/api/school_media_quota_extend/${sunrise.school}`,
      headers: bearer(anita),
      payload: { extra_gb: 5, reason: 'Sports day videos' },
    })
  ).json().result.pending_request._id;
  sunrise.upload = (
    await t.request({
      method: 'POST',
      url: `/api/class_media_uploads/${sunrise.class}`,
      headers: bearer(tara),
      payload: { file_name: 'concert.mp4', mime_type: 'video/mp4', size: 20_000_000 },
    })
  ).json().result._id;
  Object.assign(bodies, mediaBodies());
  // A story of Aarav with his father's comment, a journal entry of Nursery A, and a story tag of Sunrise.
  sunrise.story = (
    await t.request({
      method: 'POST',
      url: '/api/stories/',
      headers: bearer(tara),
      payload: {
        class_id: sunrise.class,
        title: 'Blocks',
        story_date: yesterday,
        student_ids: [sunrise.student],
        action: 'publish',
      },
    })
  ).json().result._id;
  sunrise.story_comment = (
    await t.request({
      method: 'POST',
      url: `/api/stories/${sunrise.story}/comments`,
      headers: bearer(await parentToken(t, '9000000004')),
      payload: { body: 'Aarav loved it' },
    })
  ).json().result._id;
  sunrise.story_tag = (
    await t.request({ method: 'POST', url: '/api/story_tags/', headers: bearer(anita), payload: { name: 'Persistence' } })
  ).json().result._id;
  Object.assign(bodies, tagBodies());
  // Aarav's family conversation with Nursery A, his father's message in it, and Tara's report of it.
  sunrise.chat_conversation = (
    await t.request({
      method: 'POST',
      url: '/api/chat/conversations',
      headers: bearer(rohan),
      payload: { kind: 'family', student_id: sunrise.student },
    })
  ).json().result._id;
  sunrise.chat_message = (
    await t.request({
      method: 'POST',
      url: `/api/chat/conversations/${sunrise.chat_conversation}/messages`,
      headers: bearer(rohan),
      payload: { client_id: 'sunrise-message-1', body: 'Aarav will be late' },
    })
  ).json().result._id;
  await t.request({
    method: 'POST',
    url: `/api/chat_messages/${sunrise.chat_message}/report`,
    headers: bearer(await staffToken(t, '9000000003')),
    payload: { reason: 'Checking' },
  });
  Object.assign(sunrise, await sunriseCarelog(t));
  // A unit of Nursery A with an activity, and a unit and a resource of the organization's libraries.
  Object.assign(sunrise, await sunrisePlanning(t));
  Object.assign(bodies, planningBodies());
  // Assessment: a period, a grade scale, Nursery A's category, task, parent form and report set (with
  // Aarav's entry), a reflection of Aarav and a report template. Nothing of it is the organization's.
  const { current_period, ...assessment } = await sunriseAssessment(t);
  Object.assign(sunrise, assessment);
  Object.assign(bodies, assessmentBodies(current_period));
  // The library: Sunrise's item with two copies, one on loan to Aarav, his reservation and an import in
  // preview. Drop-off and pick-up: a kiosk of Sunrise, Rohan's family code, Aarav's check-in of today,
  // an alert about a stranger and a one-time pick-up person for him.
  Object.assign(sunrise, await sunriseLibrary(t));
  Object.assign(bodies, libraryBodies());
  const { kiosk, dispersal_event, dispersal_alert, one_time_pickup } = await dispersalFixture(t, {
    school: sunrise.school,
    class: sunrise.class,
    student: sunrise.student,
    parent: sunrise.parent,
    parentName: 'Rohan Sharma',
    staff: sunrise.staff,
    code: '4321',
  });
  Object.assign(sunrise, { kiosk, dispersal_event, dispersal_alert, one_time_pickup });
  // The academic setup: Sunrise's own framework (an area, an aspect, a statement), its day schedule, its
  // hall and a booking of it.
  const academic = await sunriseAcademic(t);
  Object.assign(sunrise, {
    curriculum_framework: academic.curriculum_framework,
    curriculum_node: academic.curriculum_node,
    curriculum_area: academic.curriculum_area,
    day_schedule: academic.day_schedule,
    school_resource: academic.school_resource,
    resource_booking: academic.resource_booking,
  });
  Object.assign(bodies, academicBodies());
  // Management: an enquiry with a document, an open job with an application and its interview, a fee
  // structure and a scholarship, Nursery A's invoices of this month issued and next month's in preview,
  // and a payment of the Sharma family, made through their routes as Anita.
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
    sunrise[key] = management[key];
  Object.assign(bodies, managementBodies());
  // Leave: a type, Anita as Tara's line manager and Tara's request, made through their routes.
  const leave = await sunriseLeave(t);
  sunrise.leave_type = leave.leave_type;
  sunrise.leave_request = leave.leave_request;
  Object.assign(bodies, {
    leaveSettingsUpdate: { children_per_adult: 6 },
    leaveTypeCreate: { name: 'Moon leave', code: 'ML', yearly_quota: 1 },
    leaveTypeUpdate: { name: 'Intruder', code: 'INT', yearly_quota: 1 },
    leaveApprove: { note: 'Intrusion' },
    leaveDecline: { note: 'Intrusion' },
    leaveApply: { leave_type_id: sunrise.leave_type, start_date: nextWeek, end_date: nextWeek },
    leavePreview: { leave_type_id: sunrise.leave_type, start_date: nextWeek, end_date: nextWeek },
    lineManagersUpdate: { managers: [{ staff_id: demoId('user:9000000003'), manager_id: null }] },
    leaveCoverAssign: { class_id: sunrise.class, date: nextWeek, absent_id: demoId('user:9000000003'), substitute_id: null },
    staffRegisterSave: {
      staff_id: demoId('user:9000000003'),
      date: yesterday,
      check_in: '09:00 AM',
      check_out: null,
      note: 'Intrusion',
    },
    staffScheduleSave: { staff_id: demoId('user:9000000003'), days: null },
    staffAttendanceSettingsSave: { grace_minutes: 30 },
  });
  // Timetable: an outline, subjects, mappings and a generated week, made through the routes.
  const timetable = await sunriseTimetable(t);
  sunrise.timetable_subject = timetable.music;
  sunrise.timetable_mapping = timetable.nursery_music;
  sunrise.timetable_run = (await generate(t, timetable.anita, { mode: 'full', seconds: 2 })).run?._id ?? '';
  sunrise.timetable_lesson =
    (await t.request({ method: 'GET', url: ROUTES.timetableBoard.path, headers: bearer(timetable.anita) })).json().result
      .lessons[0]?._id ?? '';
  Object.assign(bodies, {
    timetableSubjectCreate: { name: 'Intruder' },
    timetableSubjectUpdate: { name: 'Intruder' },
    subjectMappingCreate: {
      class_id: sunrise.class,
      subject_id: sunrise.timetable_subject,
      teacher_id: demoId('user:9000000003'),
      lessons_per_week: 1,
    },
    subjectMappingUpdate: {
      class_id: sunrise.class,
      subject_id: sunrise.timetable_subject,
      teacher_id: demoId('user:9000000003'),
      lessons_per_week: 1,
    },
    teacherConstraintsUpdate: { subject_ids: [], max_per_day: null, unavailable: [], preferred_free: [] },
    timetableOutlineUpdate: { schedule_id: null, afternoon_from: '12:00 PM' },
    timetableLessonUpdate: { day: null, period: null, room_id: null, locked: true },
    timetableRunStart: { mode: 'full', seconds: 2 },
  });
  // The nap routes name entries in their body: Sunrise's own.
  Object.assign(bodies, {
    napEnd: { entry_ids: [sunrise.care_entry], time: '10:00 AM' },
    napCheck: { entry_ids: [sunrise.care_entry], time: '10:00 AM' },
  });
  sunrise.chat_report = (
    await t.request({ method: 'GET', url: '/api/chat/safeguarding/reports', headers: bearer(anita) })
  ).json().result[0]._id;
  const sam = await staffToken(t, '9000000001');
  sunrise.access_token = (
    await t.request({
      method: 'POST',
      url: ROUTES.createAccessToken.path,
      headers: bearer(sam),
      payload: { label: 'k', expires_in_minutes: 60 },
    })
  ).json().result.id;
  // An admin of Moonbeam only: Sam switches to Moonbeam and adds one.
  const samMoon = await t.request({
    method: 'POST',
    url: ROUTES.switchSchool.path,
    headers: bearer(sam),
    payload: { school_id: demoId('school:moonbeam') },
  });
  const samMoonToken = samMoon.json().result.access_token;
  const added = await t.request({
    method: 'POST',
    url: ROUTES.staffCreate.path,
    headers: bearer(samMoonToken),
    payload: { first_name: 'Moon', last_name: 'Admin', phone: '9000000099', role_id: demoId('role:moonbeam:admin') },
  });
  expect(added.statusCode, added.body).toBe(200);
  // Not a test number: this admin signs in with the code the SMS provider was given.
  const send = await t.request({ method: 'POST', url: '/api/otp/send', payload: { phno: '919000000099' } });
  const code = t.sms.sent.at(-1)?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
  const verify = await t.request({ method: 'POST', url: '/api/otp/verify', payload: { reqId: send.json().message, otp: code } });
  const login = await t.request({
    method: 'POST',
    url: ROUTES.phoneVerification.path,
    payload: { otp_jwt_token: verify.json().message, phone_number: '9000000099' },
  });
  moonbeamAdmin = login.json().result.staff_user.access_token;
  // A school's terms (and its library's and drop-off's settings) are made on its first read of them:
  // Moonbeam reads its own first, so that a refused request below is not what makes them (that would
  // change the database without any leak).
  for (const path of [
    ROUTES.periodList.path,
    ROUTES.gradeScaleList.path,
    ROUTES.reportTemplateList.path,
    ROUTES.librarySettingsGet.path,
    ROUTES.dispersalSettingsGet.path,
    ROUTES.feeSettings.path,
  ]) {
    // (A route not served yet is the route table suite's failure, not this one's.)
    if (!t.served.includes(`GET ${path}`)) continue;
    expect((await t.request({ method: 'GET', url: path, headers: bearer(moonbeamAdmin) })).statusCode).toBe(200);
  }
  // The admission form's update: Moonbeam's own form as it reads it (valid for its own school).
  const form = await t.request({ method: 'GET', url: '/api/admissions/forms/application', headers: bearer(moonbeamAdmin) });
  if (form.statusCode === 200) {
    const { title, intro, open, sections } = form.json().result;
    Object.assign(bodies, { admissionFormUpdate: { title, intro, open, sections } });
  }
  parent = await parentToken(t, '9000000004');
  otherClassTeacher = await staffToken(t, '9000000005');
  otherFamilyParent = await parentToken(t, '9000000005');
  await signIn(t, '9000000003');
  // Every area's fixtures are made through their routes: more than the default minute on a busy machine.
}, 240_000);
afterAll(() => t.close());

type Entry = [keyof typeof ROUTES, RouteDef];
const entries = (Object.entries(ROUTES) as Entry[]).filter(
  ([name, d]) => d.access !== 'public' && d.access !== 'refresh' && !skip.has(name),
);
/** A small photo, sent to every upload route (a CSV to the imports): the request reaches the service. */
let photo: Buffer;
const boundary = '----cue-isolation-boundary';
function multipart(def: RouteDef): { headers: Record<string, string>; payload: Buffer } {
  const catalogue = def.path.startsWith('/api/library/imports');
  const framework = def.path.startsWith('/api/curriculum/import');
  const csv = def.path.startsWith('/api/import/') || catalogue || framework;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${def.upload}"; filename="${csv ? 'people.csv' : 'photo.jpg'}"\r\nContent-Type: ${csv ? 'text/csv' : 'image/jpeg'}\r\n\r\n`;
  const bytes = catalogue
    ? Buffer.from('title,authors,isbn\nMoon stories,Mona Haddad,\n')
    : framework
      ? Buffer.from(
          'area_code,area_name,area_group,aspect_code,aspect_name,statement_code,statement_text,age_from_months,age_to_months\nM,Moon area,Prime,M1,Moon aspect,M1.1,Looks at the moon,36,60\n',
        )
      : csv
        ? Buffer.from('first_name,last_name,class\nIntruder,One,Toddlers\n')
        : photo;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}
const call = (token: string, name: keyof typeof ROUTES, def: RouteDef, url = pathFor(def)) => {
  if (def.upload) {
    const body = multipart(def);
    return t.request({
      method: def.method,
      url: urlOf(name, url),
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
  }
  if (def.binary)
    return t.request({
      method: def.method,
      url: urlOf(name, url),
      headers: { ...bearer(token), 'content-type': CHUNK_CONTENT_TYPE, 'upload-offset': '0' },
      payload: Buffer.from('intrusion'),
    });
  return t.request({ method: def.method, url: urlOf(name, url), headers: bearer(token), payload: bodies[name] });
};

describe('the requests of this suite', () => {
  // A request the route refuses as malformed never reaches its service: it would prove nothing.
  it('are valid for every route: each body and query parses with its route entry', () => {
    const invalid: string[] = [];
    for (const [name, def] of entries) {
      if (def.body && !def.body.safeParse(bodies[name]).success) invalid.push(`${name}: body`);
      if (def.query && !def.query.safeParse(queries[name] ?? {}).success) invalid.push(`${name}: query`);
    }
    expect(invalid).toEqual([]);
  });
});

describe('tenant isolation over the whole route table', () => {
  it.each(entries.filter(([name, d]) => d.path.includes(':id') && !organizationShared.has(name)))(
    "%s refuses another school's object and changes nothing",
    async (name, def) => {
      const before = await snapshot();
      const res = await call(moonbeamAdmin, name, def);
      expect([400, 403, 404], `${def.method} ${def.path}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      expect(await snapshot()).toBe(before);
    },
  );

  it.each(entries.filter(([, d]) => !d.path.includes(':id')))(
    '%s shows and changes nothing of another school',
    async (name, def) => {
      const before = await snapshot();
      const res = await call(moonbeamAdmin, name, def, def.path);
      if (def.method !== 'GET' && !ownSchoolOnly.has(name)) {
        expect(res.statusCode, `${def.method} ${def.path}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(await snapshot()).toBe(before);
      }
      expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);
      for (const marker of sunriseMarkers)
        expect(shown(res.body), `${def.method} ${def.path} shows ${marker}`).not.toContain(marker);
    },
  );

  it.each(entries.filter(([name, d]) => organizationShared.has(name) && d.method === 'GET'))(
    '%s answers a school of the same organization, showing nothing else of Sunrise',
    async (name, def) => {
      const res = await call(moonbeamAdmin, name, def);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      for (const marker of sunriseMarkers) expect(res.body, `${def.method} ${def.path} shows ${marker}`).not.toContain(marker);
    },
  );

  it.each(entries.filter(([, d]) => d.access === 'staff'))('%s answers 403 to a parent', async (name, def) => {
    const res = await call(parent, name, def);
    expect(res.statusCode).toBe(403);
  });
});

/*
 * Inside one school: objects of Nursery A (its class, Aarav, Tara's observation and conversation,
 * the admin's draft announcements, the school's calendar) reached by a teacher of another class,
 * and Aarav's records reached by the parent of another child of his class.
 */
describe('isolation inside a school', () => {
  const before = async () => snapshot();
  // The organization's libraries are read by every teacher (their writes stay refused: creator or resource
  // manager), and so is the school's library catalogue (lending stays with the children a teacher reaches).
  // So is the school's catalogue of rooms and equipment and what of it is free (any member of staff books).
  const readByEveryTeacher = new Set<keyof typeof ROUTES>([
    'libraryGet',
    'resourceGet',
    'libraryItemGet',
    'libraryCopyLoans',
    'schoolResourceGet',
    'schoolResourceAvailability',
  ]);

  // A copy's loans are read by any member of staff, listing only the children they reach.
  it('libraryCopyLoans shows a teacher of another class nothing of a child of Nursery A', async () => {
    const res = await call(otherClassTeacher, 'libraryCopyLoans', ROUTES.libraryCopyLoans);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    for (const marker of ['Aarav', sunrise.student, sunrise.library_loan])
      expect(res.body, `libraryCopyLoans shows ${marker}`).not.toContain(marker);
  });
  it.each(entries.filter(([name, d]) => d.path.includes(':id') && d.access !== 'parent' && !readByEveryTeacher.has(name)))(
    '%s refuses a teacher of another class and changes nothing',
    async (name, def) => {
      const was = await before();
      const res = await call(otherClassTeacher, name, def);
      expect([403, 404], `${def.method} ${def.path}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      expect(await snapshot()).toBe(was);
    },
  );

  /** A class's gallery and albums are read by every family of the class: they show another family's child nowhere. */
  const familyShared = new Set<keyof typeof ROUTES>(['classMediaList', 'mediaFilter', 'albumList']);
  it.each(entries.filter(([name, d]) => familyShared.has(name) && d.access !== 'staff'))(
    '%s shows the parent of another family of the class nothing of a child not theirs',
    async (name, def) => {
      const was = await before();
      const res = await call(otherFamilyParent, name, def);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      for (const marker of ['Aarav', sunrise.student, sunrise.media, sunrise.album])
        expect(res.body, `${def.method} ${def.path} shows ${marker}`).not.toContain(marker);
      expect(await snapshot()).toBe(was);
    },
  );

  it.each(entries.filter(([name, d]) => d.path.includes(':id') && d.access !== 'staff' && !familyShared.has(name)))(
    '%s refuses the parent of another family and changes nothing',
    async (name, def) => {
      const was = await before();
      const res = await call(otherFamilyParent, name, def);
      expect([403, 404], `${def.method} ${def.path}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      expect(await snapshot()).toBe(was);
    },
  );

  it.each(entries.filter(([, d]) => !d.path.includes(':id') && d.method === 'GET' && d.access !== 'staff'))(
    "%s shows a parent nothing of another family's child",
    async (name, def) => {
      const res = await call(otherFamilyParent, name, def, def.path);
      for (const marker of ['Aarav', 'Ira Sharma', sunrise.student])
        expect(res.body, `${def.method} ${def.path} shows ${marker}`).not.toContain(marker);
    },
  );
});
