import { type AdultRequest, type ChildDay, ERROR_CODES, type ExpectedCollector } from '@cue/contract';
import dayjs from 'dayjs';
import { ApiError } from '../../../lib/api';

/*
 * The pure rules of the staff's check-in and check-out: who the dialog's choice sends, which refusals
 * are said big inside it, how a time and the dismissal's groups are shown.
 */

/** What the dialog's "who" holds: one of the expected adults, a one-time code, or someone else by name. */
export type AdultChoice =
  | { kind: 'expected'; key: string }
  /** A one-time code, typed for one of the expected one-time people (`person`, their key) or anyone. */
  | { kind: 'code'; code: string; person?: string }
  | { kind: 'other'; name: string; relationship: string };

/** A stable key of an expected adult among the child's (a parent, a collector contact, a one-time person). */
export const collectorKey = (c: ExpectedCollector): string => `${c.kind}:${c.parent_id ?? c.contact_id ?? c.pickup_id ?? c.name}`;

/** The one-time code's form: six digits. */
export const ONE_TIME_CODE = /^\d{6}$/;

/**
 * The adult the server is sent, or null while the choice is not complete. A one-time person is
 * proved by their code, never by their name alone: choosing their card asks for the code.
 */
export function adultRequestOf(choice: AdultChoice | null, expected: readonly ExpectedCollector[]): AdultRequest | null {
  if (!choice) return null;
  if (choice.kind === 'code') {
    const code = choice.code.trim();
    return ONE_TIME_CODE.test(code) ? { kind: 'one_time', code } : null;
  }
  if (choice.kind === 'other') {
    const name = choice.name.trim();
    if (!name) return null;
    const relationship = choice.relationship.trim();
    return relationship ? { kind: 'other', name, relationship } : { kind: 'other', name };
  }
  const person = expected.find((c) => collectorKey(c) === choice.key);
  if (!person) return null;
  if (person.kind === 'parent' && person.parent_id) return { kind: 'parent', parent_id: person.parent_id };
  if (person.kind === 'collector' && person.contact_id) return { kind: 'collector', contact_id: person.contact_id };
  return null;
}

/** The refusals of an adult at the door: said big and red inside the dialog (the office is alerted too). */
const DOOR_REFUSALS: ReadonlySet<string> = new Set([
  ERROR_CODES.notAuthorisedCollector,
  ERROR_CODES.collectorBlocked,
  ERROR_CODES.pickupCodeInvalid,
]);

export const isDoorRefusal = (err: unknown): boolean => err instanceof ApiError && DOOR_REFUSALS.has(err.code);

/** An instant as the spec shows a time (hh:mm A), on the device's clock. */
export const timeOf = (iso: string): string => dayjs(iso).format('hh:mm A');

/** The dismissal's children by class, classes and children in name order. */
export function byClass(children: readonly ChildDay[]): { classId: string; name: string; children: ChildDay[] }[] {
  const groups = new Map<string, { classId: string; name: string; children: ChildDay[] }>();
  for (const child of children) {
    const group = groups.get(child.class_id) ?? { classId: child.class_id, name: child.class_name, children: [] };
    group.children.push(child);
    groups.set(child.class_id, group);
  }
  const fullName = (c: ChildDay) => `${c.student.first_name} ${c.student.last_name}`;
  return [...groups.values()]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((g) => ({ ...g, children: [...g.children].sort((a, b) => fullName(a).localeCompare(fullName(b))) }));
}

/**
 * The day's entry a mistaken tap may remove: the check-out when there is one (the child is then in
 * again), else the check-in.
 */
export const lastEntryOf = (child: ChildDay) => child.checked_out ?? child.checked_in ?? null;

/** "HH:MM" ↔ the settings' closing time, null meaning each class's own end time. */
export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
