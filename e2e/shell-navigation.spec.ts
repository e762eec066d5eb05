import { type HeldPermissions, type MenuSection, visibleMenu, visibleTabs } from '@cue/contract';
import { expect, type Page, test } from '@playwright/test';
import { heldPermissions, openAs, SHELL_PHONES } from './support/shell.js';

const TAB_LABELS = { plan: 'Plan', communicate: 'Communicate', assess: 'Assess', admin: 'Admin' } as const;
const SECTIONS: [MenuSection, string][] = [
  ['planning', '/planning'],
  ['communication', '/communication'],
  ['assessment', '/assessment'],
  ['housekeeping', '/housekeeping'],
  ['schoolSetup', '/admin/school-setup'],
  ['academicSetup', '/admin/academic-setup'],
  ['managementSetup', '/admin/management-setup'],
  ['leavePortal', '/admin/leave-portal'],
  ['timetable', '/admin/timetable'],
];
const AREA_TABS: [MenuSection, string][] = [
  ['schoolSetup', 'School setup'],
  ['academicSetup', 'Academic setup'],
  ['managementSetup', 'Management setup'],
  ['leavePortal', 'Leave portal'],
];

/** Keys of a section's visible entries and their visible children, as the contract's visibleMenu gives them. */
const expectedKeys = (section: MenuSection, held: HeldPermissions) =>
  visibleMenu(section, held)
    .flatMap((item) => [item.key, ...(item.children ?? []).map((c) => c.key)])
    .sort();

async function shownKeys(page: Page): Promise<string[]> {
  const menu = page.getByTestId('side-menu');
  // Open every group so that its children are in the page.
  const closed = menu.locator('[data-menu-key][aria-expanded="false"]');
  for (let left = await closed.count(); left > 0; left = await closed.count()) {
    await closed.first().click();
    await expect(closed).toHaveCount(left - 1);
  }
  const keys = await menu
    .locator('[data-menu-key]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-menu-key') ?? ''));
  return [...new Set(keys)].sort();
}

/** Tabs, area tabs and every section's side menu match what the person's permissions allow. */
async function checkStaff(page: Page, held: HeldPermissions) {
  const tabs = page.getByTestId('top-tabs').first().getByRole('link');
  await expect(tabs).toHaveText(visibleTabs(held).map((tab) => TAB_LABELS[tab]));
  for (const [section, path] of SECTIONS) {
    await page.goto(path);
    const keys = expectedKeys(section, held);
    if (keys.length === 0) {
      await expect(page.getByTestId('no-access')).toBeVisible();
      continue;
    }
    await expect(page.getByTestId('side-menu')).toBeVisible();
    expect(await shownKeys(page), section).toEqual(keys);
  }
  await page.goto('/admin');
  const areaTabs = page.getByTestId('area-tabs');
  const visibleAreaTabs = AREA_TABS.filter(([area]) => visibleMenu(area, held).length > 0).map(([, label]) => label);
  if (visibleAreaTabs.length > 0) await expect(areaTabs.getByRole('link')).toHaveText(visibleAreaTabs);
  else await expect(areaTabs).toHaveCount(0);
}

test('a teacher sees exactly the tabs and menu entries her permissions allow', async ({ page, request }) => {
  // She opens every menu entry she holds, as the admin's and the super admin's walks below do.
  test.setTimeout(60_000);
  const { staffToken } = await openAs(page, request, SHELL_PHONES.teacher);
  const held = await heldPermissions(request, staffToken ?? '');
  expect(held.rolePermissions).not.toContain('admin_portal.school_details');
  await checkStaff(page, held);
  // No school, academic or management setup for a teacher: the admin area offers at most her leave.
  await page.goto('/admin');
  await expect(page.getByTestId('area-tabs').getByRole('link', { name: 'School setup' })).toHaveCount(0);
  await page.goto('/admin/school-setup');
  await expect(page.getByTestId('no-access')).toBeVisible();
  // Menu paths behind a permission she lacks are closed even when typed in.
  await page.goto('/admin/management-setup/hiring');
  await expect(page.getByText("This page isn't available to you")).toBeVisible();
  // The stories area shows Library and Insights.
  await page.goto('/all-stories');
  await expect(page.getByTestId('area-tabs').getByRole('link')).toHaveText(['Library', 'Insights']);
  await page.getByTestId('area-tabs').getByRole('link', { name: 'Insights' }).click();
  await expect(page.getByRole('heading', { name: 'Story insights', level: 1 })).toBeVisible();
  // Her own leave is open to her in the admin area.
  await page.goto('/admin/leave-portal/myleave');
  await expect(page.getByRole('heading', { name: 'My leave', level: 1 })).toBeVisible();
  await expect(page.getByTestId('top-tabs').first()).toBeVisible();
  // The teacher holds no access_new_modules: no language menu. Cue's button opens its first-use tour.
  await expect(page.getByTestId('language-menu')).toHaveCount(0);
  await expect(page.getByTestId('cue-button')).toHaveAttribute('data-state', 'idle');
  await page.getByTestId('cue-button').click();
  await expect(page.getByTestId('cue-tour')).toBeVisible();
});

