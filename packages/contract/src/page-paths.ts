/**
 * Paths of the web pages that the server and the assistant link to, and the parameters those pages
 * read: one place builds a link, the page reads it back with the same names (`read*`). Dates in links
 * are ISO ('YYYY-MM-DD'). No dependencies (the web app's first screens load it).
 */
import { isIsoDate } from './dates.js';

type Params = Record<string, string | null | undefined>;

const withQuery = (path: string, params: Params): string => {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
};

/** The query parameters of the attendance page. */
export const ATTENDANCE_PAGE_PARAMS = { classId: 'class_id', date: 'date', studentId: 'student_id', tab: 'tab' } as const;

export const PAGE_PATHS = {
  attendance: '/housekeeping/attendance',
  attendanceDashboard: '/housekeeping/attendance-dashboard',
  studentAttendance: '/housekeeping/attendance/student/:id',
  observations: '/assessment/observation',
  announcementEdit: '/communication/announcements/edit/:id',
  childRecord: '/students/:id',
  story: '/communication/stories/:id',
  gallery: '/communication/media',
  journal: '/communication/journal',
  unitPlanning: '/planning/unit-planning',
  unit: '/planning/unit-planning/:id',
  weeklyPlanning: '/planning/weekly-planning',
  projectPlanning: '/planning/project-planning',
  library: '/housekeeping/library',
  libraryStudents: '/housekeeping/library/student-wise',
  libraryBooks: '/housekeeping/library/book-wise',
  libraryItem: '/housekeeping/library/book/:id',
  libraryManagement: '/admin/academic-setup/library-management',
  entryDispersal: '/housekeeping/entry-dispersal',
  curriculum: '/admin/academic-setup/curriculum',
  curriculumFramework: '/admin/academic-setup/curriculum/:id',
  daySchedule: '/admin/academic-setup/day-schedule',
  resources: '/admin/academic-setup/resources',
  emailTemplates: '/admin/academic-setup/email-templates',
  emailTemplate: '/admin/academic-setup/email-templates/:key',
  /** The shared tablet's page (no sign-in: it holds a kiosk token). */
  kiosk: '/kiosk',
  admissions: '/admin/management-setup/admissions',
  admission: '/admin/management-setup/admissions/:id',
  hiring: '/admin/management-setup/hiring',
  jobApplication: '/admin/management-setup/hiring/applications/:id',
  fees: '/admin/management-setup/fee',
  feeStructure: '/admin/management-setup/fee/structure',
  feeCollection: '/admin/management-setup/fee/collection',
  feeReports: '/admin/management-setup/fee/reports',
  invoice: '/admin/management-setup/fee/invoices/:id',
  feeAccount: '/admin/management-setup/fee/accounts/:id',
  /** A family's invoices, receipts and balance. */
  familyFees: '/fees',
  /** The school's public admission forms and job page (no sign-in). */
  publicAdmissions: '/public/admissions/:schoolId/:kind',
  publicJobs: '/public/jobs/:schoolId',
  publicJob: '/public/jobs/:schoolId/:id',
  myLeave: '/admin/leave-portal/myleave',
  staffCalendar: '/admin/leave-portal/staff-calendar',
  staffAttendance: '/admin/leave-portal/attendance',
  leaveRequests: '/admin/leave-portal/leave-requests',
  leavePolicy: '/admin/leave-portal/school-policy',
  /** One leave request, for its approvers and its applicant. */
  leaveRequest: '/admin/leave-portal/leave-requests/:id',
  /** A member of staff's own leave and check-in (the same page as myleave, outside the admin area). */
  staffLeave: '/staff-leave/',
} as const;

