import { ROUTES, TIMETABLE_MESSAGES } from '@cue/contract';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';
import { readUpload } from '../../platform/http/upload.js';

const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

/** The timetable (issue 28). */
export function timetableRoutes(route: Router, s: Services): void {
  const t = s.timetable;
  route(ROUTES.timetableSubjects, async ({ auth }) => ({ result: await t.subjects(auth) }));
  route(ROUTES.timetableSubjectCreate, async ({ auth, body }) => ({
    result: await t.createSubject(auth, body),
    message: TIMETABLE_MESSAGES.subjectCreated,
  }));
  route(ROUTES.timetableSubjectUpdate, async ({ auth, params, body }) => ({
    result: await t.updateSubject(auth, params.id, body),
    message: TIMETABLE_MESSAGES.subjectSaved,
  }));
  route(ROUTES.timetableSubjectDelete, async ({ auth, params }) => {
    await t.deleteSubject(auth, params.id);
    return { result: true, message: TIMETABLE_MESSAGES.subjectDeleted };
  });
  route(ROUTES.subjectMappings, async ({ auth, query }) => ({ result: await t.mappings(auth, query) }));
  route(ROUTES.subjectMappingCreate, async ({ auth, body }) => ({
    result: await t.createMapping(auth, body),
    message: TIMETABLE_MESSAGES.mappingSaved,
  }));
  route(ROUTES.subjectMappingUpdate, async ({ auth, params, body }) => ({
    result: await t.updateMapping(auth, params.id, body),
    message: TIMETABLE_MESSAGES.mappingSaved,
  }));
  route(ROUTES.subjectMappingDelete, async ({ auth, params }) => {
    await t.deleteMapping(auth, params.id);
    return { result: true, message: TIMETABLE_MESSAGES.mappingDeleted };
  });
  route(ROUTES.teacherConstraints, async ({ auth }) => ({ result: await t.teachers(auth) }));
  route(ROUTES.teacherConstraintsUpdate, async ({ auth, params, body }) => ({
    result: await t.saveTeacher(auth, params.id, body),
    message: TIMETABLE_MESSAGES.constraintsSaved,
  }));
  route(ROUTES.timetableOutline, async ({ auth }) => ({ result: await t.outline(auth) }));
  route(ROUTES.timetableOutlineUpdate, async ({ auth, body }) => ({
    result: await t.saveOutline(auth, body),
    message: TIMETABLE_MESSAGES.outlineSaved,
  }));
  route(ROUTES.timetableBoard, async ({ auth }) => ({ result: await t.board(auth) }));
  route(ROUTES.timetableLessonUpdate, async ({ auth, params, body }) => ({
    result: await t.moveLesson(auth, params.id, body),
    message: TIMETABLE_MESSAGES.lessonSaved,
  }));
  route(ROUTES.timetableRunStart, async ({ auth, body }) => ({
    result: await t.startRun(auth, body),
    message: TIMETABLE_MESSAGES.runStarted,
  }));
  route(ROUTES.timetableRun, async ({ auth, params }) => ({ result: await t.run(auth, params.id) }));
  route(ROUTES.timetableRunStop, async ({ auth, params }) => ({
    result: await t.stopRun(auth, params.id),
    message: TIMETABLE_MESSAGES.runStopped,
  }));
  route(ROUTES.timetableCsv, async ({ auth, reply }) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="timetable.csv"')
      .send(`\uFEFF${await t.csv(auth)}`),
  );
  route(ROUTES.timetableXhstt, async ({ auth, reply }) =>
    reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('content-disposition', 'attachment; filename="timetable.xml"')
      .send(await t.xhstt(auth)),
  );
  route(ROUTES.timetableImport, async ({ auth, req }) => {
    const file = await readUpload(req, ROUTES.timetableImport.upload, IMPORT_MAX_BYTES, 'The file is larger than 2 MB');
    return { result: await t.importCsv(auth, file.bytes), message: TIMETABLE_MESSAGES.imported };
  });
  route(ROUTES.myTimetable, async ({ auth }) => ({ result: await t.myWeek(auth) }));
  route(ROUTES.classTimetable, async ({ auth, params }) => ({ result: await t.classWeek(auth, params.id) }));
}
