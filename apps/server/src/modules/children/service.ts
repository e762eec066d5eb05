import {
  BUILT_IN_CONSENTS,
  CHILD_MESSAGES,
  type ChangeRequest,
  type ChildConsent,
  type ChildContact,
  type ChildHealth,
  type ChildProfile,
  type ChildRecord,
  type ConsentType,
  type ContactRequest,
  ERROR_CODES,
  type HealthItem,
  type HealthItemRequest,
  type HealthUpdate,
  isoFromDdmmyyyy,
  isoOfUtc,
  type ProfileUpdate,
  type ProposedChanges,
  type RecordCheck,
  type StudentAlerts,
} from '@cue/contract';
import { requireAccess, type Scope } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { UploadedFile } from '../../platform/http/upload.js';
import { newId } from '../../platform/ids.js';
import { toProfilePicture } from '../../platform/images.js';
import { signMedia } from '../../platform/media-urls.js';
import type { MediaStore } from '../../platform/storage.js';
import { canDecide, canSeeMedical, canSeeNotAllowed, managesStudents } from './policy.js';
import {
  ageText,
  alertsOf,
  presentChangeRequest,
  presentCheck,
  presentConsents,
  presentContact,
  presentHealth,
  presentHealthItem,
  presentProfile,
  presentStudent,
} from './presenter.js';
import * as repo from './repo.js';

const isoOrNull = (value: string | null | undefined, field: string): string | null | undefined => {
  if (value === undefined || value === null) return value;
  const iso = isoFromDdmmyyyy(value);
  if (!iso) throw badRequest(`${field}: ${value} is not a date`, ERROR_CODES.validation, field);
  return iso;
};

/**
 * The child's record (issue 18). Reads go through `requireAccess(scope, 'child')`; medical details
 * only to those who need them, each staff read audited; the people who must not collect the child
 * only to admins; consents are appended, never overwritten; a family's proposed changes wait for the
 * school.
 */
export type ConsentListener = (scope: Scope, studentId: string, key: string, granted: boolean) => Promise<void>;

/** A child's authorised collectors and the names of those who must not collect it. */
export interface PickupContacts {
  collectors: { id: string; name: string; relationship: string | null; phone: string | null; photo: string | null }[];
  blocked: string[];
}

