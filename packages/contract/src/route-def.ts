import type { z } from 'zod';
import type { RolePermission, SchoolPermission } from './permissions.js';

export const API_BASE = '/api';

/**
 * public: no token; any: staff or parent access token; staff/parent: that kind of token only;
 * refresh: a refresh token as the bearer token.
 */
export type RouteAccess = 'public' | 'any' | 'staff' | 'parent' | 'refresh';

/** What the path's :id names; the tenant-isolation test uses it to aim at another school's object. */
export type RouteResource =
  | 'class'
  | 'student'
  | 'staff'
  | 'parent'
  | 'role'
  | 'division'
  | 'access_token'
  | 'class_or_staff'
  | 'school'
  | 'event'
  | 'announcement'
  | 'homework'
  | 'observation'
  | 'conversation'
  | 'tool_call'
  | 'invitation'
  | 'health_item'
  | 'contact'
  | 'change_request'
  | 'export'
  | 'media'
  | 'album'
  | 'quota_request'
  | 'upload'
  | 'story'
  | 'story_comment'
  | 'story_tag'
  | 'chat_conversation'
  | 'chat_message'
  | 'chat_report'
  | 'care_entry'
  | 'medicine'
  | 'incident'
  | 'unit'
  | 'library_unit'
  | 'plan_activity'
  | 'planning_resource'
  | 'assessment_period'
  | 'grade_scale'
  | 'grade_category'
  | 'assessment_task'
  | 'feedback_form'
  | 'reflection'
  | 'report_template'
  | 'report_set'
  | 'report_entry'
  | 'library_item'
  | 'library_copy'
  | 'library_loan'
  | 'library_reservation'
  | 'library_import'
  | 'kiosk'
  | 'dispersal_event'
  | 'dispersal_alert'
  | 'one_time_pickup'
  | 'curriculum_framework'
  | 'curriculum_node'
  | 'day_schedule'
  | 'school_resource'
  | 'resource_booking'
  | 'admission_application'
  | 'admission_document'
  | 'job_opening'
  | 'job_application'
  | 'job_interview'
  | 'fee_structure'
  | 'fee_discount'
  | 'invoice_run'
  | 'invoice'
  | 'payment'
  | 'fee_account'
  | 'leave_type'
  | 'leave_request'
  | 'timetable_subject'
  | 'timetable_mapping'
  | 'timetable_lesson'
  | 'timetable_run';

/** A route that answers a file (a CSV download) instead of a JSON envelope. */
export const FILE_RESPONSE = 'file';

/**
 * One entry of the route table: the whole contract of a call. Who may make it, and the zod schemas of
 * what it reads and answers. The server registers the route from the entry (validation, the response
 * serialized through `response`); the web app's client infers its request and result types from it.
 */
export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  access: RouteAccess;
  /** Role permission the caller's membership must hold (staff routes); of a list, any one of them. */
  permission?: RolePermission | readonly RolePermission[];
  /** School permission (feature) that must be switched on for the caller's school. */
  feature?: SchoolPermission;
  /**
   * false: a temporary access token is refused (403 TEMP_TOKEN_NOT_ALLOWED). Set on every route that
   * mints or extends tokens or sessions, leaves the token's school, or ends the account it acts for.
   */
  allowTemp?: false;
  resource?: RouteResource;
  /** The path's parameters (`:id` → `{ id }`). */
  params?: z.ZodType;
  /** The query string. */
  query?: z.ZodType;
  /** The JSON body. */
  body?: z.ZodType;
  /** Request headers the route reads (lower-case names; a loose object, so other headers pass). */
  headers?: z.ZodType;
  /** A multipart upload instead of a JSON body: the form field that carries the file. */
  upload?: string;
  /** A body of raw bytes (`application/offset+octet-stream`, a chunk of a large file) of at most this many bytes. */
  binary?: number;
  /** The success answer (200): the envelope's schema, or `'file'` for a download (CSV). */
  response: z.ZodType | typeof FILE_RESPONSE;
  /**
   * A GET whose answer is a function of the data, the caller and the minute: the server may answer the
   * same caller's same request again from memory until the next write or the next minute (decision 46).
   */
  keep?: 'minute';
}

/** Whether a caller holding these permissions may use a route or a menu entry (one rule for server and UI). */
export function can(
  need: { permission?: RolePermission | readonly RolePermission[]; feature?: SchoolPermission },
  held: {
    rolePermissions: ReadonlySet<RolePermission> | readonly RolePermission[];
    schoolPermissions: ReadonlySet<SchoolPermission> | readonly SchoolPermission[];
  },
): boolean {
  const has = <T extends string>(set: ReadonlySet<T> | readonly T[], name: T) =>
    'has' in set ? set.has(name) : (set as readonly T[]).includes(name);
  return (
    (!need.permission ||
      (typeof need.permission === 'string'
        ? has(held.rolePermissions, need.permission)
        : need.permission.some((p) => has(held.rolePermissions, p)))) &&
    (!need.feature || has(held.schoolPermissions, need.feature))
  );
}

/** A module's part of the route table, checked against `RouteDef` with every entry's exact types kept. */
export const routeTable = <const T extends Record<string, RouteDef>>(table: T): T => table;
