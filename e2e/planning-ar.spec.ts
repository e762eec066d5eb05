import { addDays, pagePath } from '@cue/contract';
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe.js';
import { saying, toastWith } from './support/carelog.js';
import { runTag } from './support/media.js';
import {
  AREAS,
  dayColumn,
  expectColumnTitles,
  lastWeekday,
  mondayIn,
  observeInAreas,
  pickFutureDate,
  planningInsights,
  readUnit,
  sidewaysOverflow,
  wireDay,
} from './support/planning-more.js';
import { openAs, SHELL_PHONES } from './support/shell.js';
import { nurseryA } from './support/stories.js';

/*
 * The journey in Arabic, right to left: Tara copies the global library's "Under the sea" into
 * Nursery A for a week eight weeks ahead, places two activities into that week (one of the unit, in
 * Understanding the World; a time outside the class's day is refused in Arabic first), sees them on the
 * week grid in time order, and planning insights count an observation of Aarav tagged to that area. On a
 * phone's screen the week's days stack and nothing runs off the side. Names the school or the library
 * wrote (classes, children, units, areas) stay as written; everything else is in Arabic.
 */

// bypassCSP: axe-core is injected into the pages to check their accessibility. The demo school keeps UTC.
// A step that cannot happen fails in seconds, not at the end of the journey's time.
test.use({ bypassCSP: true, timezoneId: 'UTC', actionTimeout: 15_000 });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cue.language', 'ar'));
});

const LIBRARY_UNIT = 'Under the sea';

