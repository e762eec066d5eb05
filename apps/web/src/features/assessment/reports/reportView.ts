import {
  type EvidenceRef,
  RECORD_KINDS,
  REPORT_CHECKS,
  type RecordKind,
  type ReportCheck,
  type ReportCheckKind,
} from '@cue/contract';
import { showDay } from '../../planning/planFormat';

export type Finding = ReportCheck['findings'][number];

/** The report check's findings grouped by kind, in the contract's order of kinds, children by name within each. */
export function groupFindings(findings: readonly Finding[]): { kind: ReportCheckKind; findings: Finding[] }[] {
  return REPORT_CHECKS.map((kind) => ({
    kind,
    findings: findings
      .filter((f) => f.kind === kind)
      .sort((a, b) => a.student_name.localeCompare(b.student_name) || (a.area_name ?? '').localeCompare(b.area_name ?? '')),
  })).filter((group) => group.findings.length > 0);
}

/**
 * The record's kinds asked by the address (`?kinds=story,media`): known kinds only, in the contract's
 * order; none (or nothing known) means every kind.
 */
export function kindsFromParam(param: string | null): RecordKind[] {
  const asked = new Set((param ?? '').split(',').map((k) => k.trim()));
  const known = RECORD_KINDS.filter((k) => asked.has(k));
  return known.length > 0 ? known : [...RECORD_KINDS];
}

/** The address's `?kinds=` for the chosen kinds: none when every kind (or none) is chosen, so the plain address shows all. */
export function kindsParam(kinds: readonly RecordKind[]): string | null {
  const chosen = RECORD_KINDS.filter((k) => kinds.includes(k));
  return chosen.length === 0 || chosen.length === RECORD_KINDS.length ? null : chosen.join(',');
}

/** A kind chip toggled: from "all" a click keeps only that kind; the last kind unchosen goes back to all. */
export function toggleKind(current: readonly RecordKind[], kind: RecordKind): RecordKind[] {
  const all = current.length === RECORD_KINDS.length;
  if (all) return [kind];
  const next = current.includes(kind) ? current.filter((k) => k !== kind) : [...current, kind];
  return next.length === 0 ? [...RECORD_KINDS] : RECORD_KINDS.filter((k) => next.includes(k));
}

/** The evidence a drafted sentence names, as listed with the entry (pieces no longer listed are left out). */
export function sentenceEvidence<E extends EvidenceRef>(refs: readonly EvidenceRef[], listed: readonly E[]): E[] {
  return refs.flatMap((ref) => listed.filter((e) => e.kind === ref.kind && e.id === ref.id).slice(0, 1));
}

/** The children before and after this entry in the set's order (for previous / next child). */
export function neighbours<T extends { _id: string }>(entries: readonly T[], id: string): { previous: T | null; next: T | null } {
  const at = entries.findIndex((e) => e._id === id);
  if (at < 0) return { previous: null, next: null };
  return { previous: entries[at - 1] ?? null, next: entries[at + 1] ?? null };
}

/** A comment's text changed against what was saved (spaces at the ends ignored), so only real edits are sent. */
export const commentChanged = (saved: string, typed: string | undefined): boolean =>
  typed !== undefined && typed.trim() !== saved.trim();

/** A server time stamp (ISO) as the reader's day ('9 Mar 2026'), through the planning pages' one day format. */
export function dayOfStamp(iso: string, language: string): string {
  return showDay(iso.slice(0, 10), language);
}

/**
 * A group's findings one line per child (a class's check can name hundreds of child-and-area pairs):
 * the child's entry, the areas named in order, and the other children a copied comment shares words with.
 */
export function byChild(findings: readonly Finding[]): { entryId: string; name: string; areas: string[]; others: string[] }[] {
  const rows = new Map<string, { entryId: string; name: string; areas: string[]; others: string[] }>();
  for (const f of findings) {
    const row = rows.get(f.entry_id) ?? { entryId: f.entry_id, name: f.student_name, areas: [], others: [] };
    if (f.area_name && !row.areas.includes(f.area_name)) row.areas.push(f.area_name);
    for (const o of f.others) if (!row.others.includes(o)) row.others.push(o);
    rows.set(f.entry_id, row);
  }
  return [...rows.values()];
}
