import {
  BUILT_IN_CONSENTS,
  type ChangeRequest,
  type ChildAlert,
  type ChildConsent,
  type ChildContact,
  type ChildHealth,
  type ChildProfile,
  type ChildRecord,
  ddmmyyyyFromIso,
  type HealthItem,
  type RecordCheck,
} from '@cue/contract';
import { signMedia } from '../../platform/media-urls.js';
import type { ChangeRequestRow, ConsentRow, ContactRow, HealthItemRow, PersonRow, ProfileRow, StudentRow } from './repo.js';

const ref = (p: PersonRow) => (p?.id ? { id: p.id, first_name: p.firstName, last_name: p.lastName } : null);
const day = (iso: string | null | undefined) => (iso ? ddmmyyyyFromIso(iso) : null);

/** The spec's age format: whole years and months between the birthday and today, e.g. '3y 2m'. */
export function ageText(birthIso: string | null | undefined, todayIso: string): string | null {
  if (!birthIso || birthIso > todayIso) return null;
  const [by = 0, bm = 0, bd = 0] = birthIso.split('-').map(Number);
  const [ty = 0, tm = 0, td = 0] = todayIso.split('-').map(Number);
  let months = (ty - by) * 12 + (tm - bm);
  if (td < bd) months -= 1;
  return `${Math.floor(months / 12)}y ${months % 12}m`;
}

export const presentHealthItem = (r: HealthItemRow): HealthItem => ({
  id: r.item.id,
  kind: r.item.kind as HealthItem['kind'],
  name: r.item.name,
  severity: (r.item.severity as HealthItem['severity']) ?? null,
  reaction: r.item.reaction,
  action_plan: r.item.actionPlan,
  epipen: r.item.epipen,
  recorded_by: ref(r.recordedBy),
  recorded_at: r.item.recordedAt.toISOString(),
});

export const presentContact = (r: ContactRow, withReason: boolean): ChildContact => ({
  id: r.contact.id,
  kind: r.contact.kind as ChildContact['kind'],
  name: r.contact.name,
  relationship: r.contact.relationship,
  phone: r.contact.phone,
  priority: r.contact.priority,
  photo: signMedia(r.contact.photo),
  reason: withReason ? r.contact.reason : null,
  recorded_by: ref(r.recordedBy),
  recorded_at: r.contact.recordedAt.toISOString(),
});

export function presentProfile(row: ProfileRow | null, todayIso: string): ChildProfile {
  const p = row?.profile;
  return {
    date_of_birth: day(p?.dateOfBirth),
    age: ageText(p?.dateOfBirth, todayIso),
    gender: (p?.gender as ChildProfile['gender']) ?? null,
    preferred_name: p?.preferredName ?? null,
    home_languages: p?.homeLanguages ?? [],
    address: p?.address ?? null,
    start_date: day(p?.startDate),
    leaving_date: day(p?.leavingDate),
    key_person: row ? ref(row.keyPerson) : null,
    notes: p?.notes ?? null,
  };
}

export function presentHealth(row: ProfileRow | null, items: HealthItemRow[]): ChildHealth {
  const p = row?.profile;
  const of = (kind: string) => items.filter((i) => i.item.kind === kind).map(presentHealthItem);
  return {
    allergies: of('allergy'),
    conditions: of('condition'),
    medicines: of('medicine'),
    dietary: p?.dietary ?? null,
    doctor: p?.doctor ?? null,
    immunisation: (p?.immunisation as ChildHealth['immunisation']) ?? null,
    sen: p?.sen ?? null,
    updated_by: row ? ref(row.updatedBy) : null,
    updated_at: p?.updatedAt ? p.updatedAt.toISOString() : null,
  };
}

/** Badges: a severe allergy, an EpiPen, a medical condition or regular medicine. */
export function alertsOf(items: HealthItemRow[]): ChildAlert[] {
  const alerts: ChildAlert[] = [];
  if (items.some((i) => i.item.kind === 'allergy' && i.item.severity === 'severe')) alerts.push('severe_allergy');
  if (items.some((i) => i.item.epipen)) alerts.push('epipen');
  if (items.some((i) => i.item.kind === 'condition' || i.item.kind === 'medicine')) alerts.push('medical');
  return alerts;
}

/** Every kind of consent the school asks for, built-in ones first, with the one in force and its history. */
export function presentConsents(events: ConsentRow[], ownTypes: { key: string; label: string }[]): ChildConsent[] {
  const kinds = [
    ...BUILT_IN_CONSENTS.map((key) => ({ key, label: null as string | null, built_in: true })),
    ...ownTypes.map((t) => ({ key: t.key, label: t.label as string | null, built_in: false })),
  ];
  return kinds.map((k) => {
    const history = events.filter((e) => e.consent.key === k.key);
    const latest = history[0];
    return {
      ...k,
      granted: latest ? latest.consent.granted : null,
      given_by: latest ? ref(latest.givenBy) : null,
      given_at: latest ? latest.consent.givenAt.toISOString() : null,
      history: history.map((e) => ({
        granted: e.consent.granted,
        given_by: ref(e.givenBy),
        given_at: e.consent.givenAt.toISOString(),
      })),
    };
  });
}

export const presentChangeRequest = (r: ChangeRequestRow, current: Record<string, unknown>): ChangeRequest => ({
  id: r.request.id,
  student: { id: r.student.id, first_name: r.student.firstName, last_name: r.student.lastName },
  changes: r.request.changes,
  current,
  status: r.request.status as ChangeRequest['status'],
  proposed_by: ref(r.proposedBy),
  created_at: r.request.createdAt.toISOString(),
  decided_by: ref(r.decidedBy),
  decided_at: r.request.decidedAt ? r.request.decidedAt.toISOString() : null,
});

export const presentStudent = (s: StudentRow): ChildRecord['student'] => ({
  id: s.id,
  first_name: s.firstName,
  last_name: s.lastName,
  student_profile_picture: signMedia(s.profilePicture),
  student_class: s.classes.map((c) => ({ class_id: c.id, class_name: c.name })),
});

/** Pending from the school's request until the family confirms after it. */
export function presentCheck(row: ProfileRow | null): RecordCheck {
  const requested = row?.profile.checkRequestedAt ?? null;
  const confirmed = row?.profile.checkConfirmedAt ?? null;
  return {
    requested_at: requested ? requested.toISOString() : null,
    confirmed_at: confirmed ? confirmed.toISOString() : null,
    pending: !!requested && (!confirmed || confirmed < requested),
  };
}