export class ChildRecordService {
  private readonly consentListeners: ConsentListener[] = [];

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly storage: MediaStore,
  ) {}

  private today(): string {
    return isoOfUtc(this.clock.now());
  }

  private async studentOf(scope: Scope, studentId: string) {
    await requireAccess(scope, 'child', [studentId]);
    const student = await repo.student(scope, this.db, studentId);
    if (!student) throw notFound();
    return student;
  }

  async record(scope: Scope, studentId: string): Promise<ChildRecord> {
    const student = await this.studentOf(scope, studentId);
    const [profile, items, contacts, consents, ownTypes, pending, medical, admin, decide] = await Promise.all([
      repo.profile(scope, this.db, studentId),
      repo.healthItems(scope, this.db, [studentId]),
      repo.contacts(scope, this.db, studentId),
      repo.consents(scope, this.db, studentId),
      repo.schoolConsentTypes(scope, this.db, student.schoolId),
      repo.changeRequests(scope, this.db, { studentId, status: 'pending' }),
      canSeeMedical(scope, studentId),
      canSeeNotAllowed(scope),
      canDecide(scope),
    ]);
    if (medical && scope.kind === 'staff') await repo.recordMedicalView(scope, this.db, newId(), studentId, this.clock.now());
    const manages = await managesStudents(scope);
    const parent = scope.kind === 'parent';
    return {
      student: presentStudent(student),
      profile: presentProfile(profile, this.today()),
      health: medical ? presentHealth(profile, items) : null,
      alerts: alertsOf(items),
      emergency_contacts: contacts.filter((c) => c.contact.kind === 'emergency').map((c) => presentContact(c, false)),
      collectors: contacts.filter((c) => c.contact.kind === 'collector').map((c) => presentContact(c, false)),
      not_allowed: admin ? contacts.filter((c) => c.contact.kind === 'not_allowed').map((c) => presentContact(c, true)) : null,
      consents: presentConsents(consents, ownTypes),
      pending_changes: await Promise.all(
        pending
          .filter((r) => !parent || r.request.proposedBy === scope.userId)
          .map(async (r) =>
            presentChangeRequest(r, await this.currentOf(scope, r.student.id, r.request.changes, r.request.proposedBy)),
          ),
      ),
      check: presentCheck(profile),
      abilities: {
        can_confirm_check: parent && presentCheck(profile).pending,
        can_edit_profile: manages,
        can_edit_health: manages,
        can_edit_contacts: manages,
        can_see_not_allowed: admin,
        can_record_consent: parent || manages,
        can_propose_changes: parent,
        can_decide_changes: decide,
        can_export_data: parent || manages,
        can_erase_data: manages && scope.kind === 'staff',
      },
    };
  }

  async updateProfile(scope: Scope, studentId: string, body: ProfileUpdate): Promise<ChildProfile> {
    await this.studentOf(scope, studentId);
    const current = await repo.profile(scope, this.db, studentId);
    const dateOfBirth = isoOrNull(body.date_of_birth, 'date_of_birth');
    const startDate = isoOrNull(body.start_date, 'start_date');
    const leavingDate = isoOrNull(body.leaving_date, 'leaving_date');
    if (dateOfBirth && dateOfBirth > this.today())
      throw badRequest(CHILD_MESSAGES.bornInFuture, ERROR_CODES.validation, 'date_of_birth');
    const start = startDate === undefined ? current?.profile.startDate : startDate;
    const leaving = leavingDate === undefined ? current?.profile.leavingDate : leavingDate;
    if (start && leaving && leaving < start)
      throw badRequest(CHILD_MESSAGES.leavingBeforeStart, ERROR_CODES.validation, 'leaving_date');
    if (body.key_person_id && !(await repo.staffOfChildClass(scope, this.db, studentId, body.key_person_id)))
      throw badRequest(CHILD_MESSAGES.keyPersonNotInClass, ERROR_CODES.validation, 'key_person_id');
    const values: Parameters<typeof repo.upsertProfile>[3] = {};
    if (dateOfBirth !== undefined) values.dateOfBirth = dateOfBirth;
    if (startDate !== undefined) values.startDate = startDate;
    if (leavingDate !== undefined) values.leavingDate = leavingDate;
    if (body.gender !== undefined) values.gender = body.gender;
    if (body.preferred_name !== undefined) values.preferredName = body.preferred_name || null;
    if (body.home_languages !== undefined) values.homeLanguages = [...new Set(body.home_languages.filter(Boolean))];
    if (body.address !== undefined) values.address = body.address || null;
    if (body.key_person_id !== undefined) values.keyPersonId = body.key_person_id;
    if (body.notes !== undefined) values.notes = body.notes || null;
    await repo.upsertProfile(scope, this.db, studentId, values, this.clock.now());
    return presentProfile(await repo.profile(scope, this.db, studentId), this.today());
  }

  async updateHealth(scope: Scope, studentId: string, body: HealthUpdate): Promise<ChildHealth> {
    await this.studentOf(scope, studentId);
    const values: Parameters<typeof repo.upsertProfile>[3] = {};
    if (body.dietary !== undefined) values.dietary = body.dietary;
    if (body.doctor !== undefined) values.doctor = body.doctor;
    if (body.immunisation !== undefined) values.immunisation = body.immunisation;
    if (body.sen !== undefined) values.sen = body.sen;
    await repo.upsertProfile(scope, this.db, studentId, values, this.clock.now());
    const [profile, items] = await Promise.all([
      repo.profile(scope, this.db, studentId),
      repo.healthItems(scope, this.db, [studentId]),
    ]);
    return presentHealth(profile, items);
  }

  private itemValues(body: HealthItemRequest) {
    return {
      kind: body.kind,
      name: body.name,
      severity: body.kind === 'allergy' ? (body.severity ?? null) : null,
      reaction: body.reaction,
      actionPlan: body.action_plan,
      epipen: body.epipen,
    };
  }

  async addHealthItem(scope: Scope, studentId: string, body: HealthItemRequest): Promise<HealthItem> {
    await this.studentOf(scope, studentId);
    const id = newId();
    await repo.insertHealthItem(scope, this.db, {
      id,
      studentId,
      ...this.itemValues(body),
      recordedBy: scope.userId,
      recordedAt: this.clock.now(),
    });
    return this.healthItem(scope, id);
  }

  private async healthItem(scope: Scope, id: string): Promise<HealthItem> {
    const row = await repo.healthItem(scope, this.db, id);
    if (!row) throw notFound();
    return presentHealthItem(row);
  }

  private async ownedHealthItem(scope: Scope, id: string) {
    const row = await repo.healthItem(scope, this.db, id);
    if (!row) throw notFound();
    await requireAccess(scope, 'child', [row.item.studentId]);
    return row;
  }

  async updateHealthItem(scope: Scope, id: string, body: HealthItemRequest): Promise<HealthItem> {
    await this.ownedHealthItem(scope, id);
    await repo.updateHealthItem(scope, this.db, id, { ...this.itemValues(body), recordedAt: this.clock.now() });
    return this.healthItem(scope, id);
  }

  async removeHealthItem(scope: Scope, id: string): Promise<void> {
    await this.ownedHealthItem(scope, id);
    await repo.deleteHealthItem(scope, this.db, id);
  }

  private contactValues(body: ContactRequest) {
    return {
      kind: body.kind,
      name: body.name,
      relationship: body.relationship,
      phone: body.phone ?? null,
      priority: body.priority,
      reason: body.kind === 'not_allowed' ? (body.reason ?? null) : null,
    };
  }

  private async contactOut(scope: Scope, id: string): Promise<ChildContact> {
    const row = await repo.contact(scope, this.db, id);
    if (!row) throw notFound();
    return presentContact(row, await canSeeNotAllowed(scope));
  }

  async addContact(scope: Scope, studentId: string, body: ContactRequest): Promise<ChildContact> {
    await this.studentOf(scope, studentId);
    if (body.kind === 'not_allowed' && !(await canSeeNotAllowed(scope))) throw forbidden();
    const id = newId();
    await repo.insertContact(scope, this.db, {
      id,
      studentId,
      ...this.contactValues(body),
      recordedBy: scope.userId,
      recordedAt: this.clock.now(),
    });
    return this.contactOut(scope, id);
  }

  private async ownedContact(scope: Scope, id: string) {
    const row = await repo.contact(scope, this.db, id);
    if (!row) throw notFound();
    await requireAccess(scope, 'child', [row.contact.studentId]);
    if ((row.contact.kind === 'not_allowed' || false) && !(await canSeeNotAllowed(scope))) throw forbidden();
    return row;
  }

  async updateContact(scope: Scope, id: string, body: ContactRequest): Promise<ChildContact> {
    await this.ownedContact(scope, id);
    if (body.kind === 'not_allowed' && !(await canSeeNotAllowed(scope))) throw forbidden();
    await repo.updateContact(scope, this.db, id, { ...this.contactValues(body), recordedAt: this.clock.now() });
    return this.contactOut(scope, id);
  }

  /** A collector's photo (staff check it at the door), stored like a child's picture: private, metadata removed. */
  async setContactPhoto(scope: Scope, id: string, upload: UploadedFile): Promise<ChildContact> {
    const row = await this.ownedContact(scope, id);
    const image = await toProfilePicture(upload.bytes, upload.mimetype);
    const url = await this.storage.put(`profile/contact/${newId()}.webp`, image, 'image/webp', upload.owner);
    await repo.updateContact(scope, this.db, id, { photo: url });
    if (row.contact.photo) await this.storage.remove(row.contact.photo).catch(() => undefined);
    return this.contactOut(scope, id);
  }

  async removeContact(scope: Scope, id: string): Promise<void> {
    await this.ownedContact(scope, id);
    await repo.deleteContact(scope, this.db, id);
  }

  /** A family gives or withdraws consent; an admin records a family's answer given on paper. In force at once. */
  async setConsent(scope: Scope, studentId: string, key: string, granted: boolean): Promise<ChildConsent> {
    const student = await this.studentOf(scope, studentId);
    if (scope.kind !== 'parent' && !(await managesStudents(scope))) throw forbidden();
    const ownTypes = await repo.schoolConsentTypes(scope, this.db, student.schoolId);
    const known = (BUILT_IN_CONSENTS as readonly string[]).includes(key) || ownTypes.some((t) => t.key === key);
    if (!known) throw badRequest(CHILD_MESSAGES.unknownConsent, ERROR_CODES.validation, 'key');
    await repo.insertConsent(scope, this.db, {
      id: newId(),
      studentId,
      key,
      granted,
      givenBy: scope.userId,
      givenAt: this.clock.now(),
    });
    // What follows from a consent (a withdrawn face-recognition consent deletes the child's face data) happens before the answer.
    for (const listener of this.consentListeners) await listener(scope, studentId, key, granted);
    const consents = presentConsents(await repo.consents(scope, this.db, studentId), ownTypes);
    const out = consents.find((c) => c.key === key);
    if (!out) throw notFound();
    return out;
  }

  /** Another module's duty when a consent is given or withdrawn, run before the consent's answer. */
  onConsent(listener: ConsentListener): void {
    this.consentListeners.push(listener);
  }

  /** Of these children (the scope must reach them), those whose consent of this kind is in force now. */
  async consentedAmong(scope: Scope, studentIds: readonly string[], key: string): Promise<Set<string>> {
    return repo.grantedAmong(scope, this.db, studentIds, key);
  }

  /** Whether the child's consent of this kind is in force now (other modules ask before they act). */
  async hasConsent(scope: Scope, studentId: string, key: string): Promise<boolean> {
    const events = await repo.consents(scope, this.db, studentId);
    return events.find((e) => e.consent.key === key)?.consent.granted === true;
  }

  /** What the record holds now for the keys a change names, to show beside it. */
  private async currentOf(scope: Scope, studentId: string, changes: Record<string, unknown>, parentUserId: string) {
    const current: Record<string, unknown> = {};
    const profile = await repo.profile(scope, this.db, studentId);
    const p = profile?.profile;
    for (const key of Object.keys(changes)) {
      if (key === 'preferred_name') current[key] = p?.preferredName ?? null;
      else if (key === 'address') current[key] = p?.address ?? null;
      else if (key === 'home_languages') current[key] = p?.homeLanguages ?? [];
      else if (key === 'dietary') current[key] = p?.dietary ?? null;
      else if (key === 'doctor') current[key] = p?.doctor ?? null;
      else if (key === 'parent_phone' || key === 'parent_email') {
        const contact = await repo.parentContact(scope, this.db, studentId, parentUserId);
        current[key] = key === 'parent_phone' ? (contact?.phone ?? null) : (contact?.email ?? null);
      } else if (key === 'contacts') {
        const rows = await repo.contacts(scope, this.db, studentId);
        current[key] = rows
          .filter((r) => r.contact.kind !== 'not_allowed')
          .map((r) => ({
            id: r.contact.id,
            kind: r.contact.kind,
            name: r.contact.name,
            relationship: r.contact.relationship,
            phone: r.contact.phone,
          }));
      }
    }
    return current;
  }

  async propose(scope: Scope, studentId: string, changes: ProposedChanges): Promise<ChangeRequest> {
    const student = await this.studentOf(scope, studentId);
    if (scope.kind !== 'parent') throw forbidden();
    const own = changes.contacts?.filter((c) => c.id).map((c) => c.id as string) ?? [];
    if (own.length) {
      const existing = new Set(
        (await repo.contacts(scope, this.db, studentId)).filter((c) => c.contact.kind !== 'not_allowed').map((c) => c.contact.id),
      );
      if (own.some((id) => !existing.has(id)))
        throw badRequest('contacts: no such contact of this child', ERROR_CODES.validation, 'contacts');
    }
    const id = newId();
    const clean = JSON.parse(JSON.stringify(changes)) as Record<string, unknown>;
    await repo.insertChangeRequest(scope, this.db, {
      id,
      studentId,
      schoolId: student.schoolId,
      proposedBy: scope.userId,
      changes: clean,
      createdAt: this.clock.now(),
    });
    return this.changeOut(scope, id);
  }

  private async changeOut(scope: Scope, id: string): Promise<ChangeRequest> {
    const row = await repo.changeRequest(scope, this.db, id);
    if (!row) throw notFound();
    return presentChangeRequest(row, await this.currentOf(scope, row.student.id, row.request.changes, row.request.proposedBy));
  }

  async pendingChanges(scope: Scope): Promise<ChangeRequest[]> {
    const rows = await repo.changeRequests(scope, this.db, { status: 'pending' });
    return Promise.all(
      rows.map(async (r) =>
        presentChangeRequest(r, await this.currentOf(scope, r.student.id, r.request.changes, r.request.proposedBy)),
      ),
    );
  }

  /** Accepts (applies every change, in one transaction) or declines a family's proposal. */
  async decide(scope: Scope, id: string, decision: 'accept' | 'decline'): Promise<ChangeRequest> {
    const row = await repo.changeRequest(scope, this.db, id);
    if (!row) throw notFound();
    await requireAccess(scope, 'child', [row.student.id]);
    if (row.request.status !== 'pending') throw new AppError(409, CHILD_MESSAGES.alreadyDecided, ERROR_CODES.alreadyDecided);
    const changes = row.request.changes as ProposedChanges;
    const studentId = row.student.id;
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      if (!(await repo.decideChangeRequest(scope, tx, id, decision === 'accept' ? 'accepted' : 'declined', now)))
        throw new AppError(409, CHILD_MESSAGES.alreadyDecided, ERROR_CODES.alreadyDecided);
      if (decision === 'decline') return;
      const values: Parameters<typeof repo.upsertProfile>[3] = {};
      if (changes.preferred_name !== undefined) values.preferredName = changes.preferred_name || null;
      if (changes.address !== undefined) values.address = changes.address || null;
      if (changes.home_languages !== undefined) values.homeLanguages = changes.home_languages;
      if (changes.dietary !== undefined) values.dietary = changes.dietary;
      if (changes.doctor !== undefined) values.doctor = changes.doctor;
      if (Object.keys(values).length) await repo.upsertProfile(scope, tx, studentId, values, now);
      if (changes.parent_phone || changes.parent_email)
        await repo.setParentContact(scope, tx, studentId, row.request.proposedBy, {
          phone: changes.parent_phone,
          email: changes.parent_email,
        });
      for (const c of changes.contacts ?? []) {
        const values = { kind: c.kind, name: c.name, relationship: c.relationship, phone: c.phone || null };
        if (c.id) await repo.updateContact(scope, tx, c.id, { ...values, recordedAt: now });
        else
          await repo.insertContact(scope, tx, {
            id: newId(),
            studentId,
            ...values,
            priority: 100,
            recordedBy: scope.userId,
            recordedAt: now,
          });
      }
    });
    return this.changeOut(scope, id);
  }

  async medicalViews(scope: Scope, studentId: string) {
    await this.studentOf(scope, studentId);
    const rows = await repo.medicalViewsOf(scope, this.db, studentId);
    return rows.map((r) => ({
      viewed_by: r.viewer?.id ? { id: r.viewer.id, first_name: r.viewer.firstName, last_name: r.viewer.lastName } : null,
      viewed_at: r.view.viewedAt.toISOString(),
    }));
  }

  /** Badges of these children (for lists that show them beside a name). */
  async alertsOf(scope: Scope, studentIds: readonly string[]) {
    const items = await repo.healthItems(scope, this.db, studentIds);
    return new Map(studentIds.map((id) => [id, alertsOf(items.filter((i) => i.item.studentId === id))]));
  }

  /**
   * What a class's emergency sheet shows of each child: name, age, photo link, allergies, medical
   * needs, diet, emergency contacts in order and who may collect. For admins of students (the
   * document's route) and those who may see medical details of the whole class.
   */
  async emergencyData(scope: Scope, classId: string) {
    await requireAccess(scope, 'class', [classId]);
    const cls = await repo.classWithChildren(scope, this.db, classId);
    if (!cls) throw notFound();
    const ids = cls.children.map((c) => c.id);
    const [items, { profiles, contacts }] = await Promise.all([
      repo.healthItems(scope, this.db, ids),
      repo.profilesAndContacts(scope, this.db, ids),
    ]);
    const today = this.today();
    return {
      school: cls.school,
      className: cls.name,
      children: cls.children.map((c) => {
        const profile = profiles.find((p) => p.studentId === c.id);
        const mine = items.filter((i) => i.item.studentId === c.id).map((i) => i.item);
        const diet = profile?.dietary;
        return {
          name: [profile?.preferredName ? `${c.firstName} (${profile.preferredName})` : c.firstName, c.lastName]
            .filter(Boolean)
            .join(' '),
          age: ageText(profile?.dateOfBirth, today),
          photo: c.photo,
          allergies: mine
            .filter((i) => i.kind === 'allergy')
            .map((i) => ({ name: i.name, severity: i.severity, action_plan: i.actionPlan, epipen: i.epipen })),
          medical: mine.filter((i) => i.kind !== 'allergy').map((i) => ({ name: i.name, action_plan: i.actionPlan })),
          dietary: diet ? [...diet.religious, ...diet.medical, ...(diet.notes ? [diet.notes] : [])] : [],
          contacts: contacts
            .filter((k) => k.studentId === c.id && k.kind === 'emergency')
            .map((k) => ({ name: k.name, relationship: k.relationship, phone: k.phone })),
          collectors: contacts
            .filter((k) => k.studentId === c.id && k.kind === 'collector')
            .map((k) => ({ name: k.name, relationship: k.relationship })),
        };
      }),
    };
  }

  /** Asks the families of the school (or of one class) to check their children's records. */
  async requestChecks(scope: Scope, classId?: string): Promise<number> {
    if (classId) await requireAccess(scope, 'class', [classId]);
    const ids = await repo.schoolStudentIds(scope, this.db, classId);
    return ids.length ? repo.requestChecks(scope, this.db, ids, this.clock.now()) : 0;
  }

  /** A family confirms the record is right (after checking it and proposing any changes). */
  async confirmCheck(scope: Scope, studentId: string): Promise<RecordCheck> {
    await this.studentOf(scope, studentId);
    if (scope.kind !== 'parent') throw forbidden();
    await repo.confirmCheck(scope, this.db, studentId, this.clock.now());
    return presentCheck(await repo.profile(scope, this.db, studentId));
  }

  async consentTypes(scope: Scope): Promise<ConsentType[]> {
    const rows = await repo.schoolConsentTypes(scope, this.db, scope.schoolId ?? '');
    return rows.map((r) => ({ id: r.id, key: r.key, label: r.label }));
  }

  /** A consent of the school's own, asked of every family beside the built-in ones. */
  async addConsentType(scope: Scope, label: string): Promise<ConsentType> {
    const key = `school_${
      label
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[^\p{L}\p{N}]+/gu, '_')
        .replace(/^_+|_+$/g, '')
        .slice(0, 30) || 'consent'
    }`;
    const id = newId();
    if (!(await repo.insertConsentType(scope, this.db, { id, key, label, createdAt: this.clock.now() })))
      throw new AppError(409, CHILD_MESSAGES.consentTypeExists, ERROR_CODES.conflict);
    return { id, key, label };
  }

  /**
   * What the carelog shows beside a child and checks a meal against: allergies (with severity), medical
   * conditions and dietary needs, and the date of birth (ISO, or null). Only children the scope reaches
   * (the school's for staff, their own for a family); the caller has checked access to them.
   */
  async careFacts(
    scope: Scope,
    studentIds: readonly string[],
  ): Promise<
    Map<
      string,
      { alerts: { kind: 'allergy' | 'condition' | 'diet'; name: string; severity: string | null }[]; dateOfBirth: string | null }
    >
  > {
    const ids = [...new Set(studentIds)];
    const [items, profiles] = await Promise.all([repo.healthItems(scope, this.db, ids), repo.careProfiles(scope, this.db, ids)]);
    const out = new Map(
      ids.map((id) => [
        id,
        {
          alerts: [] as { kind: 'allergy' | 'condition' | 'diet'; name: string; severity: string | null }[],
          dateOfBirth: null as string | null,
        },
      ]),
    );
    for (const { item } of items) {
      const facts = out.get(item.studentId);
      if (!facts) continue;
      if (item.kind === 'allergy') facts.alerts.push({ kind: 'allergy', name: item.name, severity: item.severity });
      else if (item.kind === 'condition') facts.alerts.push({ kind: 'condition', name: item.name, severity: item.severity });
    }
    for (const p of profiles) {
      const facts = out.get(p.studentId);
      if (!facts) continue;
      facts.dateOfBirth = p.dateOfBirth;
      const diet = p.dietary;
      if (diet)
        for (const name of [...diet.religious, ...diet.medical, ...(diet.notes ? [diet.notes] : [])])
          facts.alerts.push({ kind: 'diet', name, severity: null });
    }
    return out;
  }

  /**
   * The dates of birth (ISO, or null when the record has none) of these children, among those the scope
   * reaches (the school's for staff, their own for a family); the caller has checked access to them.
   */
  async birthDatesOf(scope: Scope, studentIds: readonly string[]): Promise<Map<string, string | null>> {
    const ids = [...new Set(studentIds)];
    const out = new Map<string, string | null>(ids.map((id) => [id, null]));
    for (const p of await repo.careProfiles(scope, this.db, ids)) if (out.has(p.studentId)) out.set(p.studentId, p.dateOfBirth);
    return out;
  }

  /**
   * Who may collect each of these children (its `collector` contacts, with photo, relationship and
   * phone) and who must not (the names of its `not_allowed` contacts, never the reasons), in one read
   * for a whole class. The caller has checked access to the children.
   */
  async pickupContactsOf(scope: Scope, studentIds: readonly string[]): Promise<Map<string, PickupContacts>> {
    const ids = [...new Set(studentIds)];
    const out = new Map<string, PickupContacts>(ids.map((id) => [id, { collectors: [], blocked: [] }]));
    for (const c of await repo.pickupContacts(scope, this.db, ids)) {
      const entry = out.get(c.studentId);
      if (!entry) continue;
      if (c.kind === 'collector')
        entry.collectors.push({
          id: c.id,
          name: c.name,
          relationship: c.relationship || null,
          phone: c.phone,
          photo: signMedia(c.photo),
        });
      else entry.blocked.push(c.name);
    }
    return out;
  }

  /** The children of a class who carry a badge, for its staff. */
  async classAlerts(scope: Scope, classId: string): Promise<StudentAlerts[]> {
    await requireAccess(scope, 'class', [classId]);
    const ids = await repo.classStudentIds(scope, this.db, classId);
    const alerts = await this.alertsOf(scope, ids);
    return ids.flatMap((id) => {
      const list = alerts.get(id) ?? [];
      return list.length ? [{ student_id: id, alerts: list }] : [];
    });
  }
}
