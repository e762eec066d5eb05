import {
  ERROR_CODES,
  type InvitationSent,
  type linkParentRequestSchema,
  MESSAGES,
  type StaffInvitation,
  type StaffMember,
  type Student,
  type staffRequestSchema,
  type staffUpdateRequestSchema,
  type studentRequestSchema,
  type studentUpdateRequestSchema,
} from '@cue/contract';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit.js';
import { requireAccess, type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, Tx } from '../../platform/db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import type { SessionService } from '../auth/session-service.js';
import type { RosterCache } from '../classes/roster-cache.js';
import type { ClassService } from '../classes/service.js';
import type { RoleService } from '../roles/service.js';
import type { UserService } from '../users/service.js';
import type { InvitationSender } from './invitation-service.js';
import { presentInvitation, presentStaffMember, presentStudent } from './presenter.js';
import * as repo from './repo.js';

/** A parent of a child as the child's school recorded them (see PeopleService.familiesOf). */
export type FamilyMember = repo.FamilyMemberRow;

/** A parent to link or create with an enrolment (found by phone or email when they have an account). */
export interface EnrolParent {
  first_name: string;
  last_name: string;
  phone?: string;
  email?: string;
  relation: string;
}

/** An enrolment: the child, their class and first day (ISO), and their parents. */
export interface EnrolInput {
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  classId: string;
  startDate: string;
  parents: EnrolParent[];
}

/** What an enrolment made: the child, the parents' accounts, and how many of them existed already. */
export interface Enrolled {
  studentId: string;
  parentUserIds: string[];
  linkedExisting: number;
}

/**
 * What the caller may do with a member: change them and take them off the staff only when they hold
 * at least what the member's role gives (roles policy `covers`), and never remove themselves.
 */
const abilitiesOf = (
  auth: Scope,
  member: repo.StaffRow,
  actOn: ReadonlySet<string>,
  signedIn: ReadonlySet<string>,
): StaffMember['abilities'] => ({
  can_edit: actOn.has(member.role.id),
  can_remove: actOn.has(member.role.id) && member.user.id !== auth.userId,
  // Someone added who has never signed in may be sent the invitation again.
  can_resend: actOn.has(member.role.id) && !signedIn.has(member.user.id),
});

