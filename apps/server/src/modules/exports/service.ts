import { ddmmyyyyFromIso, type FileExport, formatHhmmA } from '@cue/contract';
import { recordSchoolAudit } from '../../platform/audit.js';
import type { Scope, ScopeFactory } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { JobQueue } from '../../platform/jobs.js';
import type { MediaStore } from '../../platform/storage.js';
import type { ChildRecordService } from '../children/service.js';
import { emergencySheetPdf, type SheetLanguage } from './emergency-sheet.js';
import { presentExport } from './presenter.js';
import * as repo from './repo.js';

export const EMERGENCY_SHEET_JOB = 'export.emergency_sheet';
/** The job that builds a document of a kind another module registered. */
export const DOCUMENT_JOB = 'export.document';
type ExportKind = FileExport['kind'];

interface SheetJob {
  exportId: string;
  userId: string;
  schoolId: string;
  classId: string;
  language: SheetLanguage;
}

interface DocumentJob {
  exportId: string;
  userId: string;
  schoolId: string;
  /** Who asked: the job builds as the same side (a parent builds only their own family's documents). */
  asker?: 'staff' | 'parent';
  kind: ExportKind;
  params: Record<string, string>;
}

/**
 * How a module builds a document of its kind: as the person who asked (their scope), from the request's
 * parameters, telling its progress (0 to 1) as it goes; it answers the file's name and bytes.
 */
export type DocumentBuilder = (
  scope: Scope,
  params: Record<string, string>,
  progress: (share: number) => Promise<void>,
) => Promise<BuiltDocument>;

/** A built document: a PDF, or another kind of file (a family's data is a ZIP). */
export type BuiltDocument =
  | { name: string; pdf: Buffer }
  | { name: string; bytes: Buffer; contentType: string; extension: string };

/**
 * Documents made by jobs: the request records what was asked and answers at once; the job builds the
 * document as the person who asked (their scope, their access), reports its progress, and stores the
 * file, opened through a signed link.
 */
