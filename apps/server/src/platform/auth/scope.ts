import type { RolePermission, SchoolPermission } from '@cue/contract';
import type { Db } from '../db/client.js';
import { forbidden, notFound } from '../errors.js';
import * as scopeRepo from './scope-repo.js';
import type { AccessClaims } from './tokens.js';

/**
 * Who a request acts as, built once per request from its token: the person, their side and school,
 * and (read on first use, then kept for the request) the permissions they hold, the classes they teach
 * and, for a parent, their children. Every repository function takes it first and puts it in its WHERE
 * clause; `requireAccess` answers whether it may touch given objects. Routes get it as `auth`; jobs and
 * the assistant build one for the person they act for (`ScopeFactory.of`).
 */
export interface Scope extends AccessClaims {
  /** Role permissions held in the school (empty for a parent). */
  rolePermissions(): Promise<ReadonlySet<RolePermission>>;
  /** School permissions (features) switched on for the school (empty for a parent). */
  schoolPermissions(): Promise<ReadonlySet<SchoolPermission>>;
  /** Classes of the school the staff member is assigned to (empty for a parent). */
  taughtClassIds(): Promise<ReadonlySet<string>>;
  /** The parent's children, in any school (empty for staff). */
  childIds(): Promise<ReadonlySet<string>>;
  /** The classes the parent's children are in, in any school (empty for staff). */
  childClassIds(): Promise<readonly string[]>;
  /** The parent record of the signed-in parent, or null. */
  parentId(): Promise<string | null>;
  /** Which of these classes exist in the scope's school. */
  classesInSchool(ids: readonly string[]): Promise<string[]>;
  /** The classes of each of these children that belong to the scope's school. */
  childrenInSchool(ids: readonly string[]): Promise<Map<string, string[]>>;
}

/** What a scope reads when first asked: the permission caches of the user and school services. */
export interface PermissionSource {
  rolePermissions(userId: string, schoolId: string): Promise<ReadonlySet<RolePermission>>;
  schoolPermissions(schoolId: string): Promise<ReadonlySet<SchoolPermission>>;
}

const once = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let value: Promise<T> | undefined;
  return () => {
    value ??= load();
    return value;
  };
};

const EMPTY: ReadonlySet<never> = new Set();

/**
 * Builds scopes. The guard builds a new one for every request (a verified token's claims are cached
 * across requests, so a scope must not be: permissions and classes change); `of` hands back a scope
 * unchanged and builds one for plain claims (jobs, sockets, the assistant).
 */
export class ScopeFactory {
  constructor(
    private readonly db: Db,
    private readonly permissions: PermissionSource,
  ) {}

  of(claims: AccessClaims): Scope {
    return isScope(claims) ? claims : this.create(claims);
  }

  /**
   * The features switched on for a school: a family's routes that name a feature are checked against
   * the school of the object they reach (a family has no school of its own), by the service.
   */
  featuresOf(schoolId: string): Promise<ReadonlySet<SchoolPermission>> {
    return this.permissions.schoolPermissions(schoolId);
  }

  /** A new scope for these claims, which reads each thing at most once. */
  create(claims: AccessClaims): Scope {
    const { db, permissions } = this;
    const schoolId = claims.kind === 'staff' ? claims.schoolId : null;
    const parentId = once(() => (claims.kind === 'parent' ? scopeRepo.parentIdOfUser(db, claims.userId) : Promise.resolve(null)));
    const scope: Scope = {
      ...claims,
      rolePermissions: once(() => (schoolId ? permissions.rolePermissions(claims.userId, schoolId) : Promise.resolve(EMPTY))),
      schoolPermissions: once(() => (schoolId ? permissions.schoolPermissions(schoolId) : Promise.resolve(EMPTY))),
      taughtClassIds: once(async () => (schoolId ? new Set(await scopeRepo.taughtClassIds(db, schoolId, claims.userId)) : EMPTY)),
      parentId,
      childIds: once(async () => {
        const id = await parentId();
        return id ? new Set(await scopeRepo.childIdsOfParent(db, id)) : EMPTY;
      }),
      childClassIds: once(async () => {
        const kids = [...(await scope.childIds())];
        return kids.length ? scopeRepo.classesOfChildren(db, kids) : [];
      }),
      classesInSchool: (ids) => (schoolId ? scopeRepo.classesInSchool(db, schoolId, ids) : Promise.resolve([])),
      childrenInSchool: (ids) => (schoolId ? scopeRepo.childrenInSchool(db, schoolId, ids) : Promise.resolve(new Map())),
    };
    SCOPES.add(scope);
    return scope;
  }
}

const SCOPES = new WeakSet<object>();
const isScope = (claims: AccessClaims): claims is Scope => SCOPES.has(claims);

/** The school a staff caller works in; anyone else is refused. Every school-scoped service starts here. */
export function staffSchool(auth: AccessClaims): string {
  if (auth.kind !== 'staff' || !auth.schoolId) throw forbidden();
  return auth.schoolId;
}

/**
 * The one answer to "may this person touch these objects":
 * - `class`: staff of the school who teach the class, or who manage classes (`admin_portal.classes`);
 * - `child`: the child's parents; staff who teach one of the child's classes, or who manage students
 *   or classes (`admin_portal.students`, `admin_portal.classes`);
 * - `teach`: staff who teach one of the child's classes, or manage classes (writing about a child);
 * - `creator`: the object's creator, or holders of `orPermission` (ids are the creators).
 * Another school's object, and a child not one's own for a parent, does not exist for the caller
 * (404); an object of one's own school that one may not touch is refused (403).
 */
export async function requireAccess(scope: Scope, action: 'class' | 'child' | 'teach', ids: readonly string[]): Promise<void>;
export async function requireAccess(
  scope: Scope,
  action: 'creator',
  ids: readonly string[],
  options: { orPermission?: RolePermission },
): Promise<void>;
export async function requireAccess(
  scope: Scope,
  action: 'class' | 'child' | 'teach' | 'creator',
  ids: readonly string[],
  options: { orPermission?: RolePermission } = {},
): Promise<void> {
  const unique = [...new Set(ids)];
  if (action === 'creator') {
    if (unique.every((id) => id === scope.userId)) return;
    if (options.orPermission && (await scope.rolePermissions()).has(options.orPermission)) return;
    throw forbidden();
  }
  if (unique.length === 0) return;
  if (scope.kind === 'parent') {
    if (action !== 'child') throw notFound();
    const mine = await scope.childIds();
    if (!unique.every((id) => mine.has(id))) throw notFound();
    return;
  }
  staffSchool(scope);
  const [held, taught] = await Promise.all([scope.rolePermissions(), scope.taughtClassIds()]);
  if (action === 'class') {
    const found = await scope.classesInSchool(unique);
    if (found.length !== unique.length) throw notFound();
    if (held.has('admin_portal.classes')) return;
    if (!unique.every((id) => taught.has(id))) throw forbidden();
    return;
  }
  const classesOf = await scope.childrenInSchool(unique);
  if (classesOf.size !== unique.length) throw notFound();
  if (held.has('admin_portal.classes') || (action === 'child' && held.has('admin_portal.students'))) return;
  for (const id of unique) if (!(classesOf.get(id) ?? []).some((c) => taught.has(c))) throw forbidden();
}
