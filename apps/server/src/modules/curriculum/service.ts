import { CURRICULUM_MESSAGES, ERROR_CODES, type StatementRef } from '@cue/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { ClassService } from '../classes/service.js';
import * as repo from './repo.js';

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
}
