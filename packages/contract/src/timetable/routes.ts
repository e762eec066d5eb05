import { z } from 'zod';
import { byIdSchema, doneSchema, envelope, withMessage } from '../common.js';
import { FILE_RESPONSE, routeTable } from '../route-def.js';
import {
  subjectMappingQuerySchema,
  subjectMappingRequestSchema,
  subjectMappingSchema,
  teacherConstraintsRequestSchema,
  teacherConstraintsSchema,
  timetableBoardSchema,
  timetableImportResultSchema,
  timetableLessonSchema,
  timetableLessonUpdateSchema,
  timetableOutlineRequestSchema,
  timetableOutlineSchema,
  timetableRunRequestSchema,
  timetableRunSchema,
  timetableSubjectRequestSchema,
  timetableSubjectSchema,
  timetableWeekSchema,
} from './schemas.js';

/** Who builds the timetable: the holders of the day schedule's permission (the menu's own rule). */
export const TIMETABLE_EDITOR = 'academic_setup.day_schedule' as const;

const editor = { access: 'staff', permission: TIMETABLE_EDITOR } as const;
const subject = { params: byIdSchema, resource: 'timetable_subject' } as const;
const mapping = { params: byIdSchema, resource: 'timetable_mapping' } as const;
const lesson = { params: byIdSchema, resource: 'timetable_lesson' } as const;
const run = { params: byIdSchema, resource: 'timetable_run' } as const;

/**
 * The timetable (issue 28). Its builders keep the subjects, the subject mapping, the teachers'
 * constraints and the outline, generate the week as a background run (progress on the run and in the
 * task panel; stoppable, the best timetable so far kept), move and lock lessons with clashes refused,
 * and export it. Every member of staff reads their own week and their classes' weeks; families read
 * their child's class's week when the school shares it.
 */
export const TIMETABLE_ROUTES = routeTable({
  timetableSubjects: {
    method: 'GET',
    path: '/api/timetable/subjects',
    ...editor,
    response: envelope(z.array(timetableSubjectSchema)),
  },
  timetableSubjectCreate: {
    method: 'POST',
    path: '/api/timetable/subjects',
    ...editor,
    body: timetableSubjectRequestSchema,
    response: withMessage(timetableSubjectSchema),
  },
  timetableSubjectUpdate: {
    method: 'PUT',
    path: '/api/timetable/subjects/:id',
    ...editor,
    ...subject,
    body: timetableSubjectRequestSchema,
    response: withMessage(timetableSubjectSchema),
  },
  timetableSubjectDelete: {
    method: 'DELETE',
    path: '/api/timetable/subjects/:id',
    ...editor,
    ...subject,
    response: doneSchema,
  },
  subjectMappings: {
    method: 'GET',
    path: '/api/timetable/mappings',
    ...editor,
    query: subjectMappingQuerySchema,
    response: envelope(z.array(subjectMappingSchema)),
  },
  subjectMappingCreate: {
    method: 'POST',
    path: '/api/timetable/mappings',
    ...editor,
    body: subjectMappingRequestSchema,
    response: withMessage(subjectMappingSchema),
  },
  subjectMappingUpdate: {
    method: 'PUT',
    path: '/api/timetable/mappings/:id',
    ...editor,
    ...mapping,
    body: subjectMappingRequestSchema,
    response: withMessage(subjectMappingSchema),
  },
  subjectMappingDelete: {
    method: 'DELETE',
    path: '/api/timetable/mappings/:id',
    ...editor,
    ...mapping,
    response: doneSchema,
  },
  teacherConstraints: {
    method: 'GET',
    path: '/api/timetable/teachers',
    ...editor,
    response: envelope(z.array(teacherConstraintsSchema)),
  },
  teacherConstraintsUpdate: {
    method: 'PUT',
    path: '/api/timetable/teachers/:id',
    ...editor,
    params: byIdSchema,
    resource: 'staff',
    body: teacherConstraintsRequestSchema,
    response: withMessage(teacherConstraintsSchema),
  },
  timetableOutline: {
    method: 'GET',
    path: '/api/timetable/outline',
    ...editor,
    response: envelope(timetableOutlineSchema),
  },
  timetableOutlineUpdate: {
    method: 'PUT',
    path: '/api/timetable/outline',
    ...editor,
    body: timetableOutlineRequestSchema,
    response: withMessage(timetableOutlineSchema),
  },
  /** Everything the builder's board shows: the outline, names, rooms, every lesson, the clashes left, the latest run. */
  timetableBoard: {
    method: 'GET',
    path: '/api/timetable/board',
    ...editor,
    response: envelope(timetableBoardSchema),
  },
  timetableLessonUpdate: {
    method: 'PUT',
    path: '/api/timetable/lessons/:id',
    ...editor,
    ...lesson,
    body: timetableLessonUpdateSchema,
    response: withMessage(timetableLessonSchema),
  },
  timetableRunStart: {
    method: 'POST',
    path: '/api/timetable/runs',
    ...editor,
    body: timetableRunRequestSchema,
    response: withMessage(timetableRunSchema),
  },
  timetableRun: {
    method: 'GET',
    path: '/api/timetable/runs/:id',
    ...editor,
    ...run,
    response: envelope(timetableRunSchema),
  },
  timetableRunStop: {
    method: 'POST',
    path: '/api/timetable/runs/:id/stop',
    ...editor,
    ...run,
    response: withMessage(timetableRunSchema),
  },
  /** One row per lesson: class, subject, teacher, day, period, start, end, room, locked. */
  timetableCsv: {
    method: 'GET',
    path: '/api/timetable/export.csv',
    ...editor,
    response: FILE_RESPONSE,
  },
  /** The week in the XHSTT format of the high-school timetabling benchmark (times, resources, events, the solution). */
  timetableXhstt: {
    method: 'GET',
    path: '/api/timetable/export.xml',
    ...editor,
    response: FILE_RESPONSE,
  },
  /**
   * A CSV file in the export's columns: each class and subject of the file gets the file's lessons (and
   * teacher), placed where the file says; subjects it names that do not exist are added. All or nothing.
   */
  timetableImport: {
    method: 'POST',
    path: '/api/timetable/import',
    ...editor,
    upload: 'file',
    response: withMessage(timetableImportResultSchema),
  },
  /** The caller's own teaching week. */
  myTimetable: {
    method: 'GET',
    path: '/api/timetable/me',
    access: 'staff',
    response: envelope(timetableWeekSchema),
  },
  /** A class's week: its staff and the timetable's builders; its families when the school shares it. */
  classTimetable: {
    method: 'GET',
    path: '/api/timetable/classes/:id',
    access: 'any',
    params: byIdSchema,
    resource: 'class',
    response: envelope(timetableWeekSchema),
  },
});
