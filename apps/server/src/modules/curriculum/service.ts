import {
  type ClassCurriculum,
  CURRICULUM_EDITOR,
  CURRICULUM_MESSAGES,
  type CurriculumFramework,
  type CurriculumFrameworkRequest,
  type CurriculumImportResult,
  type CurriculumNodeCreate,
  type CurriculumNodeUpdate,
  type CurriculumTree,
  ERROR_CODES,
  MESSAGES,
  type StatementRef,
} from '@cue/contract';
import { recordAudit } from '../../platform/audit.js';
import { requireAccess, type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, Queryable } from '../../platform/db/client.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { RosterCache } from '../classes/roster-cache.js';
import type { ClassService } from '../classes/service.js';
import { frameworkTemplateCsv, parseFrameworkCsv } from './csv.js';
import { type FrameworkAbilities, presentAreas, presentFramework, presentTree } from './presenter.js';
import * as repo from './repo.js';

type NodeKind = repo.NodeKind;

/**
 * Curriculum frameworks (issue 25): the trees (framework → area → aspect → statement), the product's
 * shipped frameworks (read only), a school's own frameworks and additions, CSV import, a class's
 * frameworks, and the statements records are tagged with (versioned or archived, never deleted).
 * Every change is audited (platform/audit.ts).
 */
