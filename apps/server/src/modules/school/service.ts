import { ERROR_CODES, isSchoolPermission, SCHOOL_PERMISSIONS, type SchoolInfo, type SchoolPermission } from '@cue/contract';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import { TtlCache } from '../../platform/cache.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { conflict, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { toSquareImage } from '../../platform/images.js';
import type { Storage } from '../../platform/storage.js';
import type { RosterCache } from '../classes/roster-cache.js';
import type { Upload } from '../users/account-service.js';
import type { UserService } from '../users/service.js';
import { presentCampus, presentDivision, presentSchoolInfo, presentUsage } from './presenter.js';
import * as repo from './repo.js';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * A school as a whole: its details, counts, divisions, feature switches (school permissions), which
 * schools a person can switch between, its time zone and its usage report.
 */
export class SchoolService {
  private readonly features = new TtlCache<ReadonlySet<SchoolPermission>>(30_000);
  /** A school's time zone, read on every mark and rarely changed: kept a minute. */
  private readonly timeZones = new TtlCache<string>(60_000, 10_000);
  private usageBuffer = new Map<string, { schoolId: string; userId: string; action: string; count: number; at: Date }>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly storage: Storage,
    private readonly users: UserService,
    private readonly rosters: RosterCache,
  ) {}

  /** School permissions switched on; cached, as every guarded request may ask (read while a scope is built). */
  async schoolPermissions(schoolId: string): Promise<ReadonlySet<SchoolPermission>> {
    const cached = this.features.get(schoolId);
    if (cached) return cached;
    const set = new Set((await repo.permissionsOf({ schoolId }, this.db)).filter(isSchoolPermission));
    this.features.set(schoolId, set);
    return set;
  }

  /**
   * The time zone of the caller's school (staff), or of the school of one of a parent's children;
   * UTC when unknown. Kept a minute.
   */
  async timeZone(auth: Scope, schoolId?: string): Promise<string> {
    const key = auth.kind === 'parent' ? `${auth.userId}:${schoolId ?? ''}` : staffSchool(auth);
    let zone = this.timeZones.get(key);
    if (!zone) {
      zone = (await repo.timeZoneOf(auth, this.db, schoolId)) ?? 'UTC';
      this.timeZones.set(key, zone);
    }
    return zone;
  }

  async permissionsMap(auth: Scope): Promise<Record<SchoolPermission, boolean>> {
    const on = await this.schoolPermissions(staffSchool(auth));
    return Object.fromEntries(SCHOOL_PERMISSIONS.map((p) => [p, on.has(p)])) as Record<SchoolPermission, boolean>;
  }

  async setPermissions(
    auth: Scope,
    changes: Partial<Record<SchoolPermission, boolean>>,
  ): Promise<Record<SchoolPermission, boolean>> {
    const schoolId = staffSchool(auth);
    const current = new Set(await this.schoolPermissions(schoolId));
    for (const [name, on] of Object.entries(changes) as [SchoolPermission, boolean][])
      on ? current.add(name) : current.delete(name);
    await repo.updateSchool(auth, this.db, { permissions: SCHOOL_PERMISSIONS.filter((p) => current.has(p)) });
    this.features.delete(schoolId);
    return this.permissionsMap(auth);
  }

  async info(auth: Scope): Promise<SchoolInfo> {
    const found = await repo.findSchool(auth, this.db);
    if (!found) throw notFound();
    return presentSchoolInfo(found);
  }

  async update(auth: Scope, input: { name?: string; editor_direction?: 'l2r' | 'r2l'; time_zone?: string }): Promise<SchoolInfo> {
    const schoolId = staffSchool(auth);
    await repo.updateSchool(auth, this.db, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.editor_direction !== undefined ? { editorDirection: input.editor_direction } : {}),
      ...(input.time_zone !== undefined ? { timeZone: input.time_zone } : {}),
    });
    if (input.time_zone !== undefined) this.timeZones.clear();
    this.users.invalidateAll();
    this.rosters.invalidateSchool(schoolId);
    return this.info(auth);
  }

  async setLogo(auth: Scope, upload: Upload): Promise<SchoolInfo> {
    const schoolId = staffSchool(auth);
    const image = await toSquareImage(upload.bytes, upload.mimetype, 256);
    const url = await this.storage.put(`school/${schoolId}/${newId()}.webp`, image, 'image/webp', upload.owner);
    const before = (await repo.findSchool(auth, this.db))?.school.logo;
    await repo.updateSchool(auth, this.db, { logo: url });
    if (before) await this.storage.remove(before);
    return this.info(auth);
  }

  /** How many classes, students, staff and parents the caller's school has. */
  async counts(auth: Scope) {
    return repo.counts(auth, this.db);
  }

  async divisions(auth: Scope) {
    return (await repo.listDivisions(auth, this.db)).map(presentDivision);
  }

  /** Whether a division of the caller's school exists. */
  async hasDivision(auth: Scope, id: string): Promise<boolean> {
    return !!(await repo.findDivision(auth, this.db, id));
  }

  async createDivision(auth: Scope, name: string) {
    if (await repo.findDivisionByName(auth, this.db, name)) throw conflict(`A division named ${name} already exists`);
    const id = newId();
    await repo.insertDivision(auth, this.db, { id, name });
    return { id, name, class_count: 0 };
  }

  async renameDivision(auth: Scope, id: string, name: string) {
    if (!(await repo.findDivision(auth, this.db, id))) throw notFound();
    const same = await repo.findDivisionByName(auth, this.db, name);
    if (same && same.id !== id) throw conflict(`A division named ${name} already exists`);
    await repo.renameDivision(auth, this.db, id, name);
    this.rosters.invalidateSchool(staffSchool(auth));
    const renamed = (await this.divisions(auth)).find((d) => d.id === id);
    if (!renamed) throw notFound();
    return renamed;
  }

  async deleteDivision(auth: Scope, id: string): Promise<void> {
    if (!(await repo.findDivision(auth, this.db, id))) throw notFound();
    await this.db.transaction((tx) => repo.deleteDivision(auth, tx, id));
    this.rosters.invalidateSchool(staffSchool(auth));
  }

  async userPermissions(auth: Scope) {
    staffSchool(auth);
    const [role, school] = await Promise.all([auth.rolePermissions(), auth.schoolPermissions()]);
    return { role_permissions: [...role].sort(), school_permissions: [...school].sort() };
  }

  /** The schools the caller is staff of (for the school switcher and the class selector). */
  async schoolsOfCaller(auth: Scope) {
    return repo.schoolsOfUser(auth, this.db);
  }

  async campuses(auth: Scope) {
    return (await repo.schoolsOfUser(auth, this.db)).map((s) => presentCampus(s, auth.schoolId));
  }

  async organizations(auth: Scope) {
    const rows = await repo.organizationsOfSuperAdmin(auth, this.db);
    const orgs = new Map<string, { id: string; name: string; schools: { id: string; name: string }[] }>();
    for (const r of rows) {
      const org = orgs.get(r.org.id) ?? { ...r.org, schools: [] };
      org.schools.push(r.school);
      orgs.set(r.org.id, org);
    }
    return [...orgs.values()];
  }

  /** Only schools the person is staff of can be switched to. */
  async assertMember(auth: Scope, schoolId: string): Promise<void> {
    if (!(await this.users.isStaffOfSchool(auth.userId, schoolId))) throw notFound(undefined, ERROR_CODES.notFound);
  }

  /** Counts an action for the usage report; written in batches, off the request path. */
  noteUsage(schoolId: string, userId: string, action: string): void {
    const now = this.clock.now();
    const key = `${schoolId}:${userId}:${action}:${isoDay(now)}`;
    const entry = this.usageBuffer.get(key);
    if (entry) {
      entry.count += 1;
      entry.at = now;
    } else {
      this.usageBuffer.set(key, { schoolId, userId, action, count: 1, at: now });
    }
  }

  async flushUsage(): Promise<void> {
    const batch = [...this.usageBuffer.values()];
    this.usageBuffer = new Map();
    for (const u of batch) await repo.recordUsage({ schoolId: u.schoolId, userId: u.userId }, this.db, u.action, u.at, u.count);
  }

  async usage(auth: Scope, days = 30) {
    await this.flushUsage();
    const since = new Date(this.clock.now().getTime() - days * 86_400_000);
    return (await repo.usageSince(auth, this.db, since)).map(presentUsage);
  }
}
