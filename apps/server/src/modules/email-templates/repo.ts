import { isLanguage, type Language } from '@cue/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { emailTemplates, memberships, schools, users } from '../../platform/db/schema.js';

/**
 * Who sends an email when no person does: a job acting for a school (a scheduled summary, an overdue
 * notice). Its school is the one whose templates are read.
 */
export interface SystemScope {
  kind: 'system';
  schoolId: string;
}
export type SenderScope = Scope | SystemScope;
/** A read made while a sign-in code is sent: no scope exists yet (like the sign-in's own reads). */
export type SignInRead = 'sign-in';

/** The school whose templates a sender reads: a staff scope's school, or the job's. */
export const schoolOf = (scope: SenderScope): string => (scope.kind === 'system' ? scope.schoolId : staffSchool(scope));

export type TemplateRow = typeof emailTemplates.$inferSelect;

/** The school's own wording of one email in one language, if it changed it. */
export async function findTemplate(scope: SenderScope, q: Queryable, key: string, language: Language) {
  const [row] = await q
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.schoolId, schoolOf(scope)), eq(emailTemplates.key, key), eq(emailTemplates.language, language)))
    .limit(1);
  return row ?? null;
}

/** The same, with the name of whoever saved it last. */
export async function findTemplateWithEditor(scope: Scope, q: Queryable, key: string, language: Language) {
  const [row] = await q
    .select({
      row: emailTemplates,
      editorName: sql<string | null>`trim(${users.firstName} || ' ' || ${users.lastName})`,
    })
    .from(emailTemplates)
    .leftJoin(users, eq(users.id, emailTemplates.updatedBy))
    .where(
      and(eq(emailTemplates.schoolId, staffSchool(scope)), eq(emailTemplates.key, key), eq(emailTemplates.language, language)),
    )
    .limit(1);
  return row ?? null;
}

/** Every email the school changed, in every language. */
export async function templatesOfSchool(scope: Scope, q: Queryable): Promise<TemplateRow[]> {
  return q
    .select()
    .from(emailTemplates)
    .where(eq(emailTemplates.schoolId, staffSchool(scope)));
}

export async function saveTemplate(
  scope: Scope,
  q: Queryable,
  t: { key: string; language: Language; subject: string; body: string; at: Date },
): Promise<void> {
  const values = {
    schoolId: staffSchool(scope),
    key: t.key,
    language: t.language,
    subject: t.subject,
    body: t.body,
    updatedBy: scope.userId,
    updatedAt: t.at,
  };
  await q
    .insert(emailTemplates)
    .values(values)
    .onConflictDoUpdate({
      target: [emailTemplates.schoolId, emailTemplates.key, emailTemplates.language],
      set: { subject: values.subject, body: values.body, updatedBy: values.updatedBy, updatedAt: values.updatedAt },
    });
}

/** Removes the school's wording (the product's default is sent again); answers the removed row. */
export async function deleteTemplate(scope: Scope, q: Queryable, key: string, language: Language) {
  const [row] = await q
    .delete(emailTemplates)
    .where(
      and(eq(emailTemplates.schoolId, staffSchool(scope)), eq(emailTemplates.key, key), eq(emailTemplates.language, language)),
    )
    .returning();
  return row ?? null;
}

/** The sender's school's name (filled into {{school_name}}). */
export async function schoolName(scope: SenderScope, q: Queryable): Promise<string> {
  const [row] = await q
    .select({ name: schools.name })
    .from(schools)
    .where(eq(schools.id, schoolOf(scope)))
    .limit(1);
  return row?.name ?? '';
}

/**
 * A person's language and email address. People are not rows of a school (a parent may have children
 * in several), so this reads the person alone: only the language and address an email to them needs.
 */
export async function person(scope: SenderScope | SignInRead, q: Queryable, userId: string) {
  void scope;
  const [row] = await q
    .select({ email: users.email, firstName: users.firstName, language: users.language })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!row) return null;
  return { ...row, language: isLanguage(row.language) ? row.language : null };
}

/** The languages of these people who chose one (for a batch of emails: one read). */
export async function languagesOf(scope: SenderScope, q: Queryable, userIds: readonly string[]): Promise<Map<string, Language>> {
  void scope;
  if (userIds.length === 0) return new Map();
  const rows = await q
    .select({ id: users.id, language: users.language })
    .from(users)
    .where(and(inArray(users.id, [...new Set(userIds)]), isNull(users.deletedAt)));
  return new Map(rows.flatMap((r) => (isLanguage(r.language) ? [[r.id, r.language] as const] : [])));
}

/** The school's own wordings of one email, in every language it changed (for a batch of emails: one read). */
export async function templatesOfKey(scope: SenderScope, q: Queryable, key: string): Promise<TemplateRow[]> {
  return q
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.schoolId, schoolOf(scope)), eq(emailTemplates.key, key)));
}

/** The signed-in person's language (staff or parent: it is their own row). */
export async function setLanguage(scope: Scope, q: Queryable, language: Language): Promise<void> {
  await q.update(users).set({ language }).where(eq(users.id, scope.userId));
}

/**
 * The first school a person works in (a sign-in code has no school yet: its email is worded by the
 * school the person joined first). Runs before any scope exists, like the sign-in's own reads.
 */
export async function firstSchoolOf(scope: SignInRead, q: Queryable, userId: string): Promise<string | null> {
  void scope;
  const [row] = await q
    .select({ schoolId: memberships.schoolId })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(memberships.id))
    .limit(1);
  return row?.schoolId ?? null;
}
