import type { ClassCurriculum, CurriculumArea, StatementRef } from '@cue/contract';

/*
 * The statement picker's pure parts: what a search leaves of a class's curriculum tree, and which
 * statements a record carries once the teacher's choice meets what it was already tagged with (archived
 * statements and old wordings stay, marked, until removed).
 */

export type ClassFramework = ClassCurriculum['frameworks'][number];

/** Lower case without accents or Arabic/Hebrew marks, so "Communication" matches "communication" and "é" matches "e". */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u0591-\u05c7\u0610-\u061a\u064b-\u065f\u0670]/g, '')
    .toLocaleLowerCase();
}

/** The words of a search (empty: no filter). */
export function searchWords(search: string): string[] {
  return fold(search).split(/\s+/).filter(Boolean);
}

/**
 * The areas, aspects and statements a search keeps. A statement is kept when every word of the search is
 * found in its code or text, or in its aspect's or area's code or name (so "PSED" or "self-regulation" lists
 * the whole area or aspect); areas and aspects left with no statement are dropped. No words: the tree as is.
 */
export function filterAreas(areas: CurriculumArea[], search: string): CurriculumArea[] {
  const words = searchWords(search);
  if (words.length === 0) return areas;
  const kept: CurriculumArea[] = [];
  for (const area of areas) {
    const areaText = fold(`${area.code} ${area.name}`);
    const aspects = [];
    for (const aspect of area.aspects) {
      const aboveText = `${areaText} ${fold(`${aspect.code} ${aspect.name}`)}`;
      const statements = aspect.statements.filter((s) => {
        const text = `${aboveText} ${fold(`${s.code} ${s.text}`)}`;
        return words.every((w) => text.includes(w));
      });
      if (statements.length > 0) aspects.push({ ...aspect, statements });
    }
    if (aspects.length > 0) kept.push({ ...area, aspects });
  }
  return kept;
}

/** How many statements a tree (or what a search left of it) holds. */
export function countStatements(areas: CurriculumArea[]): number {
  return areas.reduce((n, area) => n + area.aspects.reduce((m, aspect) => m + aspect.statements.length, 0), 0);
}

/** Every live statement of the class's frameworks as a record would show it, by id. */
export function liveRefs(curriculum: ClassCurriculum | undefined): Map<string, StatementRef> {
  const refs = new Map<string, StatementRef>();
  for (const framework of curriculum?.frameworks ?? []) {
    for (const area of framework.areas) {
      if (area.archived) continue;
      for (const aspect of area.aspects) {
        if (aspect.archived) continue;
        for (const s of aspect.statements) {
          if (s.archived) continue;
          refs.set(s._id, {
            _id: s._id,
            code: s.code,
            text: s.text,
            version: s.version,
            archived: false,
            area: { _id: area._id, code: area.code, name: area.name },
            framework: { _id: framework._id, name: framework.name },
          });
        }
      }
    }
  }
  return refs;
}

/**
 * The chosen statements in the order chosen, each as a record shows it: the record's own copy when it was
 * already tagged with it (an archived statement or an old wording keeps its text and mark), else the class's
 * live statement. An id found in neither (the curriculum not loaded yet) is left out of the list but not of
 * the value.
 */
export function chosenRefs(value: string[], live: Map<string, StatementRef>, existing: StatementRef[] = []): StatementRef[] {
  const old = new Map(existing.map((s) => [s._id, s]));
  const refs: StatementRef[] = [];
  for (const id of new Set(value)) {
    const ref = old.get(id) ?? live.get(id);
    if (ref) refs.push(ref);
  }
  return refs;
}

/**
 * The record's statements that the picker cannot offer again (archived, an old wording, or of a framework the
 * class no longer uses), still chosen: listed apart, so the teacher sees they are kept and may remove them.
 */
export function keptOutsideTree(value: string[], live: Map<string, StatementRef>, existing: StatementRef[] = []): StatementRef[] {
  const chosen = new Set(value);
  return existing.filter((s) => chosen.has(s._id) && (s.archived || !live.has(s._id)));
}

/** The value with the id added (at the end) or removed. */
export function toggleStatement(value: string[], id: string, on: boolean): string[] {
  const without = value.filter((v) => v !== id);
  return on ? [...without, id] : without;
}

/** How many of the chosen ids are statements of the given framework (for its tab's count). */
export function chosenIn(framework: ClassFramework, value: string[]): number {
  const chosen = new Set(value);
  let n = 0;
  for (const area of framework.areas)
    for (const aspect of area.aspects) for (const s of aspect.statements) if (chosen.has(s._id)) n++;
  return n;
}
