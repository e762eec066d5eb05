import type { StaffMember } from '@cue/contract';
import { useMemo } from 'react';
import { roleName } from '../../../lib/roles';
import { useClassList, useRoles, useStaffClassList } from '../api';
import { useCan } from './AdminPage';

export interface Option {
  value: string;
  label: string;
}

/** A role to pick: its label in the reader's language and the name the school stores. */
export interface RoleOption extends Option {
  name: string;
}

/**
 * The school's active classes to pick from: the full list for class managers (GET /api/classes/),
 * else the classes the caller works with (GET /api/staff_classes/), which anyone on staff may read.
 */
export function useClassOptions(): { options: Option[]; loading: boolean } {
  const can = useCan();
  const manager = can({ permission: 'admin_portal.classes' });
  const all = useClassList(manager);
  const own = useStaffClassList(!manager);
  const source = manager ? all : own;
  const options = useMemo(
    () =>
      (source.data ?? [])
        .filter((c) => !('archived' in c) || !c.archived)
        .map((c) => ({ value: c.id, label: c.class_name }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [source.data],
  );
  return { options, loading: source.isPending };
}

const roleOption = (id: string, name: string): RoleOption => ({ value: id, label: roleName(name), name });

/**
 * The school's roles to pick from: GET /api/roles/ for those who manage permissions, else the roles
 * the staff list shows (what the caller may see without that permission).
 */
export function useRoleOptions(staff: StaffMember[] | undefined): { options: RoleOption[]; loading: boolean } {
  const can = useCan();
  const manager = can({ permission: 'admin_portal.permissions' });
  const roles = useRoles(manager);
  const options = useMemo(() => {
    // Only roles the person could give: those they hold all of, the roles they may change
    // (`abilities.can_edit`, the server's own rule; it refuses the others).
    const found = manager
      ? (roles.data ?? []).filter((r) => r.abilities.can_edit).map((r) => roleOption(r.id, r.name))
      : [...new Map((staff ?? []).map((s) => [s.role.id, roleOption(s.role.id, s.role.name)])).values()];
    return found.sort((a, b) => a.label.localeCompare(b.label));
  }, [manager, roles.data, staff]);
  return { options, loading: manager && roles.isPending };
}
