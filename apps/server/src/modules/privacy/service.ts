import { ERROR_CODES, type Erasure, type FileExport, isoOfUtc, PRIVACY_MESSAGES, type Retention } from '@cue/contract';
import JSZip from 'jszip';
import { recordSchoolAudit } from '../../platform/audit.js';
import { requireAccess, type Scope, type ScopeFactory, staffSchool } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import type { JobQueue } from '../../platform/jobs.js';
import type { MediaStore } from '../../platform/storage.js';
import type { ExportService } from '../exports/service.js';
import { presentErasure, presentRetention } from './presenter.js';
import * as repo from './repo.js';

export const RETENTION_JOB = 'privacy.retention';
/** Rows read through the child's tags and conversations (`repo.childRows`), by the category they join. */
const JOINED_TABLES: Record<string, string> = { chat_messages: 'messages', media_items: 'media', stories: 'stories' };
const DAY_MS = 24 * 60 * 60 * 1000;

/** The same name however it was spaced or capitalised. */
const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();
const fullName = (c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`.trim();
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The files a family's copy carries: each stored file the child's rows link to, once. */
function linkedFiles(rows: Record<string, Record<string, unknown>[]>): { link: string; folder: string; name: string }[] {
  const files = new Map<string, { link: string; folder: string; name: string }>();
  const add = (link: unknown, folder: string, name: unknown) => {
    if (typeof link !== 'string' || !link || files.has(link)) return;
    const base = typeof name === 'string' && name ? name : (link.split('/').pop() ?? 'file');
    files.set(link, { link, folder, name: base });
  };
  for (const s of rows.students ?? []) add(s.profile_picture, 'profile', null);
  for (const c of rows.student_contacts ?? []) add(c.photo, 'contacts', null);
  for (const i of rows.media_items ?? []) add(i.url ?? i.medium_url, 'photos-and-videos', i.name);
  for (const table of ['observations', 'reflections'])
    for (const r of rows[table] ?? [])
      for (const m of Array.isArray(r.media) ? (r.media as Record<string, unknown>[]) : []) add(m.media_link, table, m.name);
  return [...files.values()];
}

/**
 * Data protection (issue 30): a family's copy of their child's data, its erasure on request with the
 * records the law requires kept, and the school's retention of media and logs.
 */
export class PrivacyService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly scopes: ScopeFactory,
    private readonly storage: MediaStore,
    private readonly exports: ExportService,
    private readonly jobs: JobQueue,
  ) {
    exports.register('family_data', (scope, params, progress) => this.buildExport(scope, params.studentId ?? '', progress));
    jobs.handle(RETENTION_JOB, async () => {
      try {
        await this.applyRetention();
      } finally {
        await this.scheduleRetention();
      }
    });
  }

  /**
   * The child, for a family or for staff who manage students: another family's child, or another
   * school's, does not exist; a teacher is refused (a whole record leaves the school only through an admin).
   */
  private async reachable(scope: Scope, studentId: string) {
    await requireAccess(scope, 'child', [studentId]);
    if (scope.kind === 'staff' && !(await scope.rolePermissions()).has('admin_portal.students')) throw forbidden();
    const facts = await repo.childFacts(scope, this.db, studentId);
    if (!facts) throw notFound();
    return facts;
  }

  /** Starts the family's copy (a job); its progress is read at `GET /api/exports/:id`. */
  async startExport(scope: Scope, studentId: string): Promise<FileExport> {
    const facts = await this.reachable(scope, studentId);
    return this.exports.start(scope, 'family_data', { studentId }, facts.schoolId);
  }

  /**
   * The ZIP: `child.json` (the child and their family), one JSON file per kind of record, the media the
   * records link to, and a README. Other children of the school are named nowhere in it: their ids and
   * full names in any field are replaced.
   */
  private async buildExport(scope: Scope, studentId: string, progress: (share: number) => Promise<void>) {
    const facts = await this.reachable(scope, studentId);
    const rows = await repo.childRows(scope, this.db, studentId);
    const others = await repo.otherChildren(scope, this.db, studentId);
    const ids = new Set(others.map((o) => o.id));
    const names = others
      .map(fullName)
      .filter((n) => n.includes(' ') && !sameName(n, fullName(facts)))
      .sort((a, b) => b.length - a.length);
    const namePattern = names.length ? new RegExp(names.map(literally).join('|'), 'gi') : null;
    const clean = (value: unknown): string =>
      JSON.stringify(
        value,
        (_key, v) => {
          if (typeof v !== 'string') return v;
          let text = ids.has(v) ? 'another child' : v.replace(/\b[0-9a-f]{24}\b/g, (id) => (ids.has(id) ? 'another child' : id));
          if (namePattern) text = text.replace(namePattern, 'another child');
          return text;
        },
        2,
      );

    const zip = new JSZip();
    // Each table's rows under its category; the family goes into child.json beside the child.
    const byCategory = new Map<string, Record<string, unknown[]>>();
    const tables: [string, string][] = [
      ...repo.CHILD_TABLES.map((t): [string, string] => [t.table, t.category]),
      ...Object.entries(JOINED_TABLES),
    ];
    for (const [table, category] of tables) {
      if (table === 'parent_children') continue;
      byCategory.set(category, { ...byCategory.get(category), [table]: rows[table] ?? [] });
    }
    const family = rows.parent_children ?? [];
    zip.file('child.json', clean({ child: rows.students?.[0] ?? null, family, exported_at: this.clock.now().toISOString() }));
    for (const [category, tables] of byCategory) zip.file(`${category}.json`, clean(tables));

    const files = linkedFiles(rows);
    const index: { file: string; link: string }[] = [];
    for (const [n, f] of files.entries()) {
      const bytes = await this.storage.read(f.link).catch(() => null);
      if (bytes) {
        const file = `media/${f.folder}/${String(n + 1).padStart(4, '0')}-${f.name.replace(/[\\/:*?"<>|\r\n]/g, '_').slice(0, 100)}`;
        zip.file(file, bytes, { compression: 'STORE' });
        index.push({ file, link: f.link });
      }
      await progress((n + 1) / Math.max(1, files.length));
    }
    zip.file('media/index.json', JSON.stringify(index, null, 2));
    zip.file(
      'README.txt',
      [
        `Everything ${fullName(facts)}'s school holds about ${facts.firstName}, as of ${this.clock.now().toISOString()}.`,
        '',
        'child.json: the child and the family as the school recorded them.',
        'One JSON file for each kind of record (profile, health, contacts, consents, observations, care_diary,',
        'media, stories, assessment, messages, library, pickups, face_data, attendance, incidents, medicines,',
        'collections, fees, admission, logs); each holds the rows of the tables it names.',
        'media/: the photos, videos and documents these records link to; media/index.json maps each to its link.',
        'Other children are not named: where a record mentioned one, it says "another child".',
        '',
      ].join('\n'),
    );
    const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });
    const stem = fullName(facts).replace(/[^\p{L}\p{N}]+/gu, '-') || 'child';
    return { name: `${stem}-data.zip`, bytes, contentType: 'application/zip', extension: 'zip' };
  }

  /** Whether the child has not left yet: no leaving date, or one after today. */
  private stillHere(facts: repo.ChildFacts): boolean {
    return !facts.leavingDate || facts.leavingDate > isoOfUtc(this.clock.now());
  }

  /** What an erasure of the child would delete and keep, category by category. */
  async erasure(scope: Scope, studentId: string): Promise<Erasure> {
    const facts = await this.reachable(scope, studentId);
    const counts = await repo.childCounts(scope, this.db, studentId);
    return presentErasure(facts, this.stillHere(facts), counts);
  }

  /**
   * Erases the child's data on the family's request: only once the child has left (the profile's leaving
   * date is today or earlier), with the
   * child's full name typed to confirm; the records the law requires stay. Recorded in the audit log
   * with what was erased.
   */
  async erase(scope: Scope, studentId: string, body: { confirm_name: string; reason?: string }): Promise<Erasure> {
    const facts = await this.reachable(scope, studentId);
    if (facts.erasedAt) throw conflict(PRIVACY_MESSAGES.alreadyErased, ERROR_CODES.alreadyErased);
    if (this.stillHere(facts)) throw conflict(PRIVACY_MESSAGES.stillEnrolled, ERROR_CODES.childStillEnrolled);
    if (!sameName(body.confirm_name, fullName(facts)))
      throw badRequest(PRIVACY_MESSAGES.nameMismatch, ERROR_CODES.erasureNameMismatch, 'confirm_name');
    const school = staffSchool(scope);
    await this.db.transaction(async (tx) => {
      const before = Object.fromEntries(await repo.childCounts(scope, tx, studentId));
      await repo.eraseChild(scope, tx, studentId, this.clock.now());
      await recordSchoolAudit(school, scope.userId, tx, {
        action: 'erase',
        entityType: 'student',
        entityId: studentId,
        label: fullName(facts),
        before,
        after: { reason: body.reason ?? null },
      });
    });
    return this.erasure(scope, studentId);
  }

  async retention(scope: Scope): Promise<Retention> {
    staffSchool(scope);
    return presentRetention(await repo.findRetention(scope, this.db));
  }

  async saveRetention(scope: Scope, body: { media_months: number | null; log_months: number | null }): Promise<Retention> {
    const school = staffSchool(scope);
    await this.db.transaction(async (tx) => {
      const before = await repo.findRetention(scope, tx);
      await repo.saveRetention(scope, tx, { mediaMonths: body.media_months, logMonths: body.log_months }, this.clock.now());
      await recordSchoolAudit(school, scope.userId, tx, {
        action: 'update',
        entityType: 'retention',
        entityId: school,
        label: 'retention',
        before: before ? { media_months: before.mediaMonths, log_months: before.logMonths } : null,
        after: body,
      });
    });
    return this.retention(scope);
  }

  /**
   * Applies every school's retention settings: its photos and videos, and its log entries, older than
   * its months are deleted (the files nothing refers to any more go with the next media clean-up).
   * Answers what each school's run deleted.
   */
  async applyRetention(): Promise<Map<string, { media: number; logs: number }>> {
    const done = new Map<string, { media: number; logs: number }>();
    const now = this.clock.now();
    for (const row of await repo.schoolsWithRetention({ kind: 'system' }, this.db)) {
      const scope = this.scopes.of({
        userId: '',
        kind: 'staff',
        schoolId: row.schoolId,
        sessionId: 'job:retention',
        isTemp: false,
      });
      const counts = await this.db.transaction(async (tx) => {
        const media = row.mediaMonths ? await repo.pruneMedia(scope, tx, monthsBefore(now, row.mediaMonths)) : 0;
        const logs = row.logMonths ? await repo.pruneLogs(scope, tx, monthsBefore(now, row.logMonths)) : 0;
        await repo.recordRun(scope, tx, now, { media, logs });
        if (media || logs)
          await recordSchoolAudit(row.schoolId, '', tx, {
            action: 'delete',
            entityType: 'retention',
            entityId: row.schoolId,
            label: 'retention',
            after: { media, logs, media_months: row.mediaMonths, log_months: row.logMonths },
          });
        return { media, logs };
      });
      done.set(row.schoolId, counts);
    }
    return done;
  }

  /** Puts the next daily run on the job queue (one a day, whichever instance asks first). */
  async scheduleRetention(): Promise<void> {
    const next = new Date(Math.ceil((this.clock.now().getTime() + 1) / DAY_MS) * DAY_MS);
    await this.jobs.schedule(`${RETENTION_JOB}:${next.toISOString()}`, RETENTION_JOB, next, {});
  }
}

/** The same moment so many calendar months earlier (the 31st of a shorter month is its last day). */
export function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}
