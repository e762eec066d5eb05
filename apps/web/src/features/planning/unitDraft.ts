import {
  isoFromDdmmyyyy,
  UNIT_FIELD_KINDS,
  type Unit,
  type UnitChange,
  type UnitFieldKey,
  type UnitFields,
  type UnitStatus,
} from '@cue/contract';

/*
 * The planner's draft of a unit, kept apart from the page so that its merging can be tested on its own.
 * The server merges key by key (decision 33): a change carries the version it was made on and only the
 * keys changed, and a key someone else changed since is refused with 409 EDIT_CONFLICT. The draft holds
 * the unit as last synced (`base`, whose version is the next change's base) and the person's own edits
 * (`local`) on top of it. Taking in a newer unit (someone else's save, or this page's own) keeps every
 * local edit; a local edit of a key someone else changed meanwhile becomes a conflict the person settles
 * (keep theirs, or use mine), never a silent overwrite either way.
 */

/**
 * A key of the unit the planner edits: the header's and each planner field. The unit's linked library
 * resources are `library_resources` here, apart from the EYFS planner's `resources` list; the server
 * versions both under one key, `resources` (see `keysOfServer`).
 */
export type DraftKey = 'title' | 'status' | 'dates' | 'classes' | 'areas' | 'statements' | 'library_resources' | UnitFieldKey;
export interface Dates {
  start_date: string;
  end_date: string;
}
/** Each key's value as the planner edits it. */
export interface DraftValues {
  title: string;
  status: UnitStatus;
  dates: Dates;
  classes: string[];
  areas: string[];
  /** The curriculum statements the unit plans for (ids, kept sorted like the other id sets). */
  statements: string[];
  library_resources: string[];
}
export type DraftValue = DraftValues[keyof DraftValues] | UnitFields[UnitFieldKey];

export interface Conflict {
  /** The value saved by someone else, which this person's edit would replace. */
  theirs: DraftValue;
  /** Who saved it, when known. */
  by: string | null;
}

export interface UnitDraft {
  /** The unit as last synced: its `version` is the base of the next change. */
  base: Unit;
  /** This person's edits not yet saved (a key leaves when the saved unit holds the same value). */
  local: Partial<Record<DraftKey, DraftValue>>;
  /** What the save on its way sent (so the unit it answers is not mistaken for someone else's change). */
  pending: Partial<Record<DraftKey, DraftValue>> | null;
  /** Keys edited here that someone else changed meanwhile: held back from saving until settled. */
  conflicts: Partial<Record<DraftKey, Conflict>>;
  /** Keys someone else just changed (not edited here): who, for a "Changed by" mark. */
  remote: Partial<Record<DraftKey, string>>;
}

const HEADER_KEYS = ['title', 'status', 'dates', 'classes', 'areas', 'statements', 'library_resources'] as const;
const FIELD_KEYS = Object.keys(UNIT_FIELD_KINDS) as UnitFieldKey[];
/** Every key the server versions, in a stable order. */
export const DRAFT_KEYS: readonly DraftKey[] = [...HEADER_KEYS, ...FIELD_KEYS];
const ID_SETS = new Set<DraftKey>(['classes', 'areas', 'statements', 'library_resources']);

export const isFieldKey = (key: DraftKey): key is UnitFieldKey => key in UNIT_FIELD_KINDS;

/** The planner's keys a key of the server names (its `resources` stands for the linked resources and the EYFS list). */
export function keysOfServer(key: string): DraftKey[] {
  if (key === 'resources') return ['library_resources', 'resources'];
  return (DRAFT_KEYS as readonly string[]).includes(key) ? [key as DraftKey] : [];
}

const ids = (list: readonly { _id: string }[]) => list.map((item) => item._id).sort();

/** A key's value in a unit as the planner edits it (an absent field is its kind's empty value). */
export function savedValue(unit: Unit, key: DraftKey): DraftValue {
  switch (key) {
    case 'title':
      return unit.title;
    case 'status':
      return unit.status;
    case 'dates':
      return { start_date: unit.start_date, end_date: unit.end_date };
    case 'classes':
      return ids(unit.classes);
    case 'areas':
      return ids(unit.areas);
    case 'statements':
      // A unit read before statements were tagged has none.
      return ids(unit.statements ?? []);
    case 'library_resources':
      return ids(unit.resources);
    default: {
      const value = unit.fields[key];
      if (value !== undefined) return value;
      return UNIT_FIELD_KINDS[key] === 'text' ? '' : [];
    }
  }
}

