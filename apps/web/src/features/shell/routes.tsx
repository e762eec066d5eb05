import type { MenuItem, MenuSection } from '@cue/contract';
import { lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type RouteObject, useLocation } from 'react-router';
import { allMenuItems, menuLabelKey, SECTION_PATHS } from './sections';

// Shell pages load on demand, so the dashboard's first load carries none of them.
const named = <K extends string>(load: () => Promise<Record<K, React.ComponentType<never>>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] as React.ComponentType<Record<string, unknown>> }));
const common = () => import('./pages/common');
const sections = () => import('./pages/SectionPage');
const Gate = named(() => import('./pages/Gate'), 'Gate') as unknown as React.ComponentType<{
  need?: Omit<MenuItem, 'key' | 'path'>;
  children: ReactNode;
}>;
const ComingSoon = named(common, 'ComingSoon') as unknown as React.ComponentType<{ title: string }>;
const SectionPage = named(sections, 'SectionPage') as unknown as React.ComponentType<{ section: MenuSection }>;
const AdminHome = named(sections, 'AdminHome');
const CampusesPage = named(() => import('./pages/SwitchSchoolPages'), 'CampusesPage');
const OrganizationPage = named(() => import('./pages/SwitchSchoolPages'), 'OrganizationPage');
const BugReportsPage = named(() => import('./pages/BugReportsPage'), 'BugReportsPage');
const MaintenanceAdminPage = named(() => import('./pages/MaintenanceAdminPage'), 'MaintenanceAdminPage');
export const ShellNotFound = named(common, 'ShellNotFound');

/** A "coming soon" page titled from the shell catalog. */
function Soon({ label }: { label: string }) {
  const { t } = useTranslation('shell');
  return <ComingSoon title={t(label)} />;
}

const gated = (need: Omit<MenuItem, 'key' | 'path'> | undefined, element: ReactNode): ReactNode => (
  <Gate need={need}>{element}</Gate>
);
const rel = (path: string) => (path.split('?')[0] ?? path).replace(/^\//, '');

const PLATFORM = { permission: 'super_admin.manage_platform_org_schools' } as const;

/** Spec section 2's routes that are not menu entries, with what each needs. */
const EXTRA: { path: string; label: string; need?: Omit<MenuItem, 'key' | 'path'> }[] = [
  { path: 'planning/project-planning', label: 'pages.projectPlanning' },
  { path: 'story-insights', label: 'stories.insights', need: { feature: 'story' } },
  {
    path: 'communication/announcements/create',
    label: 'pages.announcementCreate',
    need: { permission: 'daily_communication.announcements' },
  },
  {
    path: 'communication/announcements/edit/:id',
    label: 'pages.announcementEdit',
    need: { permission: 'daily_communication.announcements' },
  },
  { path: 'communication/homeworks/create', label: 'pages.homeworkCreate', need: { permission: 'daily_communication.homework' } },
  { path: 'communication/homeworks/edit/:id', label: 'pages.homeworkEdit', need: { permission: 'daily_communication.homework' } },
  { path: 'staff-leave', label: 'pages.staffLeave', need: { feature: 'leave_management' } },
];

interface Page {
  label: string;
  need?: Omit<MenuItem, 'key' | 'path'>;
}

let pages: Map<string, Page> | null = null;

/** Path (without the leading slash) → what the page is called and needs: every menu entry and the extras. */
function pageTable(): Map<string, Page> {
  if (pages) return pages;
  pages = new Map();
  for (const extra of EXTRA) pages.set(extra.path, extra);
  for (const { item, parent } of allMenuItems()) {
    // Entries that differ only by query (observation?type=...) share their parent's page.
    const shown = item.path.includes('?') && parent ? parent : item;
    const { key: _key, path: _path, children: _children, ...need } = shown;
    const path = rel(item.path);
    if (!pages.has(path)) pages.set(path, { label: menuLabelKey(shown), need });
  }
  return pages;
}

const matches = (pattern: string, path: string) => {
  const a = pattern.split('/');
  const b = path.split('/');
  return a.length === b.length && a.every((part, i) => part.startsWith(':') || part === b[i]);
};

/**
 * Any path under a section that no other route claims: a menu entry (or spec route) not built yet is a
 * "coming soon" page behind the entry's permission and feature; anything else is not found.
 */
function ModulePage() {
  const { pathname } = useLocation();
  const path = pathname.replace(/^\/+|\/+$/g, '');
  const table = pageTable();
  const page = table.get(path) ?? [...table.entries()].find(([pattern]) => matches(pattern, path))?.[1];
  if (!page) return <ShellNotFound />;
  return gated(page.need, <Soon label={page.label} />);
}

/** Section prefixes whose paths resolve through the menu registry. Concrete routes (built modules) outrank these splats. */
const MODULE_PREFIXES = [
  'planning',
  'assessment',
  'communication',
  'housekeeping',
  'admin',
  'all-stories',
  'story-insights',
  'staff-leave',
];

/**
 * The shell's signed-in routes: section landings, switching and platform pages, and a splat per
 * section for the modules not built yet. Put them after other routes: a module that is built
 * declares its own (static) route, which wins.
 */
export function shellRoutes(): RouteObject[] {
  const routes: RouteObject[] = [
    { path: 'admin', element: gated(undefined, <AdminHome />) },
    { path: 'campuses', element: gated(undefined, <CampusesPage />) },
    { path: 'super_admin/organization', element: gated(PLATFORM, <OrganizationPage />) },
    { path: 'super_admin/bug-reports', element: gated(PLATFORM, <BugReportsPage />) },
    { path: 'admin/school-setup/maintenance', element: gated(PLATFORM, <MaintenanceAdminPage />) },
  ];
  for (const [section, path] of Object.entries(SECTION_PATHS) as [MenuSection, string][]) {
    routes.push({ path: rel(path), element: gated(undefined, <SectionPage section={section} />) });
  }
  for (const prefix of MODULE_PREFIXES) routes.push({ path: `${prefix}/*`, element: <ModulePage /> });
  return routes;
}