export class ExportService {
  private readonly builders = new Map<ExportKind, DocumentBuilder>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly jobs: JobQueue,
    private readonly storage: MediaStore,
    private readonly scopes: ScopeFactory,
    private readonly children: ChildRecordService,
  ) {
    jobs.handle(EMERGENCY_SHEET_JOB, (payload) => this.buildSheet(payload as unknown as SheetJob));
    jobs.handle(DOCUMENT_JOB, (payload) => this.buildDocument(payload as unknown as DocumentJob));
  }

  /** Another module's document kind: `start` records a request of it, and the job calls `build`. */
  register(kind: ExportKind, build: DocumentBuilder): void {
    this.builders.set(kind, build);
  }

  /**
   * Records a request for a registered kind and answers at once; the caller has checked access already
   * (the builder runs as the same person, so it checks again when the job runs).
   */
  async start(scope: Scope, kind: ExportKind, params: Record<string, string>, schoolId?: string): Promise<FileExport> {
    if (!this.builders.has(kind)) throw new Error(`no document builder for ${kind}`);
    // A parent has no school of their own: the export belongs to the school the document is about.
    const school = scope.kind === 'parent' ? (schoolId ?? scope.schoolId ?? '') : (scope.schoolId ?? '');
    const asker = scope.kind === 'parent' ? 'parent' : 'staff';
    const as = asker === 'parent' ? this.jobScope({ userId: scope.userId, schoolId: school, exportId: 'start', asker }) : scope;
    const answer = await this.request(as, kind, params, DOCUMENT_JOB, (exportId) => {
      const job: DocumentJob = { exportId, userId: scope.userId, schoolId: school, asker, kind, params };
      return { ...job };
    });
    return answer;
  }

  async emergencySheet(scope: Scope, classId: string, language: SheetLanguage): Promise<FileExport> {
    // Checked now, so that the person hears at once that they may not; the job checks again.
    await this.children.emergencyData(scope, classId);
    return this.request(scope, 'emergency_sheet', { classId, language }, EMERGENCY_SHEET_JOB, (exportId) => {
      const job: SheetJob = { exportId, userId: scope.userId, schoolId: scope.schoolId ?? '', classId, language };
      return { ...job };
    });
  }

  /** Records a request of `kind`, schedules the job that builds it, and answers at once. */
  private async request(
    scope: Scope,
    kind: ExportKind,
    params: Record<string, string>,
    jobName: string,
    payload: (exportId: string) => Record<string, unknown>,
  ): Promise<FileExport> {
    const id = newId();
    await this.db.transaction(async (tx) => {
      await repo.insertExport(scope, tx, { id, kind, params, createdAt: this.clock.now() });
      // A data export is an entry of the school's audit log, with what was asked for.
      if (scope.schoolId)
        await recordSchoolAudit(scope.schoolId, scope.userId, tx, {
          action: 'export',
          entityType: 'export',
          entityId: id,
          label: kind,
          after: { kind, params },
        });
    });
    await this.jobs.schedule(`export:${id}`, jobName, this.clock.now(), payload(id));
    return this.answerAndRun(scope, id);
  }

  private async answerAndRun(scope: Scope, id: string): Promise<FileExport> {
    const answer = await this.status(scope, id);
    // This instance starts the document at once (the queue's row lock keeps another from building it too);
    // a second pass catches a job scheduled while a pass was already under way.
    void this.jobs
      .runDue()
      .then(() => this.jobs.runDue())
      .catch(() => undefined);
    return answer;
  }

  async status(scope: Scope, id: string): Promise<FileExport> {
    const row = await repo.findExport(scope, this.db, id);
    if (!row) throw notFound();
    return presentExport(row);
  }

  private jobScope(job: { userId: string; schoolId: string; exportId: string; asker?: 'staff' | 'parent' }): Scope {
    return this.scopes.of({
      userId: job.userId,
      kind: job.asker ?? 'staff',
      schoolId: job.schoolId,
      sessionId: `job:${job.exportId}`,
      isTemp: false,
    });
  }

  /**
   * Runs a document's job: marked running, made by `make` as the person who asked, stored and linked;
   * a failure is recorded with its reason. `make` gets the scope and `progress(from)`, which turns its
   * share done (0 to 1) into the row's progress from `from` to 90, written in steps of at least 10.
   */
  private async run(
    job: { exportId: string; userId: string; schoolId: string; asker?: 'staff' | 'parent' },
    make: (scope: Scope, progress: (from: number) => (share: number) => Promise<void>) => Promise<BuiltDocument>,
  ): Promise<void> {
    const scope = this.jobScope(job);
    await repo.updateExport(scope, this.db, job.exportId, { status: 'running', progress: 5 });
    const progress = (from: number) => {
      let reported = from;
      return async (share: number) => {
        const at = from + Math.floor(Math.min(1, Math.max(0, share)) * (90 - from));
        if (at - reported >= 10) {
          reported = at;
          await repo.updateExport(scope, this.db, job.exportId, { progress: at });
        }
      };
    };
    try {
      const built = await make(scope, progress);
      const { name } = built;
      const file =
        'pdf' in built
          ? { bytes: built.pdf, type: 'application/pdf', ext: 'pdf' }
          : { bytes: built.bytes, type: built.contentType, ext: built.extension };
      const link = await this.storage.put(`exports/${job.exportId}.${file.ext}`, file.bytes, file.type, {
        uploadedBy: job.userId,
        schoolId: job.schoolId,
        kind: 'document',
        name,
      });
      await repo.updateExport(scope, this.db, job.exportId, {
        status: 'done',
        progress: 100,
        fileLink: link,
        finishedAt: this.clock.now(),
      });
    } catch (err) {
      await repo.updateExport(scope, this.db, job.exportId, {
        status: 'failed',
        error: err instanceof Error ? err.message.slice(0, 500) : 'failed',
        finishedAt: this.clock.now(),
      });
    }
  }

  private buildDocument(job: DocumentJob): Promise<void> {
    return this.run(job, (scope, progress) => {
      const build = this.builders.get(job.kind);
      if (!build) throw new Error(`no document builder for ${job.kind}`);
      return build(scope, job.params, progress(5));
    });
  }

  private buildSheet(job: SheetJob): Promise<void> {
    return this.run(job, async (scope, progress) => {
      const data = await this.children.emergencyData(scope, job.classId);
      const withPhotos = await Promise.all(
        data.children.map(async (c) => ({ ...c, photo: c.photo ? await this.storage.read(c.photo) : null })),
      );
      await repo.updateExport(scope, this.db, job.exportId, { progress: 20 });
      const now = this.clock.now();
      const pdf = await emergencySheetPdf(
        {
          school: data.school,
          className: data.className,
          printedAt: `${ddmmyyyyFromIso(now.toISOString().slice(0, 10))} ${formatHhmmA(now.getUTCHours(), now.getUTCMinutes())} UTC`,
          language: job.language,
          children: withPhotos,
        },
        progress(20),
      );
      return { name: `emergency-sheet-${data.className}.pdf`, pdf };
    });
  }
}