test('an admin sees school setup and the admin tabs her permissions allow', async ({ page, request }) => {
  // Visits every section's pages, like the super admin's journey.
  test.setTimeout(60_000);
  const { staffToken } = await openAs(page, request, SHELL_PHONES.admin);
  const held = await heldPermissions(request, staffToken ?? '');
  await checkStaff(page, held);
  await page.getByTestId('top-tabs').first().getByRole('link', { name: 'Admin' }).click();
  await expect(page.getByTestId('area-tabs').getByRole('link', { name: 'School setup' })).toBeVisible();
  // Open entries without a page of their own say so inside the shell.
  await page.goto('/admin/school-setup/permissions');
  await expect(page.getByTestId('coming-soon')).toContainText('Permissions');
  await expect(page.getByTestId('top-tabs').first()).toBeVisible();
  // Platform pages are for platform super admins only.
  await page.goto('/super_admin/bug-reports');
  await expect(page.getByTestId('no-access')).toBeVisible();
  // Switch school leads a school admin to her campuses.
  await page.goto('/dashboard');
  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: 'Switch school' }).click();
  await expect(page).toHaveURL(/\/campuses$/);
  await expect(page.getByTestId('school-row').filter({ hasText: 'Sunrise Early Years' })).toContainText('Current');
  // The campuses page shows no tabs.
  await expect(page.getByTestId('top-tabs')).toHaveCount(0);
  await expect(page.getByTestId('area-tabs')).toHaveCount(0);
});

test('a super admin sees every area, the quick navigation and switches school', async ({ page, request }) => {
  test.setTimeout(60_000);
  const { staffToken } = await openAs(page, request, SHELL_PHONES.superAdmin);
  const held = await heldPermissions(request, staffToken ?? '');
  await checkStaff(page, held);

  // Quick navigation lists the visible entries, grouped.
  await page.getByTestId('quick-nav-button').click();
  const sheet = page.getByRole('dialog', { name: 'Quick navigation' });
  await expect(sheet.getByRole('heading', { level: 3 })).toHaveText([
    'Plan',
    'Communicate',
    'Assess',
    'Admin',
    'School',
    'Academic',
    'Management',
  ]);
  const listed = await sheet.locator('[data-menu-key]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-menu-key')));
  const sections: MenuSection[] = [
    'planning',
    'communication',
    'assessment',
    'housekeeping',
    'leavePortal',
    'timetable',
    'schoolSetup',
    'academicSetup',
    'managementSetup',
  ];
  expect(listed).toEqual(sections.flatMap((s) => visibleMenu(s, held).map((item) => item.key)));
  await sheet.getByRole('link', { name: 'Access tokens' }).click();
  await expect(page).toHaveURL(/\/admin\/school-setup\/access-tokens$/);

  // Settings: Account active, the other tabs disabled, role label Admin.
  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
  await expect(settings.getByRole('tab', { name: 'Appearance' })).toBeDisabled();
  await expect(settings.getByRole('tab', { name: 'Notifications' })).toBeDisabled();
  await expect(settings.getByTestId('settings-role')).toHaveText('Admin');
  await page.keyboard.press('Escape');

  // Switch school: organization, then school; the new school's token replaces the old one.
  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: 'Switch school' }).click();
  await expect(page).toHaveURL(/\/super_admin\/organization$/);
  await page.getByText('Demo Learning Trust').click();
  await page.getByRole('button', { name: 'Switch to Moonbeam Nursery' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('current-user')).toContainText('Moonbeam Nursery');
  // Moonbeam writes right to left.
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cue.session') ?? '{}').accessToken as string);
  expect(stored).not.toBe(staffToken);
  await expect
    .poll(async () =>
      (await request.get('/api/logined_user_details', { headers: { authorization: `Bearer ${staffToken}` } })).status(),
    )
    .toBe(401);
  // And back, from the class selector's other school.
  await page.getByTestId('class-selector').click();
  await page.getByRole('menuitem', { name: 'Nursery A' }).click();
  await expect(page.getByTestId('current-user')).toContainText('Sunrise Early Years');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByTestId('class-selector')).toContainText('Nursery A');
});

