import { ERROR_CODES, isSchoolPermission, SCHOOL_PERMISSIONS, type SchoolInfo, type SchoolPermission } from '@cue/contract';
import type { AccessClaims } from '../../platform/auth/tokens.js';
import { TtlCache } from '../../platform/cache.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, forbidden, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { toSquareImage } from '../../platform/images.js';
import type { Storage } from '../../platform/storage.js';
import type { RosterCache } from '../classes/roster-cache.js';
import type { Upload } from '../users/account-service.js';
import type { UserService } from '../users/service.js';
import * as repo from './repo.js';

const conflict = (message: string) => new AppError(409, message, ERROR_CODES.conflict);
const ddmmyyyy = (d: Date) => d.toISOString().slice(0, 10);

/**
 * A school as a whole: its details, dashboard, divisions, feature switches (school permissions),
 * which schools a person can switch between, and its usage report.
 */
export class SchoolService {
  private readonly features = new TtlCache<ReadonlySet<SchoolPermission>>(30_000);
  private usageBuffer = new Map<string, { schoolId: string; userId: string; action: string; count: number; at: Date }>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly storage: Storage,
    private readonly users: UserService,
    private readonly rosters: RosterCache,
  ) {}

  /** School permissions switched on; cached, as every guarded request may ask. */
  async schoolPermissions(schoolId: string): Promise<ReadonlySet<SchoolPermission>> {
    const cached = this.features.get(schoolId);
    if (cached) return cached;
    const found = await repo.findSchool(this.db, schoolId);
    const set = new Set((found?.school.permissions ?? []).filter(isSchoolPermission));
    this.features.set(schoolId, set);
    return set;
  }

  async permissionsMap(schoolId: string): Promise<Record<SchoolPermission, boolean>> {
    const on = await this.schoolPermissions(schoolId);
    return Object.fromEntries(SCHOOL_PERMISSIONS.map((p) => [p, on.has(p)])) as Record<SchoolPermission, boolean>;
  }

  async setPermissions(
    schoolId: string,
    changes: Partial<Record<SchoolPermission, boolean>>,
  ): Promise<Record<SchoolPermission, boolean>> {
    const current = new Set(await this.schoolPermissions(schoolId));
    for (const [name, on] of Object.entries(changes) as [SchoolPermission, boolean][])
      on ? current.add(name) : current.delete(name);
    await repo.updateSchool(this.db, schoolId, { permissions: SCHOOL_PERMISSIONS.filter((p) => current.has(p)) });
    this.features.delete(schoolId);
    return this.permissionsMap(schoolId);
  }

  async info(schoolId: string): Promise<SchoolInfo> {
    const found = await repo.findSchool(this.db, schoolId);
    if (!found) throw notFound();
    const s = found.school;
    return {
      id: s.id,
      name: s.name,
      logo: s.logo,
      editor_direction: s.editorDirection === 'r2l' ? 'r2l' : 'l2r',
      time_zone: s.timeZone,
      organization: found.organization,
    };
  }

  async update(
    schoolId: string,
    input: { name?: string; editor_direction?: 'l2r' | 'r2l'; time_zone?: string },
  ): Promise<SchoolInfo> {
    await repo.updateSchool(this.db, schoolId, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.editor_direction !== undefined ? { editorDirection: input.editor_direction } : {}),
      ...(input.time_zone !== undefined ? { timeZone: input.time_zone } : {}),
    });
    this.users.invalidateAll();
    this.rosters.invalidateSchool(schoolId);
    return this.info(schoolId);
  }

  async setLogo(schoolId: string, upload: Upload): Promise<SchoolInfo> {
    const image = await toSquareImage(upload.bytes, upload.mimetype, 256);
    const url = await this.storage.put(`school/${schoolId}/${newId()}.webp`, image, 'image/webp', upload.owner);
    const before = (await repo.findSchool(this.db, schoolId))?.school.logo;
    await repo.updateSchool(this.db, schoolId, { logo: url });
    if (before) await this.storage.remove(before);
    return this.info(schoolId);
  }

  async dashboard(schoolId: string) {
    const c = await repo.counts(this.db, schoolId);
    return { ...c, attendance_today: { present: 0, marked: 0, rate: null } };
  }

  async divisions(schoolId: string) {
    return (await repo.listDivisions(this.db, schoolId)).map((d) => ({
      id: d.id,
      name: d.name,
      class_count: Number(d.classCount),
    }));
  }

  async createDivision(schoolId: string, name: string) {
    if (await repo.findDivisionByName(this.db, schoolId, name)) throw conflict(`A division named ${name} already exists`);
    const id = newId();
    await repo.insertDivision(this.db, { id, schoolId, name });
    return { id, name, class_count: 0 };
  }

  async renameDivision(schoolId: string, id: string, name: string) {
    if (!(await repo.findDivision(this.db, schoolId, id))) throw notFound();
    const same = await repo.findDivisionByName(this.db, schoolId, name);
    if (same && same.id !== id) throw conflict(`A division named ${name} already exists`);
    await repo.renameDivision(this.db, id, name);
    this.rosters.invalidateSchool(schoolId);
    const renamed = (await this.divisions(schoolId)).find((d) => d.id === id);
    if (!renamed) throw notFound();
    return renamed;
  }

  async deleteDivision(schoolId: string, id: string): Promise<void> {
    if (!(await repo.findDivision(this.db, schoolId, id))) throw notFound();
    await this.db.transaction((tx) => repo.deleteDivision(tx, id));
    this.rosters.invalidateSchool(schoolId);
  }

  async userPermissions(auth: AccessClaims) {
    if (!auth.schoolId) throw forbidden();
    const [role, school] = await Promise.all([
      this.users.rolePermissions(auth.userId, auth.schoolId),
      this.schoolPermissions(auth.schoolId),
    ]);
    return { role_permissions: [...role].sort(), school_permissions: [...school].sort() };
  }

  async campuses(auth: AccessClaims) {
    return (await repo.schoolsOfUser(this.db, auth.userId)).map((s) => ({
      id: s.id,
      name: s.name,
      editor_direction: s.editorDirection === 'r2l' ? ('r2l' as const) : ('l2r' as const),
      organization: s.organization,
      current: s.id === auth.schoolId,
    }));
  }

  async organizations(auth: AccessClaims) {
    const rows = await repo.organizationsOfSuperAdmin(this.db, auth.userId);
    const orgs = new Map<string, { id: string; name: string; schools: { id: string; name: string }[] }>();
    for (const r of rows) {
      const org = orgs.get(r.org.id) ?? { ...r.org, schools: [] };
      org.schools.push(r.school);
      orgs.set(r.org.id, org);
    }
    return [...orgs.values()];
  }

  /** Only schools the person is staff of can be switched to. */
  async assertMember(auth: AccessClaims, schoolId: string): Promise<void> {
    if (!(await this.users.isStaffOfSchool(auth.userId, schoolId))) throw notFound(undefined, ERROR_CODES.notFound);
  }

  /** Counts an action for the usage report; written in batches, off the request path. */
  noteUsage(schoolId: string, userId: string, action: string): void {
    const now = this.clock.now();
    const key = `${schoolId}:${userId}:${action}:${ddmmyyyy(now)}`;
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
    for (const u of batch) await repo.recordUsage(this.db, u.schoolId, u.userId, u.action, u.at, u.count);
  }

  async usage(schoolId: string, days = 30) {
    await this.flushUsage();
    const since = new Date(this.clock.now().getTime() - days * 86_400_000);
    const rows = await repo.usageSince(this.db, schoolId, since);
    return rows.map((r) => ({
      user: { id: r.userId, first_name: r.firstName, last_name: r.lastName },
      action: r.action,
      count: Number(r.count),
      last_at: new Date(r.lastAt).toISOString(),
    }));
  }
}
