import { pagePath } from '@cue/contract';
import { expect, type Page, test } from '@playwright/test';
import { staffToken } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import {
  addKiosk,
  deskRow,
  expectNoHorizontalOverflow,
  familyCode,
  markOf,
  meetsToday,
  resetChildDay,
  typeOnKeypad,
} from './support/dispersal.js';
import { runTag } from './support/media.js';
import { openAs, SHELL_PHONES } from './support/shell.js';
import { nurseryA, parentToken } from './support/stories.js';

/*
 * Drop-off and pick-up in Hebrew: the kiosk by the door switched to Hebrew by its own language buttons
 * (a tablet, 768 × 1024) takes Rohan's code and checks Aarav in; Tara reads her class's day in Hebrew on
 * a phone (390 px). Right to left, in Hebrew words, nothing wider than the screen, axe clean.
 */

test.use({ bypassCSP: true, timezoneId: 'UTC' });

const html = (page: Page) => page.locator('html');

test('the kiosk in Hebrew on a tablet checks Aarav in by his family code, right to left and within the screen', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = runTag();
  const cls = await nurseryA(request);
  const aarav = cls.child('Aarav');
  await resetChildDay(request, cls.token, cls.id, aarav);
  const code = await familyCode(request, await parentToken(request, SHELL_PHONES.parent));
  const kioskName = `שער ${tag}`;
  const paired = await addKiosk(request, await staffToken(request, SHELL_PHONES.admin), kioskName);

  const { baseURL } = test.info().project.use;
  // The tablet's browser says English: the family switches the kiosk to Hebrew on its screen.
  const door = await browser.newContext({
    baseURL,
    viewport: { width: 768, height: 1024 },
    locale: 'en-US',
    timezoneId: 'UTC',
    bypassCSP: true,
  });
  try {
    const kiosk = await door.newPage();
    await kiosk.goto(paired.path);
    await expect(kiosk.getByRole('heading', { level: 1, name: 'Welcome! What are you doing?' })).toBeVisible();
    const languages = kiosk.getByRole('group', { name: 'Language' });
    await languages.getByRole('button', { name: 'עברית' }).click();

    await expect(html(kiosk)).toHaveAttribute('dir', 'rtl');
    await expect(html(kiosk)).toHaveAttribute('lang', 'he');
    await expect(kiosk.getByRole('heading', { level: 1, name: 'ברוכים הבאים! מה אתם עושים?' })).toBeVisible();
    await expect(kiosk.getByRole('group', { name: 'שפה' }).getByRole('button', { name: 'עברית' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(kiosk.getByText(`עמדה: ${kioskName}`)).toBeVisible();
    await expectNoHorizontalOverflow(kiosk, 'kiosk home (he)');
    await expectNoSeriousViolations(kiosk, 'kiosk home (he)');

    await kiosk.getByRole('button', { name: 'הבאה' }).click();
    await expect(kiosk.getByRole('heading', { name: 'הבאה: הקוד שלכם' })).toBeVisible();
    // The keypad keeps its telephone order left to right inside the right-to-left page.
    await expect(kiosk.getByRole('group', { name: 'מקלדת מספרים' })).toHaveAttribute('dir', 'ltr');
    await expectNoHorizontalOverflow(kiosk, 'kiosk keypad (he)');
    await expectNoSeriousViolations(kiosk, 'kiosk keypad (he)');
    await typeOnKeypad(kiosk, code);

    await expect(kiosk.getByText('שלום, Rohan Sharma')).toBeVisible();
    await expect(kiosk.getByText('את מי אתם מביאים?')).toBeVisible();
    const card = kiosk.getByRole('checkbox', { name: 'Aarav Sharma' });
    await expect(card).toContainText('עוד לא הגיע');
    if ((await card.getAttribute('aria-checked')) !== 'true') await card.click();
    const health = kiosk.getByRole('group', { name: 'שאלת בריאות' });
    if (await health.isVisible()) await health.getByRole('button', { name: 'כן, הכול בסדר' }).click();
    await expectNoHorizontalOverflow(kiosk, 'kiosk children (he)');
    await expectNoSeriousViolations(kiosk, 'kiosk children (he)');
    await kiosk.getByTestId('kiosk-submit').click();

    const done = kiosk.getByTestId('kiosk-done');
    await expect(done).toContainText('Aarav נרשם/ה כהגיע/ה');
    await expect(done).toContainText('שיהיה יום נפלא!');
    await expectNoHorizontalOverflow(kiosk, 'kiosk done (he)');
    await expectNoSeriousViolations(kiosk, 'kiosk done (he)');
    await kiosk.getByRole('button', { name: 'סיום' }).click();
    await expect(kiosk.getByRole('heading', { level: 1, name: 'ברוכים הבאים! מה אתם עושים?' })).toBeVisible();
    // The kiosk keeps its language for the next family.
    await kiosk.reload();
    await expect(html(kiosk)).toHaveAttribute('dir', 'rtl');
  } finally {
    await door.close();
  }

  // The check-in reached the register (on a day Nursery A meets).
  if (meetsToday()) expect(['present', 'late']).toContain(await markOf(request, cls.token, cls.id, aarav));
});

test("Tara's drop-off and pick-up page in Hebrew on a phone: right to left, Aarav in, every tab within the screen and axe clean", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const cls = await nurseryA(request);
  const aarav = cls.child('Aarav');
  await resetChildDay(request, cls.token, cls.id, aarav);
  const father = await request.get(`/api/dispersal/classes/${cls.id}`, { headers: { authorization: `Bearer ${cls.token}` } });
  const parentId = (
    (await father.json()) as {
      result: { children: { student: { id: string }; expected: { kind: string; parent_id: string | null }[] }[] };
    }
  ).result.children
    .find((c) => c.student.id === aarav)
    ?.expected.find((e) => e.kind === 'parent')?.parent_id;
  if (!parentId) throw new Error('Aarav has no parent to bring him');
  const checkIn = await request.post('/api/dispersal/check_in', {
    headers: { authorization: `Bearer ${cls.token}` },
    data: { student_id: aarav, adult: { kind: 'parent', parent_id: parentId }, health_ok: true },
  });
  expect(checkIn.ok(), await checkIn.text()).toBe(true);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem('cue.language', 'he'));
  await openAs(page, request, SHELL_PHONES.teacher, pagePath.entryDispersal());
  await expect(html(page)).toHaveAttribute('dir', 'rtl');
  await expect(html(page)).toHaveAttribute('lang', 'he');
  await expect(page.getByRole('heading', { level: 1, name: 'הבאה ואיסוף' })).toBeVisible();
  await expect(page.getByText('ההבאה והאיסוף של Nursery A היום')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'רשימת הכיתה' })).toHaveAttribute('aria-selected', 'true');

  const row = deskRow(page, 'Aarav Sharma');
  await expect(row.getByTestId('dispersal-status')).toHaveAttribute('data-status', 'in');
  await expect(row.getByTestId('dispersal-status')).toContainText(/^הגיע .+ · Rohan Sharma$/);
  await expect(row.getByRole('button', { name: 'רישום יציאה של Aarav Sharma' })).toBeVisible();
  await expectNoHorizontalOverflow(page, 'class tab (he, 390 px)');
  await expectNoSeriousViolations(page, 'class tab (he)');

  await page.getByRole('tab', { name: 'פיזור' }).click();
  await expect(page.getByTestId('dispersal-dismissal')).toBeVisible();
  await expect(deskRow(page, 'Aarav Sharma')).toBeVisible();
  await expectNoHorizontalOverflow(page, 'dismissal tab (he, 390 px)');
  await expectNoSeriousViolations(page, 'dismissal tab (he)');

  await page.getByRole('tab', { name: 'התראות' }).click();
  await expect(page.getByTestId('dispersal-alerts')).toBeVisible();
  await expectNoHorizontalOverflow(page, 'alerts tab (he, 390 px)');
  await expectNoSeriousViolations(page, 'alerts tab (he)');
});
