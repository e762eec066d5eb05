import {
  type CareDetails,
  type CareEntry,
  ddmmyyyyFromIso,
  type Incident,
  type Medicine,
  type MedicineDose,
} from '@cue/contract';
import { minuteFromWire, wireOfMinute } from '../../platform/dates.js';
import type { DoseRow, EntryRow, IncidentRow, MedicineRow } from './repo.js';

/** Minutes after midnight → 'hh:mm A'. */
export const hhmmOf = wireOfMinute;

/** 'hh:mm A' (checked by the schema) → minutes after midnight. */
export const minuteOf = minuteFromWire;

const ref = (id: string, names: ReadonlyMap<string, string>) => ({ _id: id, name: names.get(id) ?? '' });

export function presentEntry(r: EntryRow, names: ReadonlyMap<string, string>, abilities: CareEntry['abilities']): CareEntry {
  const details: CareDetails = { ...(r.details as CareDetails) };
  if (r.kind === 'nap') details.end = r.endMinute === null ? null : hhmmOf(r.endMinute);
  return {
    _id: r.id,
    class_id: r.classId,
    student: { _id: r.studentId, name: r.studentName },
    kind: r.kind as CareEntry['kind'],
    date: ddmmyyyyFromIso(r.day),
    time: hhmmOf(r.minute),
    details,
    note: r.note,
    checks: r.checks.map((c) => ({
      time: hhmmOf(c.minute),
      position: c.position as CareEntry['checks'][number]['position'],
      note: c.note,
      by: ref(c.by, names),
    })),
    staff: { _id: r.staffId, name: r.staffName },
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    abilities,
  };
}

export function presentDose(d: DoseRow): MedicineDose {
  return {
    _id: d.id,
    date: ddmmyyyyFromIso(d.day),
    time: hhmmOf(d.minute),
    dose: d.dose,
    at_home: d.atHome,
    given_by: { _id: d.givenBy, name: d.givenName },
    witness: d.witnessId ? { _id: d.witnessId, name: d.witnessName ?? '' } : null,
    note: d.note,
    created_at: d.createdAt.toISOString(),
  };
}

export function presentMedicine(
  m: MedicineRow,
  doses: DoseRow[],
  nextAllowedAt: Date | null,
  abilities: Medicine['abilities'],
): Medicine {
  return {
    _id: m.id,
    student: { _id: m.studentId, name: m.studentName },
    name: m.name,
    dose: m.dose,
    times: m.times,
    reason: m.reason,
    min_interval_hours: m.minIntervalHours,
    from: ddmmyyyyFromIso(m.fromDate),
    to: ddmmyyyyFromIso(m.toDate),
    consent:
      m.consentKind && m.consentBy
        ? {
            kind: m.consentKind as 'app' | 'signed_form',
            by: { _id: m.consentBy, name: m.consentName },
            at: (m.consentAt ?? m.createdAt).toISOString(),
          }
        : null,
    status: m.status as Medicine['status'],
    doses: doses.map(presentDose),
    next_allowed_at: nextAllowedAt?.toISOString() ?? null,
    created_by: { _id: m.createdBy, name: m.createdName, kind: m.createdKind as 'staff' | 'parent' },
    created_at: m.createdAt.toISOString(),
    abilities,
  };
}

/** The people a report names besides its author (reviewer, parent, regulator's recorder, correctors). */
export const incidentPeople = (r: IncidentRow): string[] =>
  [r.reviewedBy, r.acknowledgedBy, r.regulatorBy, ...r.corrections.map((c) => c.by)].filter((id): id is string => !!id);

export function presentIncident(r: IncidentRow, names: ReadonlyMap<string, string>, abilities: Incident['abilities']): Incident {
  return {
    _id: r.id,
    class_id: r.classId,
    student: { _id: r.studentId, name: r.studentName },
    kind: r.kind as Incident['kind'],
    date: ddmmyyyyFromIso(r.day),
    time: hhmmOf(r.minute),
    location: r.location,
    description: r.description,
    injury: r.injury,
    first_aid: r.firstAid,
    body_map: r.bodyMap,
    witness: r.witness,
    serious: r.serious,
    staff: { _id: r.staffId, name: r.staffName },
    signature: r.signature,
    signed_at: r.signedAt.toISOString(),
    reviewed:
      r.reviewedBy && r.reviewedAt
        ? { by: ref(r.reviewedBy, names), at: r.reviewedAt.toISOString(), note: r.reviewNote ?? '' }
        : null,
    acknowledged:
      r.acknowledgedBy && r.acknowledgedAt
        ? {
            by: ref(r.acknowledgedBy, names),
            at: r.acknowledgedAt.toISOString(),
            signature: r.acknowledgedSignature ?? '',
          }
        : null,
    regulator_due: r.regulatorDue ? ddmmyyyyFromIso(r.regulatorDue) : null,
    regulator_notified:
      r.regulatorOn && r.regulatorBy
        ? { on: ddmmyyyyFromIso(r.regulatorOn), reference: r.regulatorReference ?? '', by: ref(r.regulatorBy, names) }
        : null,
    corrections: r.corrections.map((c) => ({ by: ref(c.by, names), at: c.at, reason: c.reason, changes: c.changes })),
    created_at: r.createdAt.toISOString(),
    abilities,
  };
}
