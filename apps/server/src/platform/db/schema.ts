/** The database schema, one file per module (schema/<module>.ts); repositories import tables from here. */

export * from './schema/academic.js';
export * from './schema/ai.js';
export * from './schema/assessment.js';
export * from './schema/attendance.js';
export * from './schema/auth.js';
export * from './schema/calendar.js';
export * from './schema/carelog.js';
export * from './schema/chat.js';
export * from './schema/children.js';
export * from './schema/classes.js';
export * from './schema/communication.js';
export * from './schema/dispersal.js';
export * from './schema/exports.js';
export * from './schema/leave.js';
export * from './schema/library.js';
export * from './schema/management.js';
export * from './schema/media.js';
export * from './schema/observations.js';
export * from './schema/people.js';
export * from './schema/planning.js';
export * from './schema/platform.js';
export * from './schema/school.js';
export * from './schema/stories.js';
export * from './schema/support.js';
export * from './schema/timetable.js';