export const pagePath = {
  /** A class's day of attendance; the page opens that class and day and shows the child when given. */
  attendance: (
    input: { classId?: string | null; date?: string | null; studentId?: string | null; tab?: 'excusals' | null } = {},
  ): string =>
    withQuery(PAGE_PATHS.attendance, {
      [ATTENDANCE_PAGE_PARAMS.classId]: input.classId,
      [ATTENDANCE_PAGE_PARAMS.date]: input.date && isIsoDate(input.date) ? input.date : null,
      [ATTENDANCE_PAGE_PARAMS.studentId]: input.studentId,
      [ATTENDANCE_PAGE_PARAMS.tab]: input.tab,
    }),
  /** The attendance dashboard, for one child when given. */
  attendanceDashboard: (input: { studentId?: string | null; classId?: string | null } = {}): string =>
    withQuery(PAGE_PATHS.attendanceDashboard, { student_id: input.studentId, class_id: input.classId }),
  /** A child's attendance report. */
  studentAttendance: (studentId: string): string => PAGE_PATHS.studentAttendance.replace(':id', encodeURIComponent(studentId)),
  /** A child's observations (the student view). */
  childObservations: (studentId: string, type: 'daily' | 'report_card' = 'daily'): string =>
    withQuery(PAGE_PATHS.observations, { type, view: 'studentView', id: studentId }),
  /** A child's record (profile, health, contacts, consents), for staff and the child's family. */
  childRecord: (studentId: string): string => PAGE_PATHS.childRecord.replace(':id', encodeURIComponent(studentId)),
  /** A day's observations of the class (the observation page keeps its date as the spec's DD-MM-YYYY). */
  observationsOfDay: (ddmmyyyy: string): string =>
    withQuery(PAGE_PATHS.observations, { type: 'daily', view: 'dateView', date: ddmmyyyy }),
  /** The editor of an announcement draft. */
  announcementEdit: (id: string): string => PAGE_PATHS.announcementEdit.replace(':id', encodeURIComponent(id)),
  /** The editor of an announcement or homework draft. */
  communicationEdit: (type: 'announcement' | 'homework', id: string): string =>
    `/communication/${type}s/edit/${encodeURIComponent(id)}`,
  /** A story (or journal entry, or family story) to read. */
  story: (id: string): string => PAGE_PATHS.story.replace(':id', encodeURIComponent(id)),
  /** A story's editor (a Cue draft opens here). */
  storyEdit: (id: string): string => `${PAGE_PATHS.story.replace(':id', encodeURIComponent(id))}/edit`,
  /** One item of the class gallery, opened large. */
  galleryItem: (id: string): string => withQuery(PAGE_PATHS.gallery, { item: id }),
  /** A class's journal of a day (ISO). */
  journal: (input: { classId?: string | null; date?: string | null } = {}): string =>
    withQuery(PAGE_PATHS.journal, { class_id: input.classId, date: input.date }),
  /** A unit's (or project's) planner. */
  unit: (id: string): string => PAGE_PATHS.unit.replace(':id', encodeURIComponent(id)),
  /** A class's week of activities (`week`: any ISO day of it). */
  weeklyPlan: (input: { classId?: string | null; week?: string | null } = {}): string =>
    withQuery(PAGE_PATHS.weeklyPlanning, { class_id: input.classId, week: input.week }),
  /** A catalogue item's page (its copies, loans and reservations). */
  libraryItem: (id: string): string => PAGE_PATHS.libraryItem.replace(':id', encodeURIComponent(id)),
  /** A curriculum framework's tree. */
  curriculumFramework: (id: string): string => PAGE_PATHS.curriculumFramework.replace(':id', encodeURIComponent(id)),
  /** One email's templates, in a language when given. */
  admission: (id: string): string => PAGE_PATHS.admission.replace(':id', encodeURIComponent(id)),
  jobApplication: (id: string): string => PAGE_PATHS.jobApplication.replace(':id', encodeURIComponent(id)),
  invoice: (id: string): string => PAGE_PATHS.invoice.replace(':id', encodeURIComponent(id)),
  feeAccount: (id: string): string => PAGE_PATHS.feeAccount.replace(':id', encodeURIComponent(id)),
  leaveRequest: (id: string): string => PAGE_PATHS.leaveRequest.replace(':id', encodeURIComponent(id)),
  publicAdmissions: (schoolId: string, kind: 'enquiry' | 'application' = 'application'): string =>
    PAGE_PATHS.publicAdmissions.replace(':schoolId', encodeURIComponent(schoolId)).replace(':kind', kind),
  publicJobs: (schoolId: string): string => PAGE_PATHS.publicJobs.replace(':schoolId', encodeURIComponent(schoolId)),
  publicJob: (schoolId: string, id: string): string =>
    PAGE_PATHS.publicJob.replace(':schoolId', encodeURIComponent(schoolId)).replace(':id', encodeURIComponent(id)),
  emailTemplate: (key: string, language?: string | null): string =>
    withQuery(PAGE_PATHS.emailTemplate.replace(':key', encodeURIComponent(key)), { language }),
  /** A child's loans on the student-wise page. */
  libraryStudent: (input: { classId?: string | null; studentId?: string | null } = {}): string =>
    withQuery(PAGE_PATHS.libraryStudents, { class_id: input.classId, student_id: input.studentId }),
  /** The drop-off and pick-up page of a class (`tab`: class, dismissal, alerts, settings). */
  entryDispersal: (input: { classId?: string | null; tab?: 'class' | 'dismissal' | 'alerts' | 'settings' | null } = {}): string =>
    withQuery(PAGE_PATHS.entryDispersal, { class_id: input.classId, tab: input.tab }),
  /** The link that pairs a tablet as a kiosk: the token rides in the fragment, never sent to a server log. */
  kioskPair: (token: string): string => `${PAGE_PATHS.kiosk}#pair=${encodeURIComponent(token)}`,
};

/** What the attendance page reads from its query: an ISO date (null when absent or not a day), a class, a child. */
export function readAttendanceParams(query: URLSearchParams): {
  classId: string | null;
  date: string | null;
  studentId: string | null;
} {
  const date = query.get(ATTENDANCE_PAGE_PARAMS.date);
  return {
    classId: query.get(ATTENDANCE_PAGE_PARAMS.classId) || null,
    date: isIsoDate(date) ? date : null,
    studentId: query.get(ATTENDANCE_PAGE_PARAMS.studentId) || null,
  };
}