export class CurriculumService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly classes: ClassService,
    readonly rosters: RosterCache,
  ) {}

  /**
   * Each class's framework ids in order (its chosen frameworks, else its one `class_curriculum`).
   * Every class must be of the scope's school (else 404).
   */
  async frameworksOfClasses(scope: Scope, classIds: readonly string[]): Promise<Map<string, string[]>> {
    const found = await repo.frameworksOfClasses(scope, this.db, classIds);
    if (new Set(classIds).size !== found.size) throw notFound();
    return found;
  }

  /**
   * The statements a record of these classes may be tagged with: unique ids, where every id not in
   * `keep` (those the record already carries, which stay even when archived since) is a live statement
   * of the frameworks of EVERY class given. Refused: 400 statementsOfClass on `statement_ids`.
   */
  async checkStatements(
    scope: Scope,
    classIds: readonly string[],
    ids: readonly string[],
    keep: readonly string[] = [],
  ): Promise<string[]> {
    const unique = [...new Set(ids)];
    const kept = new Set(keep);
    const added = unique.filter((id) => !kept.has(id));
    if (added.length === 0) return unique;
    const refuse = () => badRequest(CURRICULUM_MESSAGES.statementsOfClass, ERROR_CODES.validation, 'statement_ids');
    const byClass = await this.frameworksOfClasses(scope, [...new Set(classIds)]);
    if (byClass.size === 0) throw refuse();
    const allFrameworks = [...new Set([...byClass.values()].flat())];
    const live = await repo.liveStatementsIn(scope, this.db, allFrameworks, added);
    const frameworkOf = new Map(live.map((r) => [r.id, r.curriculumId]));
    for (const id of added) {
      const framework = frameworkOf.get(id);
      if (!framework) throw refuse();
      for (const frameworks of byClass.values()) if (!frameworks.includes(framework)) throw refuse();
    }
    return unique;
  }

  /**
   * Statements as tagged records show them, keyed by id: archived ones and old versions keep their
   * wording (archived: true). Staff read shipped rows and their school's; a family, shipped rows and
   * those of its children's schools. Ids the caller cannot see are left out.
   */
  async statementRefs(scope: Scope, ids: readonly string[]): Promise<Map<string, StatementRef>> {
    const rows = await repo.statementRefs(scope, this.db, [...new Set(ids)]);
    return new Map(
      rows.map((r) => [
        r.id,
        {
          _id: r.id,
          code: r.code,
          text: r.text,
          version: r.version,
          archived: Boolean(r.archived),
          area: { _id: r.areaId, code: r.areaCode, name: r.areaName },
          framework: { _id: r.frameworkId, name: r.frameworkName },
        },
      ]),
    );
  }
  // ------------------------------------------------------------------ frameworks

  private async abilitiesOf(scope: Scope, f: repo.FrameworkView): Promise<FrameworkAbilities> {
    const editor = (await scope.rolePermissions()).has(CURRICULUM_EDITOR);
    return {
      edit: editor && f.schoolId !== null && !f.archived,
      archive: editor && !f.archived,
      copy: true,
      add: editor && !f.archived,
    };
  }

  /** Frameworks presented with their counts and classes: a fixed number of queries for any number. */
  private async presentFrameworks(scope: Scope, q: Queryable, rows: repo.FrameworkView[]): Promise<CurriculumFramework[]> {
    const counts = await repo.frameworkCounts(
      scope,
      q,
      rows.map((f) => f.id),
    );
    return Promise.all(
      rows.map(async (f) =>
        presentFramework(
          f,
          {
            areas: counts.areas.get(f.id) ?? 0,
            statements: counts.statements.get(f.id) ?? 0,
            classes: counts.classes.get(f.id) ?? [],
          },
          await this.abilitiesOf(scope, f),
        ),
      ),
    );
  }

  private async presentOne(scope: Scope, q: Queryable, id: string): Promise<CurriculumFramework> {
    const f = await repo.findFramework(scope, q, id);
    if (!f) throw notFound();
    const [presented] = await this.presentFrameworks(scope, q, [f]);
    if (!presented) throw notFound();
    return presented;
  }

  /** A framework the school sees (shipped or its own); another school's does not exist (404). */
  private async framework(scope: Scope, q: Queryable, id: string): Promise<repo.FrameworkView> {
    const f = await repo.findFramework(scope, q, id);
    if (!f) throw notFound();
    return f;
  }

  /** One of the school's own frameworks: a shipped one is read only (400 SHIPPED_READ_ONLY). */
  private async ownFramework(scope: Scope, q: Queryable, id: string): Promise<repo.FrameworkView> {
    const f = await this.framework(scope, q, id);
    if (f.schoolId === null) throw shippedReadOnly();
    return f;
  }

  /** The shipped frameworks and the school's own (archived and hidden ones with includeArchived). */
  async list(scope: Scope, includeArchived: boolean): Promise<CurriculumFramework[]> {
    const rows = await repo.listFrameworks(scope, this.db, includeArchived);
    return this.presentFrameworks(scope, this.db, rows);
  }

  /** A framework's tree in the school's view (its own additions under a shipped one included). */
  async tree(scope: Scope, id: string, includeArchived: boolean, q: Queryable = this.db): Promise<CurriculumTree> {
    const f = await this.framework(scope, q, id);
    const [presented] = await this.presentFrameworks(scope, q, [f]);
    const rows = await repo.treeRows(scope, q, [id]);
    const tagged = await repo.taggedCounts(
      scope,
      q,
      rows.statements.map((s) => s.id),
    );
    if (!presented) throw notFound();
    return presentTree(presented, presentAreas(rows, tagged, includeArchived));
  }

  private async checkFrameworkCode(scope: Scope, q: Queryable, code: string, exceptId?: string): Promise<void> {
    if (await repo.frameworkCodeTaken(scope, q, code, exceptId))
      throw badRequest(CURRICULUM_MESSAGES.codeTaken, ERROR_CODES.codeTaken, 'code');
  }

  async create(scope: Scope, input: CurriculumFrameworkRequest): Promise<CurriculumFramework> {
    return this.db.transaction(async (tx) => {
      await this.checkFrameworkCode(scope, tx, input.code);
      const id = newId();
      await repo.insertFramework(
        scope,
        tx,
        { id, name: input.name, code: input.code, description: input.description ?? '' },
        this.clock.now(),
      );
      const after = await this.presentOne(scope, tx, id);
      await recordAudit(scope, tx, {
        action: 'create',
        entityType: 'curriculum_framework',
        entityId: id,
        label: input.name,
        after,
      });
      return after;
    });
  }

  /**
   * Runs a change to one framework in the caller's transaction and audits it there, with the
   * framework as presented before and after (what the history drawer compares).
   */
  private async auditedFramework(
    scope: Scope,
    tx: Queryable,
    id: string,
    action: 'update' | 'archive' | 'restore',
    change: (before: CurriculumFramework) => Promise<void>,
  ): Promise<CurriculumFramework> {
    const before = await this.presentOne(scope, tx, id);
    await change(before);
    const after = await this.presentOne(scope, tx, id);
    await recordAudit(scope, tx, {
      action,
      entityType: 'curriculum_framework',
      entityId: id,
      label: after.name,
      before,
      after,
    });
    return after;
  }

  async update(scope: Scope, id: string, input: CurriculumFrameworkRequest): Promise<CurriculumFramework> {
    return this.db.transaction(async (tx) => {
      await this.ownFramework(scope, tx, id);
      await this.checkFrameworkCode(scope, tx, input.code, id);
      return this.auditedFramework(scope, tx, id, 'update', (before) =>
        repo.updateFramework(
          scope,
          tx,
          id,
          { name: input.name, code: input.code, description: input.description ?? before.description },
          this.clock.now(),
        ),
      );
    });
  }

  /** Archives a framework for the school: its own is archived, a shipped one hidden. Refused while a class uses it. */
  async archive(scope: Scope, id: string): Promise<CurriculumFramework> {
    return this.db.transaction(async (tx) => {
      const f = await this.framework(scope, tx, id);
      return this.auditedFramework(scope, tx, id, 'archive', async () => {
        if (f.archived) return;
        if ((await repo.classesUsing(scope, tx, [id])).length)
          throw badRequest(CURRICULUM_MESSAGES.frameworkInUse, ERROR_CODES.frameworkInUse);
        if (f.schoolId === null) await repo.setHidden(scope, tx, id, true);
        else await repo.updateFramework(scope, tx, id, { archivedAt: this.clock.now() }, this.clock.now());
      });
    });
  }

  async restore(scope: Scope, id: string): Promise<CurriculumFramework> {
    return this.db.transaction(async (tx) => {
      const f = await this.framework(scope, tx, id);
      return this.auditedFramework(scope, tx, id, 'restore', async () => {
        if (f.schoolId === null) await repo.setHidden(scope, tx, id, false);
        else {
          // Another framework may have taken the code while this one was archived.
          await this.checkFrameworkCode(scope, tx, f.code, id);
          await repo.updateFramework(scope, tx, id, { archivedAt: null }, this.clock.now());
        }
      });
    });
  }

  /**
   * A deep copy the school owns: the framework's live areas, aspects and statements in the school's view
   * (shipped ones and its own additions), with new ids and the same codes and order, in one transaction.
   */
  async copy(scope: Scope, id: string, input: { name: string; code: string }): Promise<CurriculumFramework> {
    return this.db.transaction(async (tx) => {
      const source = await this.framework(scope, tx, id);
      await this.checkFrameworkCode(scope, tx, input.code);
      const rows = await repo.treeRows(scope, tx, [id]);
      const copyId = newId();
      await repo.insertFramework(
        scope,
        tx,
        { id: copyId, name: input.name, code: input.code, description: source.description },
        this.clock.now(),
      );
      const areaIds = new Map<string, string>();
      const aspectIds = new Map<string, string>();
      const areas: repo.AreaValues[] = [];
      const aspects: repo.AspectValues[] = [];
      const statements: repo.StatementValues[] = [];
      for (const a of rows.areas.filter((x) => !x.archived)) {
        areaIds.set(a.id, newId());
        areas.push({
          id: areaIds.get(a.id) as string,
          curriculumId: copyId,
          code: a.code,
          name: a.name,
          group: a.group,
          position: a.position,
        });
      }
      for (const a of rows.aspects.filter((x) => !x.archived)) {
        const areaId = areaIds.get(a.areaId);
        if (!areaId) continue;
        aspectIds.set(a.id, newId());
        aspects.push({
          id: aspectIds.get(a.id) as string,
          curriculumId: copyId,
          areaId,
          code: a.code,
          name: a.name,
          position: a.position,
        });
      }
      for (const s of rows.statements.filter((x) => !x.archived)) {
        const aspectId = aspectIds.get(s.aspectId);
        if (!aspectId) continue;
        statements.push({
          id: newId(),
          curriculumId: copyId,
          aspectId,
          code: s.code,
          text: s.text,
          ageFromMonths: s.ageFromMonths,
          ageToMonths: s.ageToMonths,
          position: s.position,
        });
      }
      await repo.insertNodes(scope, tx, { areas, aspects, statements });
      const after = await this.presentOne(scope, tx, copyId);
      await recordAudit(scope, tx, {
        action: 'copy',
        entityType: 'curriculum_framework',
        entityId: copyId,
        label: input.name,
        before: { _id: source.id, name: source.name, code: source.code },
        after,
      });
      return after;
    });
  }

  // ------------------------------------------------------------------ nodes

  private checkAgeBand(input: { age_from_months?: number | null; age_to_months?: number | null }): void {
    const from = input.age_from_months ?? null;
    const to = input.age_to_months ?? null;
    if (from !== null && to !== null && from > to)
      throw badRequest(CURRICULUM_MESSAGES.ageBand, ERROR_CODES.validation, 'age_to_months');
  }

  private async checkNodeCode(scope: Scope, q: Queryable, kind: NodeKind, frameworkId: string, code: string, exceptId?: string) {
    if (await repo.nodeCodeTaken(scope, q, kind, frameworkId, code, exceptId))
      throw badRequest(CURRICULUM_MESSAGES.codeTaken, ERROR_CODES.codeTaken, 'code');
  }

  private async node(scope: Scope, q: Queryable, kind: NodeKind, id: string): Promise<repo.NodeView> {
    const node = await repo.findNode(scope, q, kind, id);
    if (!node) throw notFound();
    return node;
  }

  /** Adds an area (no parent), an aspect (under an area) or a statement (under an aspect) of the framework. */
  async createNode(scope: Scope, frameworkId: string, input: CurriculumNodeCreate): Promise<CurriculumTree> {
    return this.db.transaction(async (tx) => {
      const f = await this.framework(scope, tx, frameworkId);
      if (f.archived) throw badRequest(CURRICULUM_MESSAGES.archivedParent, ERROR_CODES.archivedParent);
      const parentKind: NodeKind | null = input.kind === 'aspect' ? 'area' : input.kind === 'statement' ? 'aspect' : null;
      const parentId = input.parent_id ?? null;
      if (parentKind === null ? parentId !== null : parentId === null) throw parentKindError();
      if (parentKind && parentId) {
        const parent = await repo.findNode(scope, tx, parentKind, parentId);
        if (!parent || parent.row.curriculumId !== frameworkId) throw parentKindError();
        if (parent.row.archived) throw badRequest(CURRICULUM_MESSAGES.archivedParent, ERROR_CODES.archivedParent, 'parent_id');
      }
      this.checkAgeBand(input);
      await this.checkNodeCode(scope, tx, input.kind, frameworkId, input.code);
      const id = newId();
      const position = await repo.nextPosition(scope, tx, input.kind, frameworkId, parentId);
      if (input.kind === 'area')
        await repo.insertNodes(scope, tx, {
          areas: [{ id, curriculumId: frameworkId, code: input.code, name: input.name, group: input.group ?? '', position }],
        });
      else if (input.kind === 'aspect')
        await repo.insertNodes(scope, tx, {
          aspects: [{ id, curriculumId: frameworkId, areaId: parentId as string, code: input.code, name: input.name, position }],
        });
      else {
        const parent = (await this.node(scope, tx, 'aspect', parentId as string)).row as repo.AspectView;
        await repo.insertNodes(scope, tx, {
          statements: [
            {
              id,
              curriculumId: frameworkId,
              aspectId: parent.id,
              code: input.code,
              text: input.name,
              ageFromMonths: input.age_from_months ?? null,
              ageToMonths: input.age_to_months ?? null,
              position,
            },
          ],
        });
      }
      const after = nodeAudit(await this.node(scope, tx, input.kind, id));
      await recordAudit(scope, tx, {
        action: 'create',
        entityType: 'curriculum_node',
        entityId: id,
        label: nodeLabel(after),
        after,
      });
      return this.tree(scope, frameworkId, true, tx);
    });
  }

  /**
   * Changes one of the school's own nodes. A statement whose text or code changes while records are
   * tagged with it becomes a new version (the old row archived, replaced_by the new one), so that those
   * records keep the wording they were tagged with.
   */
  async updateNode(scope: Scope, id: string, input: CurriculumNodeUpdate): Promise<{ tree: CurriculumTree; versioned: boolean }> {
    return this.db.transaction(async (tx) => {
      const node = await this.node(scope, tx, input.kind, id);
      if (node.row.schoolId === null) throw shippedReadOnly();
      const frameworkId = node.row.curriculumId;
      this.checkAgeBand(input);
      await this.checkNodeCode(scope, tx, input.kind, frameworkId, input.code, id);
      const before = nodeAudit(node);
      let versioned = false;
      let changedId = id;
      if (node.kind === 'statement') {
        const s = node.row;
        const reworded = s.text !== input.name || s.code !== input.code;
        const tagged = reworded ? ((await repo.taggedCounts(scope, tx, [id])).get(id) ?? 0) : 0;
        const ageFrom = input.age_from_months === undefined ? s.ageFromMonths : input.age_from_months;
        const ageTo = input.age_to_months === undefined ? s.ageToMonths : input.age_to_months;
        if (reworded && tagged > 0 && !s.archived) {
          versioned = true;
          changedId = newId();
          await repo.insertNodes(scope, tx, {
            statements: [
              {
                id: changedId,
                curriculumId: frameworkId,
                aspectId: s.aspectId,
                code: input.code,
                text: input.name,
                ageFromMonths: ageFrom,
                ageToMonths: ageTo,
                position: s.position,
                version: s.version + 1,
              },
            ],
          });
          await repo.updateNode(scope, tx, 'statement', id, { archivedAt: this.clock.now(), replacedBy: changedId });
        } else
          await repo.updateNode(scope, tx, 'statement', id, {
            code: input.code,
            text: input.name,
            ageFromMonths: ageFrom,
            ageToMonths: ageTo,
          });
      } else
        await repo.updateNode(scope, tx, node.kind, id, {
          code: input.code,
          name: input.name,
          group: node.kind === 'area' ? (input.group ?? node.row.group) : undefined,
        });
      const after = nodeAudit(await this.node(scope, tx, input.kind, changedId));
      await recordAudit(scope, tx, {
        action: 'update',
        entityType: 'curriculum_node',
        entityId: id,
        label: nodeLabel(after),
        before,
        after,
      });
      return { tree: await this.tree(scope, frameworkId, true, tx), versioned };
    });
  }

  /** Archives a node for the school: its own is archived, a shipped one hidden. Records tagged keep it. */
  async archiveNode(scope: Scope, id: string, kind: NodeKind): Promise<CurriculumTree> {
    return this.db.transaction(async (tx) => {
      const node = await this.node(scope, tx, kind, id);
      return this.auditedNodeState(scope, tx, node, 'archive', async () => {
        if (node.row.archived) return;
        if (node.row.schoolId === null) await repo.setHidden(scope, tx, id, true);
        else await repo.updateNode(scope, tx, kind, id, { archivedAt: this.clock.now() });
      });
    });
  }

  /**
   * Runs an archive or restore of one node in the caller's transaction, audits it there with the node
   * before and after, and answers its framework's tree (archived nodes included).
   */
  private async auditedNodeState(
    scope: Scope,
    tx: Queryable,
    node: repo.NodeView,
    action: 'archive' | 'restore',
    change: () => Promise<void>,
  ): Promise<CurriculumTree> {
    const before = nodeAudit(node);
    await change();
    const after = nodeAudit(await this.node(scope, tx, node.kind, node.row.id));
    await recordAudit(scope, tx, {
      action,
      entityType: 'curriculum_node',
      entityId: node.row.id,
      label: nodeLabel(after),
      before,
      after,
    });
    return this.tree(scope, node.row.curriculumId, true, tx);
  }

  /** Restores a node; one under an archived area or aspect waits for its parent (400 ARCHIVED_PARENT). */
  async restoreNode(scope: Scope, id: string, kind: NodeKind): Promise<CurriculumTree> {
    return this.db.transaction(async (tx) => {
      const node = await this.node(scope, tx, kind, id);
      const parents: [NodeKind, string][] =
        node.kind === 'aspect' ? [['area', node.row.areaId]] : node.kind === 'statement' ? [['aspect', node.row.aspectId]] : [];
      for (const [parentKind, parentId] of parents) {
        const parent = await repo.findNode(scope, tx, parentKind, parentId);
        if (!parent || parent.row.archived) throw badRequest(CURRICULUM_MESSAGES.archivedParent, ERROR_CODES.archivedParent);
        if (parent.kind === 'aspect') {
          const area = await repo.findNode(scope, tx, 'area', parent.row.areaId);
          if (!area || area.row.archived) throw badRequest(CURRICULUM_MESSAGES.archivedParent, ERROR_CODES.archivedParent);
        }
      }
      return this.auditedNodeState(scope, tx, node, 'restore', async () => {
        if (!node.row.archived) return;
        if (node.row.schoolId === null) await repo.setHidden(scope, tx, id, false);
        else {
          // A reworded statement's old version, or a node whose code was reused meanwhile, would clash.
          await this.checkNodeCode(scope, tx, kind, node.row.curriculumId, node.row.code, id);
          await repo.updateNode(scope, tx, kind, id, { archivedAt: null, replacedBy: kind === 'statement' ? null : undefined });
        }
      });
    });
  }

  /**
   * Reorders the children of one parent (the framework's areas when parent_id is null). `ids` must be
   * exactly the parent's live children in the school's view; the product's own nodes keep their place,
   * so when the parent holds shipped children, only the school's additions are reordered (placed after them).
   */
  async order(
    scope: Scope,
    frameworkId: string,
    input: { kind: NodeKind; parent_id: string | null; ids: string[] },
  ): Promise<CurriculumTree> {
    return this.db.transaction(async (tx) => {
      await this.framework(scope, tx, frameworkId);
      const parentKind: NodeKind | null = input.kind === 'aspect' ? 'area' : input.kind === 'statement' ? 'aspect' : null;
      if (parentKind === null ? input.parent_id !== null : input.parent_id === null) throw parentKindError();
      const rows = await repo.treeRows(scope, tx, [frameworkId]);
      const all: { id: string; schoolId: string | null; archived: boolean; parent: string | null; position: number }[] =
        input.kind === 'area'
          ? rows.areas.map((a) => ({ ...a, parent: null }))
          : input.kind === 'aspect'
            ? rows.aspects.map((a) => ({ ...a, parent: a.areaId }))
            : rows.statements.map((s) => ({ ...s, parent: s.aspectId }));
      if (parentKind && !(parentKind === 'area' ? rows.areas : rows.aspects).some((p) => p.id === input.parent_id))
        throw parentKindError();
      const children = all.filter((c) => c.parent === input.parent_id && !c.archived);
      const byId = new Map(children.map((c) => [c.id, c]));
      if (input.ids.some((i) => byId.get(i)?.schoolId === null)) throw shippedReadOnly();
      const own = children.filter((c) => c.schoolId !== null);
      const shipped = children.filter((c) => c.schoolId === null);
      const unique = new Set(input.ids);
      if (unique.size !== input.ids.length || unique.size !== own.length || !own.every((c) => unique.has(c.id)))
        throw badRequest(CURRICULUM_MESSAGES.parentKind, ERROR_CODES.validation, 'ids');
      const start = shipped.length ? Math.max(...shipped.map((c) => c.position)) + 1 : 0;
      const before = own.map((c) => ({ _id: c.id, position: c.position }));
      for (const [i, nodeId] of input.ids.entries())
        await repo.updateNode(scope, tx, input.kind, nodeId, { position: start + i });
      await recordAudit(scope, tx, {
        action: 'reorder',
        entityType: 'curriculum_node',
        entityId: input.parent_id ?? frameworkId,
        label: `${input.kind}s`,
        before,
        after: input.ids.map((nodeId, i) => ({ _id: nodeId, position: start + i })),
      });
      return this.tree(scope, frameworkId, true, tx);
    });
  }

  // ------------------------------------------------------------------ import

  /**
   * A framework from a CSV file. Every row is checked; a dry run, or a file with refused rows, writes
   * nothing. Otherwise the framework and all its nodes are made in one transaction, each kind in
   * multi-row inserts.
   */
  async importCsv(
    scope: Scope,
    bytes: Buffer,
    input: { name: string; code: string; dryRun: boolean },
  ): Promise<CurriculumImportResult> {
    const parsed = parseFrameworkCsv(bytes);
    await this.checkFrameworkCode(scope, this.db, input.code);
    const aspects = parsed.areas.reduce((n, a) => n + a.aspects.length, 0);
    const counts = { areas: parsed.areas.length, aspects, statements: parsed.statements };
    if (input.dryRun) return { framework: null, ...counts, errors: parsed.errors };
    if (parsed.errors.length)
      throw new AppError(
        400,
        CURRICULUM_MESSAGES.importInvalid,
        ERROR_CODES.importInvalid,
        parsed.errors.map((e) => ({ field: e.field, message: `Row ${e.row}: ${e.field} ${e.reason}` })),
      );
    return this.db.transaction(async (tx) => {
      await this.checkFrameworkCode(scope, tx, input.code);
      const frameworkId = newId();
      await repo.insertFramework(
        scope,
        tx,
        { id: frameworkId, name: input.name, code: input.code, description: '' },
        this.clock.now(),
      );
      const areas: repo.AreaValues[] = [];
      const aspectRows: repo.AspectValues[] = [];
      const statements: repo.StatementValues[] = [];
      for (const [ai, area] of parsed.areas.entries()) {
        const areaId = newId();
        areas.push({ id: areaId, curriculumId: frameworkId, code: area.code, name: area.name, group: area.group, position: ai });
        for (const [pi, aspect] of area.aspects.entries()) {
          const aspectId = newId();
          aspectRows.push({
            id: aspectId,
            curriculumId: frameworkId,
            areaId,
            code: aspect.code,
            name: aspect.name,
            position: pi,
          });
          for (const [si, s] of aspect.statements.entries())
            statements.push({
              id: newId(),
              curriculumId: frameworkId,
              aspectId,
              code: s.code,
              text: s.text,
              ageFromMonths: s.ageFrom,
              ageToMonths: s.ageTo,
              position: si,
            });
        }
      }
      await repo.insertNodes(scope, tx, { areas, aspects: aspectRows, statements });
      const framework = await this.presentOne(scope, tx, frameworkId);
      await recordAudit(scope, tx, {
        action: 'import',
        entityType: 'curriculum_framework',
        entityId: frameworkId,
        label: input.name,
        after: { ...framework, ...counts },
      });
      return { framework, ...counts, errors: [] };
    });
  }

  /** The import's CSV template. */
  template(): string {
    return frameworkTemplateCsv();
  }

  // ------------------------------------------------------------------ classes

  /** The live trees of a class's frameworks: what its records are tagged against (staff who reach the class). */
  async classCurriculum(scope: Scope, classId: string, q: Queryable = this.db): Promise<ClassCurriculum> {
    await requireAccess(scope, 'class', [classId]);
    const ids = (await repo.frameworksOfClasses(scope, q, [classId])).get(classId) ?? [];
    const frameworks = (await Promise.all(ids.map((id) => repo.findFramework(scope, q, id)))).filter(
      (f): f is repo.FrameworkView => f !== undefined && !f.archived,
    );
    const rows = await repo.treeRows(
      scope,
      q,
      frameworks.map((f) => f.id),
    );
    const tagged = await repo.taggedCounts(
      scope,
      q,
      rows.statements.filter((s) => !s.archived).map((s) => s.id),
    );
    return {
      class_id: classId,
      frameworks: frameworks.map((f) => ({
        _id: f.id,
        name: f.name,
        code: f.code,
        areas: presentAreas(
          {
            areas: rows.areas.filter((a) => a.curriculumId === f.id),
            aspects: rows.aspects.filter((a) => a.curriculumId === f.id),
            statements: rows.statements.filter((s) => s.curriculumId === f.id),
          },
          tagged,
          false,
        ),
      })),
    };
  }

  /**
   * Sets a class's frameworks in order: the first is its main one (`class_curriculum`), and its
   * `curriculam` label is their names joined. Each must be a framework the school sees, not archived.
   */
  async setClassFrameworks(scope: Scope, classId: string, frameworkIds: readonly string[]): Promise<ClassCurriculum> {
    const ids = [...new Set(frameworkIds)];
    // Read before the transaction: the class service reads through its own handle.
    const className = await this.classes.nameOf(scope, classId);
    const result = await this.db.transaction(async (tx) => {
      const schoolId = staffSchool(scope);
      const beforeIds = (await repo.frameworksOfClasses(scope, tx, [classId])).get(classId);
      if (!beforeIds) throw notFound();
      const frameworks = await Promise.all(ids.map((id) => repo.findFramework(scope, tx, id)));
      if (frameworks.some((f) => !f || f.archived)) throw badRequest(MESSAGES.notFound, ERROR_CODES.validation, 'framework_ids');
      const names = frameworks.map((f) => (f as repo.FrameworkView).name);
      await repo.setClassFrameworks(scope, tx, classId, ids, names.length ? names.join(', ') : null);
      await recordAudit(scope, tx, {
        action: 'update',
        entityType: 'class_frameworks',
        entityId: classId,
        label: className,
        before: { framework_ids: beforeIds },
        after: { framework_ids: ids, curriculam: names.join(', ') },
      });
      return schoolId;
    });
    this.rosters.invalidateSchool(result);
    return this.classCurriculum(scope, classId);
  }
}

const shippedReadOnly = () => badRequest(CURRICULUM_MESSAGES.shippedReadOnly, ERROR_CODES.shippedReadOnly);
const parentKindError = () => badRequest(CURRICULUM_MESSAGES.parentKind, ERROR_CODES.validation, 'parent_id');

/** A node's fields as the audit's history shows them. */
function nodeAudit(node: repo.NodeView): Record<string, unknown> {
  const base = {
    _id: node.row.id,
    kind: node.kind,
    code: node.row.code,
    position: node.row.position,
    archived: node.row.archived,
  };
  if (node.kind === 'area') return { ...base, name: node.row.name, group: node.row.group };
  if (node.kind === 'aspect') return { ...base, name: node.row.name, area_id: node.row.areaId };
  return {
    ...base,
    text: node.row.text,
    aspect_id: node.row.aspectId,
    age_from_months: node.row.ageFromMonths,
    age_to_months: node.row.ageToMonths,
    version: node.row.version,
    replaced_by: node.row.replacedBy,
  };
}

const nodeLabel = (n: Record<string, unknown>) => `${String(n.code)} ${String(n.name ?? n.text ?? '')}`.trim();
