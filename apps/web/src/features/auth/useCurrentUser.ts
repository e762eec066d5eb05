import { type EditorDirection, type ParentUserDetails, ROUTES, type StaffUserDetails } from '@cue/contract';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { apiResult } from '../../lib/api';
import { type Session, type Side, sidesOf, tokenFor, useSession } from '../../lib/session';

export const currentUserKey = (side: Side) => ['auth', 'currentUser', side] as const;

/** The person signed in on one side (GET /api/logined_user_details with that side's token). */
export const currentUserQuery = (side: Side) =>
  queryOptions({
    queryKey: currentUserKey(side),
    queryFn: ({ signal }) => apiResult(ROUTES.loginedUserDetails, { side, signal }),
    staleTime: 5 * 60_000,
  });

export interface CurrentUser {
  session: Session | null;
  staff: StaffUserDetails | null;
  parent: ParentUserDetails | null;
  isPending: boolean;
  errors: unknown[];
  refetch: () => void;
}

/** The signed-in person, from GET /api/logined_user_details with each side's token. */
export function useCurrentUser(): CurrentUser {
  const session = useSession();
  const sides = sidesOf(session);
  const queries = useQueries({
    queries: sides.map((side) => ({ ...currentUserQuery(side), enabled: !!tokenFor(session, side) })),
  });
  let staff: StaffUserDetails | null = null;
  let parent: ParentUserDetails | null = null;
  for (const query of queries) {
    if (query.data?.logined_as === 'staff') staff = query.data.user_detials;
    if (query.data?.logined_as === 'parent') parent = query.data.user_detials;
  }
  return {
    session,
    staff,
    parent,
    isPending: queries.some((q) => q.isPending),
    errors: queries.map((q) => q.error).filter((e) => e !== null),
    refetch: () => {
      for (const q of queries) void q.refetch();
    },
  };
}

/** The school direction in force: the staff member's school, else the current child's school. */
export function schoolDirectionOf(user: Pick<CurrentUser, 'staff' | 'parent'>): EditorDirection | null {
  if (user.staff) return user.staff.school_details.editor_direction;
  const parent = user.parent;
  if (!parent) return null;
  return currentChildOf(parent)?.student_class[0]?.school_details.editor_direction ?? null;
}

/** The parent's current child (the child switcher's choice, else the first child); null for staff. */
export function currentChildOf(parent: ParentUserDetails | null): ParentUserDetails['child_list'][number] | null {
  if (!parent) return null;
  return parent.child_list.find((c) => c.id === parent.current_child) ?? parent.child_list[0] ?? null;
}

/** The current child of the signed-in parent (parent pages show this child). */
export function useCurrentChild() {
  return currentChildOf(useCurrentUser().parent);
}
