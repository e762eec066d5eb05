import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Scope } from '../../platform/auth/scope.js';
import type { Queryable } from '../../platform/db/client.js';
import { bugReports, media, schools, users } from '../../platform/db/schema.js';

/** Which of these files the scope's person uploaded. */
export async function ownUploads(scope: Scope, q: Queryable, links: string[]): Promise<string[]> {
  if (links.length === 0) return [];
  const rows = await q
    .select({ url: media.url })
    .from(media)
    .where(and(inArray(media.url, links), eq(media.uploadedBy, scope.userId)));
  return rows.map((r) => r.url);
}

/** Files a bug report as the scope's person, from their side and school. */
export async function addBugReport(
  scope: Scope,
  q: Queryable,
  values: { id: string; url: string; summary: string; media: { media_link: string }[]; userAgent: string | null },
): Promise<void> {
  await q.insert(bugReports).values({ ...values, userId: scope.userId, kind: scope.kind, schoolId: scope.schoolId });
}

/**
 * The latest bug reports of the whole platform, with who sent them and from which school. Only for
 * the platform's operators: the route asks for `super_admin.manage_platform_org_schools`.
 */
export async function latestBugReports(scope: Scope, q: Queryable, limit: number) {
  if (scope.kind !== 'staff') return [];
  return q
    .select({
      report: bugReports,
      user: { id: users.id, firstName: users.firstName, lastName: users.lastName },
      school: { id: schools.id, name: schools.name },
    })
    .from(bugReports)
    .innerJoin(users, eq(users.id, bugReports.userId))
    .leftJoin(schools, eq(schools.id, bugReports.schoolId))
    .orderBy(desc(bugReports.createdAt))
    .limit(limit);
}
export type BugReportRow = Awaited<ReturnType<typeof latestBugReports>>[number];
