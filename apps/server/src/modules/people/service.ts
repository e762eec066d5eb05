import {
  ERROR_CODES,
  type ErrorCode,
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
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { staffSchool } from '../../platform/auth/scope.js';
import type { AccessClaims } from '../../platform/auth/tokens.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, Queryable } from '../../platform/db/client.js';
import { memberships, parentChildren, parents, staffInvitations, students, users } from '../../platform/db/schema.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { SessionService } from '../auth/session-service.js';
import * as classRepo from '../classes/repo.js';
import type { RosterCache } from '../classes/roster-cache.js';
import type { RoleService } from '../roles/service.js';
import { parentHasChild } from '../users/account-repo.js';
import type { UserService } from '../users/service.js';
import { presentInvitation, presentStaffMember, presentStudent } from './presenter.js';
import * as repo from './repo.js';

const conflict = (message: string, code: ErrorCode = ERROR_CODES.conflict) => new AppError(409, message, code);

export interface ParentInput {
  first_name: string;
  last_name: string;
  phone?: string;
  email?: string;
}

/**
 * The parent record for a contact: an existing person found by phone or email (a staff member can
 * become a parent too), else a new one. Returns the parent id and the user id. Nothing of an existing
 * person is read out or changed: the child's school keeps its own record of the contact on the link.
 */
export async function ensureParent(q: Queryable, p: ParentInput): Promise<{ parentId: string; userId: string }> {
  const existing = await repo.findUserByContact(q, p.phone, p.email);
  if (existing) {
    const parent = await repo.parentOfUser(q, existing.id);
    if (parent) return { parentId: parent.id, userId: existing.id };
    const parentId = newId();
    await q
      .insert(parents)
      .values({ id: parentId, userId: existing.id, primaryPhone: p.phone ?? null, primaryEmail: p.email ?? null });
    return { parentId, userId: existing.id };
  }
  const userId = newId();
  const parentId = newId();
  await q
    .insert(users)
    .values({ id: userId, firstName: p.first_name, lastName: p.last_name, phone: p.phone ?? null, email: p.email ?? null });
  await q.insert(parents).values({ id: parentId, userId, primaryPhone: p.phone ?? null, primaryEmail: p.email ?? null });
  return { parentId, userId };
}

/**
 * Links a child to a parent, keeping the contact as the child's school typed it; a parent's first
 * child becomes their current child.
 */
export async function linkChild(q: Queryable, parentId: string, studentId: string, relation: string, contact: ParentInput) {
  const shown = {
    firstName: contact.first_name,
    lastName: contact.last_name,
    phone: contact.phone ?? null,
    email: contact.email ?? null,
  };
  await q
    .insert(parentChildren)
    .values({ parentId, studentId, relation, ...shown })
    .onConflictDoUpdate({ target: [parentChildren.parentId, parentChildren.studentId], set: { relation, ...shown } });
  await q
    .update(parents)
    .set({ currentChildId: studentId })
    .where(and(eq(parents.id, parentId), isNull(parents.currentChildId)));
}

/**
 * What the caller may do with a member: change them and take them off the staff only when they hold
 * at least what the member's role gives (roles policy `covers`), and never remove themselves.
 */
const abilitiesOf = (auth: AccessClaims, member: repo.StaffRow, actOn: ReadonlySet<string>): StaffMember['abilities'] => ({
  can_edit: actOn.has(member.role.id),
  can_remove: actOn.has(member.role.id) && member.user.id !== auth.userId,
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
  ) {}

  private async checkClasses(schoolId: string, classIds: string[], field: string) {
    const unique = [...new Set(classIds)];
    const found = await classRepo.existingClassIds({ schoolId }, this.db, unique);
    if (found.length !== unique.length) throw badRequest(`${field}: not classes of this school`, undefined, field);
    return unique;
  }

  /** The school's staff, then the people invited who have not answered yet. */
  async listStaff(auth: AccessClaims): Promise<StaffMember[]> {
    const schoolId = staffSchool(auth);
    const [members, invited, actOn] = await Promise.all([
      repo.listStaff(this.db, schoolId),
      repo.listInvitations(this.db, schoolId),
      this.roles.grantableRoleIds(auth),
    ]);
    return [...members.map((m) => presentStaffMember(m, abilitiesOf(auth, m, actOn))), ...invited.map(presentInvitation)];
  }

  private async staffMember(auth: AccessClaims, schoolId: string, userId: string): Promise<StaffMember> {
    const [[row], actOn] = await Promise.all([repo.listStaff(this.db, schoolId, userId), this.roles.grantableRoleIds(auth)]);
    if (!row) throw notFound();
    return presentStaffMember(row, abilitiesOf(auth, row, actOn));
  }

  /**
   * Adds a person as staff. Someone new gets an account and can sign in at once with the phone (OTP)
   * or email (Google, Microsoft). Someone who already has an account (in this school as a parent, or in
   * another school) is invited instead: the school sees only what it typed, and nothing is linked until
   * they accept.
   */
  async createStaff(auth: AccessClaims, input: z.infer<typeof staffRequestSchema>): Promise<StaffMember> {
    const schoolId = staffSchool(auth);
    await this.roles.assertCanChange(auth, { roleId: input.role_id });
    const classIds = await this.checkClasses(schoolId, input.class_ids, 'class_ids');
    const added = await this.db.transaction(async (tx) => {
      const existing = await repo.findUserByContact(tx, input.phone, input.email);
      if (existing) {
        if (await repo.findMembership(tx, existing.id, schoolId)) throw conflict('This person is already staff of this school');
        if (await repo.pendingInvitationOf(tx, schoolId, existing.id))
          throw conflict(MESSAGES.alreadyInvited, ERROR_CODES.alreadyInvited);
        const invitationId = newId();
        await tx.insert(staffInvitations).values({
          id: invitationId,
          schoolId,
          userId: existing.id,
          roleId: input.role_id,
          classIds,
          firstName: input.first_name,
          lastName: input.last_name,
          phone: input.phone ?? null,
          email: input.email ?? null,
          invitedBy: auth.userId,
        });
        return { invitationId, userId: existing.id };
      }
      const id = newId();
      await tx.insert(users).values({
        id,
        firstName: input.first_name,
        lastName: input.last_name,
        phone: input.phone ?? null,
        email: input.email ?? null,
      });
      await tx.insert(memberships).values({ id: newId(), userId: id, schoolId, roleId: input.role_id });
      await repo.setStaffClasses(tx, schoolId, id, classIds);
      return { userId: id };
    });
    if (added.invitationId) {
      const [row] = await repo.listInvitations(this.db, schoolId, added.invitationId);
      if (!row) throw notFound();
      return presentInvitation(row);
    }
    this.users.invalidateUser(added.userId);
    this.rosters.invalidateSchool(schoolId);
    return this.staffMember(auth, schoolId, added.userId);
  }

  /**
   * Changes a member's role, classes or the name this school knows them by (never the person's own
   * account, which other schools may share). Only for someone who holds at least what they hold, and
   * a new role only if the caller holds all it gives.
   */
  async updateStaff(auth: AccessClaims, userId: string, input: z.infer<typeof staffUpdateRequestSchema>): Promise<StaffMember> {
    const schoolId = staffSchool(auth);
    const membership = await repo.findMembership(this.db, userId, schoolId);
    if (!membership) throw notFound();
    const newRole = input.role_id && input.role_id !== membership.roleId ? input.role_id : undefined;
    if (newRole && userId === auth.userId) throw conflict(MESSAGES.ownRole, ERROR_CODES.ownRole);
    await this.roles.assertCanChange(auth, { userId, roleId: newRole });
    const classIds = input.class_ids ? await this.checkClasses(schoolId, input.class_ids, 'class_ids') : undefined;
    await this.db.transaction(async (tx) => {
      const names = {
        ...(input.first_name ? { firstName: input.first_name } : {}),
        ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
        ...(input.role_id ? { roleId: input.role_id } : {}),
      };
      if (Object.keys(names).length) await tx.update(memberships).set(names).where(eq(memberships.id, membership.id));
      if (classIds) await repo.setStaffClasses(tx, schoolId, userId, classIds);
    });
    this.users.invalidateUser(userId);
    this.rosters.invalidateSchool(schoolId);
    return this.staffMember(auth, schoolId, userId);
  }

  /** Removes a member from the school (or withdraws an open invitation, by its id). */
  async removeStaff(auth: AccessClaims, userId: string): Promise<void> {
    const schoolId = staffSchool(auth);
    if (userId === auth.userId) throw conflict('You cannot remove yourself');
    if (!(await repo.findMembership(this.db, userId, schoolId))) {
      if (await repo.cancelInvitation(this.db, schoolId, userId, this.clock.now())) return;
      throw notFound();
    }
    await this.roles.assertCanChange(auth, { userId });
    await this.db.transaction((tx) => repo.removeMembership(tx, schoolId, userId));
    await this.sessions.endSchool(userId, schoolId);
    this.users.invalidateUser(userId);
    this.rosters.invalidateSchool(schoolId);
  }

  /** The caller's own open invitations to join a school's staff (as staff or as a parent). */
  async myInvitations(auth: AccessClaims): Promise<StaffInvitation[]> {
    return (await repo.invitationsOfUser(this.db, auth.userId)).map((r) => ({
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
  async acceptInvitation(auth: AccessClaims, id: string): Promise<{ school_id: string }> {
    if (auth.isTemp) throw forbidden();
    const invitation = await repo.invitationOfUser(this.db, auth.userId, id);
    if (!invitation) throw notFound();
    const { schoolId } = invitation;
    await this.db.transaction(async (tx) => {
      if (!(await repo.answerInvitation(tx, auth.userId, id, 'accepted', this.clock.now())))
        throw conflict(MESSAGES.invitationClosed, ERROR_CODES.invitationClosed);
      if (await repo.findMembership(tx, auth.userId, schoolId)) return;
      await tx.insert(memberships).values({
        id: newId(),
        userId: auth.userId,
        schoolId,
        roleId: invitation.roleId,
        firstName: invitation.firstName,
        lastName: invitation.lastName,
      });
      const classIds = await classRepo.existingClassIds({ schoolId }, tx, invitation.classIds);
      await repo.setStaffClasses(tx, schoolId, auth.userId, classIds);
    });
    this.users.invalidateUser(auth.userId);
    this.rosters.invalidateSchool(schoolId);
    return { school_id: schoolId };
  }

  async declineInvitation(auth: AccessClaims, id: string): Promise<void> {
    if (auth.isTemp) throw forbidden();
    if (!(await repo.invitationOfUser(this.db, auth.userId, id))) throw notFound();
    if (!(await repo.answerInvitation(this.db, auth.userId, id, 'declined', this.clock.now())))
      throw conflict(MESSAGES.invitationClosed, ERROR_CODES.invitationClosed);
  }

  /** Which of the school's students a staff member may see: all with student or class management, else their classes'. */
  private async visibleClassIds(auth: AccessClaims, schoolId: string): Promise<string[] | undefined> {
    const held = await this.users.rolePermissions(auth.userId, schoolId);
    if (held.has('admin_portal.students') || held.has('admin_portal.classes')) return undefined;
    return repo.classIdsOfStaff(this.db, schoolId, auth.userId);
  }

  async listStudents(auth: AccessClaims, query: { class_id?: string; search?: string; page: number; page_size: number }) {
    const schoolId = staffSchool(auth);
    const visible = await this.visibleClassIds(auth, schoolId);
    let classIds = visible;
    if (query.class_id) {
      if (visible && !visible.includes(query.class_id)) classIds = [];
      else classIds = [query.class_id];
    }
    const { ids, total } = await repo.listStudents(this.db, {
      schoolId,
      classIds,
      search: query.search,
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
    });
    return {
      items: (await repo.loadStudents(this.db, ids)).map(presentStudent),
      total,
      page: query.page,
      page_size: query.page_size,
    };
  }

  /** A student: for staff of the school who may see it, or for one of its parents. */
  async student(auth: AccessClaims, studentId: string): Promise<Student> {
    if (auth.kind === 'parent') {
      const parent = await repo.parentOfUser(this.db, auth.userId);
      if (!parent || !(await parentHasChild(this.db, parent.id, studentId))) throw notFound();
    } else {
      const schoolId = staffSchool(auth);
      if (!(await repo.findStudent(this.db, schoolId, studentId))) throw notFound();
      const visible = await this.visibleClassIds(auth, schoolId);
      if (visible && !(await repo.studentInClasses(this.db, studentId, visible))) throw forbidden();
    }
    const [row] = await repo.loadStudents(this.db, [studentId]);
    if (!row) throw notFound();
    return presentStudent(row);
  }

  async createStudent(auth: AccessClaims, input: z.infer<typeof studentRequestSchema>): Promise<Student> {
    const schoolId = staffSchool(auth);
    await this.checkClasses(schoolId, [input.class_id], 'class_id');
    const id = newId();
    await this.db.transaction(async (tx) => {
      await tx.insert(students).values({ id, schoolId, firstName: input.first_name, lastName: input.last_name });
      await repo.moveStudent(tx, schoolId, id, input.class_id);
    });
    this.rosters.invalidateSchool(schoolId);
    return this.student(auth, id);
  }

  async updateStudent(
    auth: AccessClaims,
    studentId: string,
    input: z.infer<typeof studentUpdateRequestSchema>,
  ): Promise<Student> {
    const schoolId = staffSchool(auth);
    if (!(await repo.findStudent(this.db, schoolId, studentId))) throw notFound();
    if (input.class_id) await this.checkClasses(schoolId, [input.class_id], 'class_id');
    await this.db.transaction(async (tx) => {
      const names = {
        ...(input.first_name ? { firstName: input.first_name } : {}),
        ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
      };
      if (Object.keys(names).length) await tx.update(students).set(names).where(eq(students.id, studentId));
      if (input.class_id) await repo.moveStudent(tx, schoolId, studentId, input.class_id);
    });
    await this.invalidateParentsOf(studentId);
    this.rosters.invalidateSchool(schoolId);
    return this.student(auth, studentId);
  }

  /** Parents see their children's names and classes in their own details. */
  private async invalidateParentsOf(studentId: string): Promise<void> {
    for (const userId of await repo.parentUserIdsOf(this.db, studentId)) this.users.invalidateUser(userId);
  }

  /** Links a parent (found by phone or email, or new) to a student; they can then sign in and see the child. */
  async linkParent(auth: AccessClaims, studentId: string, input: z.infer<typeof linkParentRequestSchema>): Promise<Student> {
    const schoolId = staffSchool(auth);
    if (!(await repo.findStudent(this.db, schoolId, studentId))) throw notFound();
    const userId = await this.db.transaction(async (tx) => {
      const { parentId, userId } = await ensureParent(tx, input);
      await linkChild(tx, parentId, studentId, input.relation, input);
      return userId;
    });
    this.users.invalidateUser(userId);
    return this.student(auth, studentId);
  }
}