/** Values compare by content (lists in order, id sets in any order since they are kept sorted). */
export const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * A value as the server would store it: a title trimmed, a list without its blank items (an item just
 * added and not yet typed is not a change).
 */
export function wireValue(key: DraftKey, value: DraftValue): DraftValue {
  if (key === 'title' && typeof value === 'string') return value.trim();
  if (isFieldKey(key) && UNIT_FIELD_KINDS[key] === 'list' && Array.isArray(value))
    return (value as string[]).map((item) => item.trim()).filter((item) => item.length > 0);
  return value;
}

export function createDraft(unit: Unit): UnitDraft {
  return { base: unit, local: {}, pending: null, conflicts: {}, remote: {} };
}

/** The value the planner shows: the person's edit, else the synced unit's. */
export function current<K extends DraftKey>(draft: UnitDraft, key: K): DraftValue {
  return key in draft.local ? (draft.local[key] as DraftValue) : savedValue(draft.base, key);
}

/** The planner's fields as shown (each field's edit or synced value). */
export function currentFields(draft: UnitDraft): UnitFields {
  const out: Record<string, DraftValue> = {};
  for (const key of FIELD_KEYS) out[key] = current(draft, key);
  return out as UnitFields;
}

/** The person edits a key. An id set is kept sorted; editing a key clears its "changed by" mark. */
export function edit(draft: UnitDraft, key: DraftKey, value: DraftValue): UnitDraft {
  const next = ID_SETS.has(key) && Array.isArray(value) ? [...(value as string[])].sort() : value;
  const { [key]: _mark, ...remote } = draft.remote;
  return { ...draft, local: { ...draft.local, [key]: next }, remote };
}

/** Keys whose edit would change what is saved (for "Not saved yet" marks and leaving the page). */
export function dirtyKeys(draft: UnitDraft): DraftKey[] {
  return DRAFT_KEYS.filter(
    (key) =>
      key in draft.local && !same(wireValue(key, draft.local[key] as DraftValue), wireValue(key, savedValue(draft.base, key))),
  );
}

/** What keeps an edit from being sent: the rules the server would refuse it by. */
export type DraftProblem = 'titleRequired' | 'endBeforeStart' | 'classesRequired';
export function problems(draft: UnitDraft): Partial<Record<DraftKey, DraftProblem>> {
  const out: Partial<Record<DraftKey, DraftProblem>> = {};
  const title = current(draft, 'title');
  if (typeof title === 'string' && title.trim() === '') out.title = 'titleRequired';
  const dates = current(draft, 'dates') as Dates;
  const start = isoFromDdmmyyyy(dates.start_date);
  const end = isoFromDdmmyyyy(dates.end_date);
  if (!start || !end || end < start) out.dates = 'endBeforeStart';
  const classes = current(draft, 'classes');
  if (Array.isArray(classes) && classes.length === 0) out.classes = 'classesRequired';
  return out;
}

/**
 * The change to send now: every edited key that differs from the synced unit, is not in conflict and
 * breaks no rule, made on the synced version; null when there is nothing to send.
 */
export function nextChange(draft: UnitDraft): { change: UnitChange; sent: Partial<Record<DraftKey, DraftValue>> } | null {
  const blocked = problems(draft);
  const sent: Partial<Record<DraftKey, DraftValue>> = {};
  for (const key of dirtyKeys(draft)) {
    if (key in draft.conflicts || key in blocked) continue;
    sent[key] = wireValue(key, draft.local[key] as DraftValue);
  }
  if (Object.keys(sent).length === 0) return null;
  return { change: changeOf(draft.base.version, sent), sent };
}

/** A change's body from the keys sent. */
export function changeOf(baseVersion: number, sent: Partial<Record<DraftKey, DraftValue>>): UnitChange {
  const change: UnitChange = { base_version: baseVersion };
  const fields: Record<string, DraftValue> = {};
  for (const [key, value] of Object.entries(sent) as [DraftKey, DraftValue][]) {
    if (key === 'title') change.title = value as string;
    else if (key === 'status') change.status = value as UnitStatus;
    else if (key === 'dates') {
      change.start_date = (value as Dates).start_date;
      change.end_date = (value as Dates).end_date;
    } else if (key === 'classes') change.class_ids = value as string[];
    else if (key === 'areas') change.area_ids = value as string[];
    else if (key === 'statements') change.statement_ids = value as string[];
    else if (key === 'library_resources') change.resource_ids = value as string[];
    else fields[key] = value;
  }
  if (Object.keys(fields).length > 0) change.fields = fields as UnitFields;
  return change;
}