/** Staff, students and parents of one school. */
export class PeopleService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly users: UserService,
    private readonly sessions: SessionService,
    private readonly rosters: RosterCache,
    private readonly roles: RoleService,
    private readonly classes: ClassService,
    private readonly invitations: InvitationSender,
  ) {}

  private async checkClasses(auth: Scope, classIds: string[], field: string) {
    const unique = [...new Set(classIds)];
    const found = await this.classes.existingIds(auth, unique);
    if (found.length !== unique.length) throw badRequest(`${field}: not classes of this school`, undefined, field);
    return unique;
  }

  /** The school's staff, then the people invited who have not answered yet. */
  async listStaff(auth: Scope): Promise<StaffMember[]> {
    const [members, invited, actOn] = await Promise.all([
      repo.listStaff(auth, this.db),
      repo.listInvitations(auth, this.db),
      this.roles.grantableRoleIds(auth),
    ]);
    const signedIn = await this.sessions.signedInUsers(members.map((m) => m.user.id));
    return [
      ...members.map((m) => presentStaffMember(m, abilitiesOf(auth, m, actOn, signedIn))),
      ...invited.map(presentInvitation),
    ];
  }

  private async staffMember(auth: Scope, userId: string): Promise<StaffMember> {
    const [[row], actOn, signedIn] = await Promise.all([
      repo.listStaff(auth, this.db, userId),
      this.roles.grantableRoleIds(auth),
      this.sessions.signedInUsers([userId]),
    ]);
    if (!row) throw notFound();
    return presentStaffMember(row, abilitiesOf(auth, row, actOn, signedIn));
  }

  /**
   * Adds a person as staff. Someone new gets an account and can sign in at once with the phone (OTP)
   * or email (Google, Microsoft). Someone who already has an account (in this school as a parent, or in
   * another school) is invited instead: the school sees only what it typed, and nothing is linked until
   * they accept. Either way an invitation with the sign-in link goes to the phone (SMS) and the email
   * given, as jobs on the queue; the answer says where it went.
   */
  async createStaff(
    auth: Scope,
    input: z.infer<typeof staffRequestSchema>,
    /** Runs in the same transaction once the member (or invitation) is written: the caller's own write (a hire). */
    within?: (tx: Tx, added: { userId: string; invitationId: string | undefined }) => Promise<void>,
  ): Promise<StaffMember & { invitations_sent: InvitationSent[] }> {
    const schoolId = staffSchool(auth);
    await this.roles.assertCanChange(auth, { roleId: input.role_id });
    const classIds = await this.checkClasses(auth, input.class_ids, 'class_ids');
    const person = {
      firstName: input.first_name,
      lastName: input.last_name,
      phone: input.phone ?? null,
      email: input.email ?? null,
    };
    const added = await this.db.transaction(async (tx) => {
      const existing = await repo.findUserByContact(auth, tx, input.phone, input.email);
      if (existing) {
        if (await repo.findMembership(auth, tx, existing.id)) throw conflict('This person is already staff of this school');
        if (await repo.pendingInvitationOf(auth, tx, existing.id))
          throw conflict(MESSAGES.alreadyInvited, ERROR_CODES.alreadyInvited);
        const invitationId = await repo.addInvitation(auth, tx, {
          userId: existing.id,
          roleId: input.role_id,
          classIds,
          ...person,
        });
        const added = { invitationId, userId: existing.id };
        await recordAudit(auth, tx, {
          action: 'create',
          entityType: 'staff_member',
          entityId: existing.id,
          label: `${input.first_name} ${input.last_name ?? ''}`.trim(),
          after: { invited: true, role_id: input.role_id, class_ids: classIds },
        });
        if (within) await within(tx, added);
        return added;
      }
      const userId = await repo.addStaffAccount(auth, tx, { ...person, roleId: input.role_id, classIds });
      const added = { userId, invitationId: undefined };
      await recordAudit(auth, tx, {
        action: 'create',
        entityType: 'staff_member',
        entityId: userId,
        label: `${input.first_name} ${input.last_name ?? ''}`.trim(),
        after: { role_id: input.role_id, class_ids: classIds },
      });
      if (within) await within(tx, added);
      return added;
    });
    const sent = await this.invitations.send(auth, {
      kind: added.invitationId ? 'staffInvitation' : 'staff',
      firstName: input.first_name,
      phone: person.phone,
      email: person.email,
    });
    if (added.invitationId) {
      const [row] = await repo.listInvitations(auth, this.db, added.invitationId);
      if (!row) throw notFound();
      return { ...presentInvitation(row), invitations_sent: sent };
    }
    this.users.invalidateUser(added.userId);
    this.rosters.invalidateSchool(schoolId);
    return { ...(await this.staffMember(auth, added.userId)), invitations_sent: sent };
  }

  /**
   * Sends the invitation again: an open invitation of the school (by its id), to the phone and email
   * the school gave, or a member added who has never signed in, to their account's phone and email.
   */
  async resendInvitation(auth: Scope, id: string): Promise<{ invitations_sent: InvitationSent[] }> {
    const [row] = await repo.listInvitations(auth, this.db, id);
    if (!row) {
      const [member] = await repo.listStaff(auth, this.db, id);
      if (!member) throw notFound();
      await this.roles.assertCanChange(auth, { userId: id, roleId: member.role.id });
      if ((await this.sessions.signedInUsers([id])).has(id)) throw conflict('This person already signs in');
      const sent = await this.invitations.send(auth, {
        kind: 'staff',
        firstName: member.names.firstName ?? member.user.firstName,
        phone: member.user.phone,
        email: member.user.email,
      });
      return { invitations_sent: sent };
    }
    await this.roles.assertCanChange(auth, { roleId: row.role.id });
    const sent = await this.invitations.send(auth, {
      kind: 'staffInvitation',
      firstName: row.invitation.firstName,
      phone: row.invitation.phone,
      email: row.invitation.email,
    });
    return { invitations_sent: sent };
  }

  /**
   * Changes a member's role, classes or the name this school knows them by (never the person's own
   * account, which other schools may share). Only for someone who holds at least what they hold, and
   * a new role only if the caller holds all it gives.
   */
  async updateStaff(auth: Scope, userId: string, input: z.infer<typeof staffUpdateRequestSchema>): Promise<StaffMember> {
    const schoolId = staffSchool(auth);
    const membership = await repo.findMembership(auth, this.db, userId);
    if (!membership) throw notFound();
    const newRole = input.role_id && input.role_id !== membership.roleId ? input.role_id : undefined;
    if (newRole && userId === auth.userId) throw conflict(MESSAGES.ownRole, ERROR_CODES.ownRole);
    await this.roles.assertCanChange(auth, { userId, roleId: newRole });
    const classIds = input.class_ids ? await this.checkClasses(auth, input.class_ids, 'class_ids') : undefined;
    await this.db.transaction(async (tx) => {
      await repo.updateMembership(auth, tx, userId, {
        ...(input.first_name ? { firstName: input.first_name } : {}),
        ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
        ...(input.role_id ? { roleId: input.role_id } : {}),
      });
      if (classIds) await repo.setStaffClasses(auth, tx, userId, classIds);
      await recordAudit(auth, tx, {
        action: 'update',
        entityType: 'staff_member',
        entityId: userId,
        label: [input.first_name ?? membership.firstName, input.last_name ?? membership.lastName].filter(Boolean).join(' '),
        before: { role_id: membership.roleId },
        after: {
          role_id: input.role_id ?? membership.roleId,
          ...(classIds ? { class_ids: classIds } : {}),
          ...(input.first_name ? { first_name: input.first_name } : {}),
          ...(input.last_name !== undefined ? { last_name: input.last_name } : {}),
        },
      });
    });
    this.users.invalidateUser(userId);
    this.rosters.invalidateSchool(schoolId);
    return this.staffMember(auth, userId);
  }

  /** Removes a member from the school (or withdraws an open invitation, by its id). */
  async removeStaff(auth: Scope, userId: string): Promise<void> {
    const schoolId = staffSchool(auth);
    if (userId === auth.userId) throw conflict('You cannot remove yourself');
    if (!(await repo.findMembership(auth, this.db, userId))) {
      if (await repo.cancelInvitation(auth, this.db, userId, this.clock.now())) return;
      throw notFound();
    }
    await this.roles.assertCanChange(auth, { userId });
    const membership = await repo.findMembership(auth, this.db, userId);
    await this.db.transaction(async (tx) => {
      await repo.removeMembership(auth, tx, userId);
      await recordAudit(auth, tx, {
        action: 'delete',
        entityType: 'staff_member',
        entityId: userId,
        label: [membership?.firstName, membership?.lastName].filter(Boolean).join(' '),
        before: { role_id: membership?.roleId ?? null },
      });
    });
    await this.sessions.endSchool(userId, schoolId);
    this.users.invalidateUser(userId);
    this.rosters.invalidateSchool(schoolId);
  }

  /** The caller's own open invitations to join a school's staff (as staff or as a parent). */
  async myInvitations(auth: Scope): Promise<StaffInvitation[]> {
    return (await repo.invitationsOfUser(auth, this.db)).map((r) => ({
      id: r.id,
      school: r.school,
      role: r.role,
      invited_by: r.invitedBy,
      created_at: r.createdAt.toISOString(),
    }));
  }

  /**
   * Accepts an invitation addressed to the caller: they become staff of that school with the role,
   * classes and name the school gave, in one transaction. Their next sign-in (or a school switch)
   * opens it.
   */
  async acceptInvitation(auth: Scope, id: string): Promise<{ school_id: string }> {
    if (auth.isTemp) throw forbidden();
    const invitation = await repo.invitationOfUser(auth, this.db, id);
    if (!invitation) throw notFound();
    await this.db.transaction(async (tx) => {
      if (!(await repo.answerInvitation(auth, tx, id, 'accepted', this.clock.now())))
        throw conflict(MESSAGES.invitationClosed, ERROR_CODES.invitationClosed);
      await repo.joinInvitedSchool(auth, tx, invitation);
    });
    this.users.invalidateUser(auth.userId);
    this.rosters.invalidateSchool(invitation.schoolId);
    return { school_id: invitation.schoolId };
  }

  async declineInvitation(auth: Scope, id: string): Promise<void> {
    if (auth.isTemp) throw forbidden();
    if (!(await repo.invitationOfUser(auth, this.db, id))) throw notFound();
    if (!(await repo.answerInvitation(auth, this.db, id, 'declined', this.clock.now())))
      throw conflict(MESSAGES.invitationClosed, ERROR_CODES.invitationClosed);
  }

  /** Which of the school's classes' students a staff member may list: all with student or class management, else their classes'. */
  private async visibleClassIds(auth: Scope): Promise<string[] | undefined> {
    const held = await auth.rolePermissions();
    if (held.has('admin_portal.students') || held.has('admin_portal.classes')) return undefined;
    return [...(await auth.taughtClassIds())];
  }

  async listStudents(
    auth: Scope,
    query: { class_id?: string; search?: string; page: number; page_size: number; cursor?: string },
  ) {
    staffSchool(auth);
    const visible = await this.visibleClassIds(auth);
    let classIds = visible;
    if (query.class_id) {
      if (visible && !visible.includes(query.class_id)) classIds = [];
      else classIds = [query.class_id];
    }
    const { ids, total, nextCursor } = await repo.listStudents(auth, this.db, {
      classIds,
      search: query.search,
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
      cursor: query.cursor,
    });
    return {
      items: (await repo.loadStudents(auth, this.db, ids)).map(presentStudent),
      total,
      page: query.page,
      page_size: query.page_size,
      next_cursor: nextCursor,
    };
  }

  /** A student: for staff of the school who may see it, or for one of its parents. */
  async student(auth: Scope, studentId: string): Promise<Student> {
    await requireAccess(auth, 'child', [studentId]);
    const [row] = await repo.loadStudents(auth, this.db, [studentId]);
    if (!row) throw notFound();
    return presentStudent(row);
  }

  async createStudent(auth: Scope, input: z.infer<typeof studentRequestSchema>): Promise<Student> {
    const schoolId = staffSchool(auth);
    await this.checkClasses(auth, [input.class_id], 'class_id');
    const id = await this.db.transaction(async (tx) => {
      const id = await repo.addStudent(auth, tx, { firstName: input.first_name, lastName: input.last_name });
      await repo.moveStudent(auth, tx, id, input.class_id);
      return id;
    });
    this.rosters.invalidateSchool(schoolId);
    return this.student(auth, id);
  }

  async updateStudent(auth: Scope, studentId: string, input: z.infer<typeof studentUpdateRequestSchema>): Promise<Student> {
    const schoolId = staffSchool(auth);
    if (!(await repo.findStudent(auth, this.db, studentId))) throw notFound();
    if (input.class_id) await this.checkClasses(auth, [input.class_id], 'class_id');
    await this.db.transaction(async (tx) => {
      await repo.renameStudent(auth, tx, studentId, {
        ...(input.first_name ? { firstName: input.first_name } : {}),
        ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
      });
      if (input.class_id) await repo.moveStudent(auth, tx, studentId, input.class_id);
    });
    await this.invalidateParentsOf(auth, studentId);
    this.rosters.invalidateSchool(schoolId);
    return this.student(auth, studentId);
  }

  /** Parents see their children's names and classes in their own details. */
  private async invalidateParentsOf(auth: Scope, studentId: string): Promise<void> {
    for (const userId of await repo.parentUserIdsOf(auth, this.db, studentId)) this.users.invalidateUser(userId);
  }

  /**
   * Links a parent (found by phone or email, or new) to a student; they can then sign in and see the
   * child. An invitation with the sign-in link goes to the phone and email given.
   */
  async linkParent(
    auth: Scope,
    studentId: string,
    input: z.infer<typeof linkParentRequestSchema>,
  ): Promise<Student & { invitations_sent: InvitationSent[] }> {
    const student = await repo.findStudent(auth, this.db, studentId);
    if (!student) throw notFound();
    const userId = await this.db.transaction(async (tx) => {
      const { parentId, userId } = await repo.ensureParent(auth, tx, input);
      await repo.linkChild(auth, tx, parentId, studentId, input.relation, input);
      return userId;
    });
    this.users.invalidateUser(userId);
    const sent = await this.invitations.send(auth, {
      kind: 'parent',
      firstName: input.first_name,
      childName: student.firstName,
      phone: input.phone ?? null,
      email: input.email ?? null,
    });
    return { ...(await this.student(auth, studentId)), invitations_sent: sent };
  }

  /**
   * Enrols a child: the student, their class, their date of birth and first day, and each parent
   * (an existing account found by phone or email is linked, anyone else gets one), then `within` (the
   * caller's own write, e.g. the application marked enrolled), all in one transaction: on any failure
   * nothing is created. Invitations with the sign-in link go out after the commit when `invite` is set.
   */
  async enrol(
    auth: Scope,
    input: EnrolInput,
    within: (tx: Tx, enrolled: Enrolled) => Promise<void>,
    options: { invite: boolean },
  ): Promise<Enrolled & { invitations_sent: InvitationSent[] }> {
    const schoolId = staffSchool(auth);
    await this.checkClasses(auth, [input.classId], 'class_id');
    const enrolled = await this.db.transaction(async (tx) => {
      const studentId = await repo.addStudent(auth, tx, { firstName: input.firstName, lastName: input.lastName });
      await repo.moveStudent(auth, tx, studentId, input.classId);
      await repo.setEnrolmentProfile(auth, tx, studentId, { dateOfBirth: input.dateOfBirth, startDate: input.startDate });
      const parentUserIds: string[] = [];
      let linkedExisting = 0;
      for (const parent of input.parents) {
        const known = await repo.findUserByContact(auth, tx, parent.phone, parent.email);
        const { parentId, userId } = await repo.ensureParent(auth, tx, parent);
        if (known) linkedExisting += 1;
        if (parentUserIds.includes(userId)) continue;
        await repo.linkChild(auth, tx, parentId, studentId, parent.relation, parent);
        parentUserIds.push(userId);
      }
      const result = { studentId, parentUserIds, linkedExisting };
      await within(tx, result);
      return result;
    });
    for (const userId of enrolled.parentUserIds) this.users.invalidateUser(userId);
    this.rosters.invalidateSchool(schoolId);
    const sent: InvitationSent[] = [];
    if (options.invite)
      for (const parent of input.parents)
        sent.push(
          ...(await this.invitations.send(auth, {
            kind: 'parent',
            firstName: parent.first_name,
            childName: input.firstName,
            phone: parent.phone ?? null,
            email: parent.email ?? null,
          })),
        );
    return { ...enrolled, invitations_sent: sent };
  }

  /**
   * The family members (parents with an account) of these children, for other modules' notices: staff
   * (and a school's system scope) reach their school's children, a family only its own; unknown ids are
   * left out. One row per parent and child, in the order the links were made.
   */
  async familiesOf(scope: Scope, studentIds: readonly string[]): Promise<FamilyMember[]> {
    return repo.familiesOf(scope, this.db, studentIds);
  }
}