test('a parent gets the parent layout: no tabs, Cue, quick navigation or report-issue; a child switcher', async ({
  page,
  request,
}) => {
  await openAs(page, request, SHELL_PHONES.parent);
  await expect(page.getByTestId('current-user')).toContainText('Rohan Sharma');
  await expect(page.getByTestId('child-switcher')).toBeVisible();
  await expect(page.getByTestId('top-tabs')).toHaveCount(0);
  await expect(page.getByTestId('cue-button')).toHaveCount(0);
  await expect(page.getByTestId('quick-nav-button')).toHaveCount(0);
  await expect(page.getByTestId('report-issue-button')).toHaveCount(0);
  await expect(page.getByTestId('language-menu')).toHaveCount(0);
  await expect(page.getByTestId('task-panel-toggle')).toHaveCount(0);

  // The child switcher makes the other child current (POST /api/parent_child_switch/).
  await page.getByTestId('child-switcher').click();
  await page.getByRole('menuitem', { name: /Ira Sharma/ }).click();
  await expect(page.getByTestId('child-switcher')).toContainText('Ira Sharma');
  await page.reload();
  await expect(page.getByTestId('child-switcher')).toContainText('Ira Sharma');
  await page.getByTestId('child-switcher').click();
  await page.getByRole('menuitem', { name: /Aarav Sharma/ }).click();
  await expect(page.getByTestId('child-switcher')).toContainText('Aarav Sharma');

  // Settings shows the Parent role; staff pages are closed.
  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' }).getByTestId('settings-role')).toHaveText('Parent');
  await page.keyboard.press('Escape');
  await page.goto('/planning');
  await expect(page.getByTestId('no-access')).toContainText('This page is for school staff.');
  // An unknown path is a page inside the shell, not a blank one.
  await page.goto('/no/such/page');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByTestId('child-switcher')).toBeVisible();
});

test('a teacher who is also a parent moves between the layouts from the selector', async ({ page, request }) => {
  await openAs(page, request, SHELL_PHONES.dualRole);
  await expect(page.getByTestId('top-tabs').first()).toBeVisible();
  await page.getByTestId('class-selector').click();
  await page.getByRole('menuitem', { name: 'Diya Patel' }).click();
  await expect(page.getByTestId('child-switcher')).toContainText('Diya Patel');
  await expect(page.getByTestId('top-tabs')).toHaveCount(0);
  // Choosing a class goes back to the staff side.
  await page.getByTestId('child-switcher').click();
  await page.getByRole('menuitem', { name: 'Kindergarten B' }).click();
  await expect(page.getByTestId('class-selector')).toContainText('Kindergarten B');
  await expect(page.getByTestId('top-tabs').first()).toBeVisible();
});

test('signed out, shell paths go to the login page; public paths stay', async ({ page }) => {
  for (const path of ['/planning', '/admin/school-setup', '/campuses', '/super_admin/organization', '/all-stories']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/$/);
  }
  await page.goto('/public/mobile-app');
  await expect(page.getByRole('heading', { name: 'For the best experience, please use our mobile app' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download on the App Store' })).toHaveAttribute('href', /apple\.com/);
  await expect(page.getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute('href', /play\.google\.com/);
});