/** A save is on its way with these keys. */
export const saving = (draft: UnitDraft, sent: Partial<Record<DraftKey, DraftValue>>): UnitDraft => ({ ...draft, pending: sent });

/**
 * Takes in a newer unit (someone else's save, read again after their event, or the answer to this page's
 * own save). A unit no newer than the synced one changes nothing. For each key:
 * - edited here and now saved with the same value (this page's save, or both wrote the same): the edit
 *   is done;
 * - edited here, changed by someone else to another value: a conflict (the edit stays, held back);
 * - edited here only in ways that save nothing (a blank list item) and changed by someone else: theirs;
 * - not edited here and changed by someone else: taken in, marked with who changed it.
 * `by` names who made the change (null for this page's own save).
 */
export function rebase(draft: UnitDraft, unit: Unit, by: string | null): UnitDraft {
  if (unit.version <= draft.base.version) return draft;
  const pending = draft.pending ?? {};
  const local = { ...draft.local };
  const conflicts = { ...draft.conflicts };
  const remote = { ...draft.remote };
  for (const key of DRAFT_KEYS) {
    const before = savedValue(draft.base, key);
    const after = savedValue(unit, key);
    const changed = !same(before, after);
    const ours = key in pending && same(wireValue(key, pending[key] as DraftValue), after);
    if (key in local) {
      const mine = local[key] as DraftValue;
      if (same(mine, after)) {
        // Saved as the person has it. (An edit that differs only by a blank list item stays, so the
        // empty line the person just added does not vanish under them; it saves nothing.)
        delete local[key];
        delete conflicts[key];
        continue;
      }
      if (!changed || ours) continue;
      if (same(wireValue(key, mine), wireValue(key, before)) && !(key in conflicts)) {
        // Nothing of the person's would be saved: take theirs.
        delete local[key];
        if (by) remote[key] = by;
        continue;
      }
      conflicts[key] = { theirs: after, by };
    } else if (changed && !ours && by) {
      remote[key] = by;
    }
  }
  return { base: unit, local, pending: draft.pending, conflicts, remote };
}

/** The save answered with the saved unit. */
export const saved = (draft: UnitDraft, unit: Unit): UnitDraft => ({ ...rebase(draft, unit, null), pending: null });

/** The save failed for another reason than a conflict: the edits stay, to send again. */
export const saveFailed = (draft: UnitDraft): UnitDraft => ({ ...draft, pending: null });

/**
 * The save was refused with 409 EDIT_CONFLICT naming `keys` (nothing of it was saved), and `latest` is
 * the unit read again: the named keys the person edited become conflicts, the rest of the edits stay to
 * be sent again on the newer version.
 */
export function conflicted(draft: UnitDraft, keys: readonly string[], latest: Unit, by: string | null = null): UnitDraft {
  const next = rebase({ ...draft, pending: null }, latest, by);
  const conflicts = { ...next.conflicts };
  const local = { ...next.local };
  for (const key of keys.flatMap(keysOfServer)) {
    if (!(key in local)) continue;
    const theirs = savedValue(latest, key);
    if (same(wireValue(key, local[key] as DraftValue), theirs)) {
      delete local[key];
      delete conflicts[key];
    } else conflicts[key] ??= { theirs, by };
  }
  return { ...next, local, conflicts, pending: null };
}

/** Settles a conflict with the other person's value: the edit is dropped. */
export function keepTheirs(draft: UnitDraft, key: DraftKey): UnitDraft {
  const { [key]: _edit, ...local } = draft.local;
  const { [key]: _conflict, ...conflicts } = draft.conflicts;
  return { ...draft, local, conflicts };
}

/** Settles a conflict with the person's own value: sent again on the version that holds theirs. */
export function keepMine(draft: UnitDraft, key: DraftKey): UnitDraft {
  const { [key]: _conflict, ...conflicts } = draft.conflicts;
  return { ...draft, conflicts };
}

/** Clears the "changed by" marks (after they have been seen a while). */
export const clearRemote = (draft: UnitDraft): UnitDraft => (Object.keys(draft.remote).length ? { ...draft, remote: {} } : draft);
