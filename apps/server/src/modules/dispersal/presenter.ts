import {
  type ChildAlert,
  type ChildDay,
  type DispersalAlert,
  type DispersalEvent,
  type DispersalSettings,
  ddmmyyyyFromIso,
  type ExpectedCollector,
  type Kiosk,
  type OneTimePickup,
} from '@cue/contract';
import { signMedia } from '../../platform/media-urls.js';
import type { FamilyMember } from '../people/service.js';
import type { AlertRow, EventRow, KioskWithCreator, PickupWithCreator, SettingsRow, StudentRow } from './repo.js';

/* Database rows → the wire's shapes of drop-off and pick-up (days DD-MM-YYYY, instants ISO). */

type PersonRef = { id: string; first_name: string; last_name: string };
const personOf = (json: string | null): PersonRef | null => (json ? (JSON.parse(json) as PersonRef) : null);
const iso = (d: Date | string) => new Date(d).toISOString();

export const DEFAULT_SETTINGS: DispersalSettings = {
  health_question: null,
  late_after_minutes: 15,
  closing_time: null,
  late_pickup_grace_minutes: 10,
  notify_families: true,
  mark_attendance: true,
};

export function presentSettings(row: SettingsRow | null): DispersalSettings {
  if (!row) return { ...DEFAULT_SETTINGS };
  return {
    health_question: row.healthQuestion,
    late_after_minutes: row.lateAfterMinutes,
    closing_time: row.closingTime,
    late_pickup_grace_minutes: row.latePickupGraceMinutes,
    notify_families: row.notifyFamilies,
    mark_attendance: row.markAttendance,
  };
}

export const presentStudent = (s: Pick<StudentRow, 'id' | 'firstName' | 'lastName' | 'profilePicture'>) => ({
  id: s.id,
  first_name: s.firstName,
  last_name: s.lastName,
  student_profile_picture: signMedia(s.profilePicture),
});

/** The child of a row as the wire shows it, or just its id when the child's row was not read. */
const studentOr = (student: StudentRow | undefined, id: string) =>
  student ? presentStudent(student) : { id, first_name: '', last_name: '', student_profile_picture: null };

export function presentEvent(r: EventRow, student: StudentRow | undefined): DispersalEvent {
  const e = r.event;
  return {
    id: e.id,
    student: studentOr(student, e.studentId),
    class_id: e.classId,
    kind: e.kind as DispersalEvent['kind'],
    at: iso(e.at),
    date: ddmmyyyyFromIso(String(e.date)),
    adult: {
      kind: e.adultKind as DispersalEvent['adult']['kind'],
      name: e.adultName,
      relationship: e.adultRelationship,
      contact_id: e.contactId,
      photo: null,
    },
    via: e.via as DispersalEvent['via'],
    recorded_by: personOf(r.recorder),
    kiosk_name: r.kioskName,
    health_ok: e.healthOk,
    health_note: e.healthNote,
    late: e.late,
    late_minutes: e.lateMinutes,
  };
}

export function presentAlert(r: AlertRow): DispersalAlert {
  const a = r.alert;
  return {
    id: a.id,
    kind: a.kind as DispersalAlert['kind'],
    student: r.student ? presentStudent(r.student) : null,
    class_id: a.classId,
    adult_name: a.adultName,
    detail: a.detail,
    via: a.via as DispersalAlert['via'],
    kiosk_name: r.kioskName,
    at: iso(a.at),
    closed_by: personOf(r.closer),
    closed_at: a.closedAt ? iso(a.closedAt) : null,
  };
}

export function pickupStatus(p: PickupWithCreator['pickup'], today: string): OneTimePickup['status'] {
  if (p.cancelledAt) return 'cancelled';
  if (p.usedAt) return 'used';
  return String(p.date) < today ? 'expired' : 'active';
}

export function presentPickup(r: PickupWithCreator, student: StudentRow | undefined, today: string): OneTimePickup {
  const p = r.pickup;
  return {
    id: p.id,
    student: studentOr(student, p.studentId),
    name: p.name,
    relationship: p.relationship,
    phone: p.phone,
    date: ddmmyyyyFromIso(String(p.date)),
    code: p.code,
    status: pickupStatus(p, today),
    created_by: personOf(r.creator),
    created_at: iso(p.createdAt),
  };
}

export function presentKiosk(r: KioskWithCreator): Kiosk {
  return {
    id: r.kiosk.id,
    name: r.kiosk.name,
    created_at: iso(r.kiosk.createdAt),
    created_by: personOf(r.creator),
    last_seen_at: r.kiosk.lastSeenAt ? iso(r.kiosk.lastSeenAt) : null,
  };
}

/** A parent of a child, with the email to write to about that child (the one the school recorded on the link first). */
export type FamilyRow = Omit<FamilyMember, 'childEmail'>;

export const parentCollector = (f: FamilyRow): ExpectedCollector => ({
  kind: 'parent',
  name: `${f.firstName} ${f.lastName}`.trim(),
  relationship: f.relation || null,
  phone: f.phone,
  photo: signMedia(f.photo),
  contact_id: null,
  parent_id: f.parentId,
  pickup_id: null,
});

export type { ChildAlert, ChildDay };