test('in Arabic, right to left: a library unit copied into Nursery A, two activities in its week, an observation counted in insights', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = runTag();
  const cls = await nurseryA(request);
  const monday = mondayIn(8);
  const wednesday = addDays(monday, 2);
  const friday = addDays(monday, 4);

  // The unit library, global tab: the unit found by its words and opened beside the list.
  await openAs(page, request, SHELL_PHONES.teacher, '/planning/unit-library');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1, name: 'مكتبة الوحدات' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'المكتبة العامة' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('ابحث في المكتبة').fill(LIBRARY_UNIT);
  await expect(page).toHaveURL(/q=Under/);
  await page.getByRole('button', { name: `فتح ${LIBRARY_UNIT}`, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: LIBRARY_UNIT });
  await expect(drawer.getByText('وحدات المكتبة العامة للقراءة فقط', { exact: false })).toBeVisible();
  // The global library offers no edit nor archive.
  await expect(drawer.getByRole('button', { name: 'تعديل' })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'the unit library in Arabic');

  // "Use in my class": Nursery A, from the Monday eight weeks ahead.
  await drawer.getByRole('button', { name: 'استخدمها في صفي' }).click();
  const copy = page.getByRole('dialog', { name: saying(`استخدام «${LIBRARY_UNIT}» في صف`) });
  await expect(copy.getByText('Nursery A')).toBeVisible();
  await pickFutureDate(page, copy.getByRole('button', { name: 'تاريخ البدء' }), monday);
  await copy.getByRole('button', { name: 'نسخ إلى الصف' }).click();
  await expect(toastWith(page, 'نُسخت الوحدة إلى الصف')).toBeVisible();

  // The unit's planner, in Arabic, says where it came from.
  await expect(page).toHaveURL(/\/planning\/unit-planning\/[A-Za-z0-9_-]+$/);
  const unitId = new URL(page.url()).pathname.split('/').pop() ?? '';
  await expect(page.getByTestId('unit-source')).toContainText(saying(`منسوخة من «${LIBRARY_UNIT}»، الإصدار 1`));
  await expect(page.getByRole('heading', { name: 'التفاصيل' })).toBeVisible();
  const unit = await readUnit(request, cls.token, unitId);
  expect(unit.start_date).toBe(wireDay(monday));
  expect(unit.classes.map((c) => c._id)).toEqual([cls.id]);
  await expectNoSeriousViolations(page, 'the unit planner in Arabic');

  // The weekly plan of that week (the class and week in the address).
  await page.goto(pagePath.weeklyPlan({ classId: cls.id, week: monday }));
  await expect(page.getByRole('heading', { level: 1, name: 'الخطة الأسبوعية' })).toBeVisible();
  await expect(page.getByText('Nursery A: أنشطة الأسبوع في يوم الصف', { exact: false })).toBeVisible();
  const column = dayColumn(page, wednesday);
  await expect(column).toBeVisible();

  // First activity: a time before the class's day is refused, in Arabic, before anything is sent.
  const unitActivity = `صندوق الطفو والغرق ${tag}`;
  await column.getByTestId('week-add').click();
  let form = page.getByRole('dialog', { name: 'نشاط جديد' });
  await form.getByLabel('العنوان').fill(unitActivity);
  await form.getByLabel('وقت البدء').fill('08:00');
  await form.getByLabel('وقت الانتهاء').fill('08:30');
  await form.getByRole('button', { name: 'إضافة النشاط' }).click();
  await expect(form.getByRole('alert').filter({ hasText: 'يجب أن يقع النشاط ضمن يوم الصف' })).toBeVisible();
  await form.getByLabel('وقت البدء').fill('10:30');
  await form.getByLabel('وقت الانتهاء').fill('11:15');
  await form.getByLabel('الوحدة', { exact: true }).click();
  await page.getByRole('option', { name: LIBRARY_UNIT, exact: true }).click();
  await form.getByRole('checkbox', { name: AREAS.UW.name }).check();
  await form.getByRole('button', { name: 'إضافة النشاط' }).click();
  await expect(toastWith(page, 'أُضيف النشاط')).toBeVisible();
  await expect(form).toBeHidden();

  // Second activity, earlier the same day, of no unit.
  const earlier = `حلقة الصباح ${tag}`;
  await column.getByTestId('week-add').click();
  form = page.getByRole('dialog', { name: 'نشاط جديد' });
  await form.getByLabel('العنوان').fill(earlier);
  await form.getByLabel('وقت البدء').fill('09:15');
  await form.getByLabel('وقت الانتهاء').fill('09:45');
  await form.getByRole('button', { name: 'إضافة النشاط' }).click();
  await expect(form).toBeHidden();

  // Both on the grid, in time order, the unit's with its unit and area.
  await expectColumnTitles(page, wednesday, [earlier, unitActivity]);
  const card = column.getByTestId('week-activity').filter({ hasText: unitActivity });
  await expect(card).toContainText(LIBRARY_UNIT);
  await expect(card).toContainText('UW');
  await expect(column.getByRole('list', { name: /^أنشطة / })).toBeVisible();
  await expectNoSeriousViolations(page, 'the weekly plan in Arabic');

  // An observation of Aarav in Understanding the World, recorded in the past (insights count it).
  const observed = lastWeekday();
  const before = await planningInsights(request, cls.token, cls.id, observed, friday);
  const areaBefore = before.areas.find((a) => a._id === AREAS.UW.id);
  await observeInAreas(request, cls.token, {
    classId: cls.id,
    studentId: cls.child('Aarav'),
    dayIso: observed,
    title: `الأصداف ${tag}`,
    note: 'Aarav sorted the shells by size and named the biggest one.',
    areaIds: [AREAS.UW.id],
  });

  // Planning insights over the observation's day to the end of the planned week.
  await page.goto(`/planning/planning-insights?class_id=${cls.id}&from=${wireDay(observed)}&to=${wireDay(friday)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'رؤى التخطيط' })).toBeVisible();
  const row = page.getByTestId('insights-area').filter({ hasText: AREAS.UW.name });
  await expect(row).toHaveAttribute('data-coverage', 'planned_and_evidenced');
  await expect(row).toContainText(saying(`الملاحظات: ${(areaBefore?.observations ?? 0) + 1}`));
  // The activity placed above is already among the area's planned activities.
  expect(areaBefore?.planned_activities ?? 0).toBeGreaterThanOrEqual(1);
  await expect(row).toContainText(saying(`الأنشطة: ${areaBefore?.planned_activities ?? 0}`));
  await expect(page.getByRole('button', { name: 'تنزيل CSV' })).toBeVisible();
  await expectNoSeriousViolations(page, 'planning insights in Arabic');

  // The server's count agrees with the page's.
  const after = await planningInsights(request, cls.token, cls.id, observed, friday);
  expect(after.areas.find((a) => a._id === AREAS.UW.id)?.observations).toBe((areaBefore?.observations ?? 0) + 1);
});

test('in Arabic on a phone (390 px), the week grid stacks its days and nothing runs off the side', async ({ page, request }) => {
  const cls = await nurseryA(request);
  const monday = mondayIn(9);
  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, request, SHELL_PHONES.teacher, pagePath.weeklyPlan({ classId: cls.id, week: monday }));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'الخطة الأسبوعية' })).toBeVisible();
  const days = page.getByTestId('week-day');
  await expect(days).toHaveCount(5);
  // One column: each day below the one before, as wide as the grid.
  const grid = await page.getByTestId('week-grid').boundingBox();
  let bottom = -1;
  for (let i = 0; i < 5; i++) {
    const box = await days.nth(i).boundingBox();
    expect(box).not.toBeNull();
    if (!box || !grid) continue;
    expect(box.y).toBeGreaterThanOrEqual(bottom);
    expect(Math.abs(box.width - grid.width)).toBeLessThanOrEqual(1);
    bottom = box.y + box.height;
  }
  await expect(page.getByRole('button', { name: 'الأسبوع التالي' })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await expectNoSeriousViolations(page, 'the weekly plan on a phone in Arabic');
  await page.screenshot({ path: test.info().outputPath('planning-ar-phone.png'), fullPage: true });
});
