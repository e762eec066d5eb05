import {
  ADMIN_AREAS,
  type HeldPermissions,
  MENUS,
  type MenuItem,
  type MenuSection,
  type RolePermission,
  visibleMenu,
} from '@cue/contract';

export type Tab = 'plan' | 'communicate' | 'assess' | 'admin';

/** Where each top tab leads. */
export const TAB_PATHS: Record<Tab, string> = {
  plan: '/planning',
  communicate: '/communication',
  assess: '/assessment',
  admin: '/admin',
};

/** The landing path of each menu section. */
export const SECTION_PATHS: Record<MenuSection, string> = {
  planning: '/planning',
  assessment: '/assessment',
  communication: '/communication',
  housekeeping: '/housekeeping',
  schoolSetup: '/admin/school-setup',
  academicSetup: '/admin/academic-setup',
  managementSetup: '/admin/management-setup',
  leavePortal: '/admin/leave-portal',
  timetable: '/admin/timetable',
};

/** The admin area's tabs (spec section 2); each shows only when its area has entries for the person. */
export const ADMIN_TABS: MenuSection[] = ['schoolSetup', 'academicSetup', 'managementSetup', 'leavePortal'];

const PREFIXES: [string, MenuSection][] = [
  ['/planning', 'planning'],
  ['/assessment', 'assessment'],
  ['/communication', 'communication'],
  ['/all-stories', 'communication'],
  ['/story-insights', 'communication'],
  ['/housekeeping', 'housekeeping'],
  ['/staff-leave', 'housekeeping'],
  ['/admin/school-setup', 'schoolSetup'],
  ['/admin/academic-setup', 'academicSetup'],
  ['/admin/management-setup', 'managementSetup'],
  ['/admin/leave-portal', 'leavePortal'],
  ['/admin/timetable', 'timetable'],
];

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** The menu section a path belongs to (its side menu), if any. */
export function sectionOf(pathname: string): MenuSection | null {
  return PREFIXES.find(([prefix]) => under(pathname, prefix))?.[1] ?? null;
}

const SECTION_TAB: Record<MenuSection, Tab> = {
  planning: 'plan',
  communication: 'communicate',
  assessment: 'assess',
  housekeeping: 'admin',
  schoolSetup: 'admin',
  academicSetup: 'admin',
  managementSetup: 'admin',
  leavePortal: 'admin',
  timetable: 'admin',
};

/** The top tab a path sits under, if any. */
export function tabOf(pathname: string): Tab | null {
  const section = sectionOf(pathname);
  if (section) return SECTION_TAB[section];
  return under(pathname, '/admin') ? 'admin' : null;
}

export const isAdminArea = (pathname: string) => under(pathname, '/admin');
export const isStoriesArea = (pathname: string) => under(pathname, '/all-stories') || under(pathname, '/story-insights');

/** The quick-navigation groups (spec section 2) and the sections each lists. */
export const QUICK_GROUPS: {
  id: 'plan' | 'communicate' | 'assess' | 'admin' | 'school' | 'academic' | 'management';
  sections: MenuSection[];
}[] = [
  { id: 'plan', sections: ['planning'] },
  { id: 'communicate', sections: ['communication'] },
  { id: 'assess', sections: ['assessment'] },
  { id: 'admin', sections: ['housekeeping', 'leavePortal', 'timetable'] },
  { id: 'school', sections: ['schoolSetup'] },
  { id: 'academic', sections: ['academicSetup'] },
  { id: 'management', sections: ['managementSetup'] },
];

/** Translation key (namespace shell) of a menu entry's label: menu.<key with dots as underscores>. */
export const menuLabelKey = (item: Pick<MenuItem, 'key'>) => `menu.${item.key.replace(/\./g, '_')}`;

/** Every entry of every section, children included, with the section it belongs to. */
export function allMenuItems(): { section: MenuSection; item: MenuItem; parent?: MenuItem }[] {
  return (Object.keys(MENUS) as MenuSection[]).flatMap((section) =>
    MENUS[section].flatMap((item) => [
      { section, item },
      ...(item.children ?? []).map((child) => ({ section, item: child, parent: item })),
    ]),
  );
}

/** Admin areas (and the admin tab) with at least one visible entry. */
export const visibleAreas = (held: HeldPermissions): MenuSection[] =>
  ADMIN_AREAS.filter((area) => visibleMenu(area, held).length > 0);

/** No permissions at all: a parent, or staff before the permissions arrive. */
export const NO_PERMISSIONS: HeldPermissions = { rolePermissions: [], schoolPermissions: [] };

export const holds = (held: HeldPermissions, permission: RolePermission): boolean => {
  const set = held.rolePermissions;
  return 'has' in set ? set.has(permission) : (set as readonly RolePermission[]).includes(permission);
};
