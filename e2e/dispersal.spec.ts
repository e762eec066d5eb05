import { DISPERSAL_MESSAGES, pagePath } from '@cue/contract';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { staffToken } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { expectSocket, socketJoined } from './support/carelog.js';
import {
  addKiosk,
  classDay,
  deskRow,
  familyCode,
  markOf,
  meetsToday,
  openAlerts,
  pairPath,
  resetChildDay,
  typeOnKeypad,
} from './support/dispersal.js';
import { runTag } from './support/media.js';
import { openAs, SHELL_PHONES } from './support/shell.js';
import { nurseryA, parentToken } from './support/stories.js';

/*
 * Drop-off and pick-up at Sunrise: a kiosk by the door takes Rohan's family code and checks Aarav in,
 * which marks him in the register without Tara typing it; at pick-up a stranger is refused at the desk
 * and a wrong code at the kiosk, then a one-time pick-up person Rohan added collects him with their code.
 * Each journey puts Aarav's day back to "not arrived" first (other journeys share the database).
 */

// bypassCSP: axe-core is injected into the pages. The demo school keeps UTC, and so does the browser.
test.use({ bypassCSP: true, timezoneId: 'UTC' });

/** The tablet by the door: a browser of its own, with nobody signed in. */
async function tablet(browser: Browser) {
  const { baseURL } = test.info().project.use;
  return browser.newContext({
    baseURL,
    viewport: { width: 1024, height: 768 },
    locale: 'en-US',
    timezoneId: 'UTC',
    bypassCSP: true,
  });
}

/** The kiosk's home screen, paired and named. */
async function expectKioskHome(kiosk: Page, name: string) {
  await expect(kiosk.getByRole('heading', { level: 1, name: 'Welcome! What are you doing?' })).toBeVisible();
  await expect(kiosk.getByText(`Kiosk: ${name}`)).toBeVisible();
}

/** Answers the school's health question when the kiosk asks it. */
async function answerHealth(kiosk: Page) {
  const question = kiosk.getByRole('group', { name: 'Health question' });
  if (await question.isVisible()) await question.getByRole('button', { name: 'Yes, all well' }).click();
}

/** The time the kiosk's success screen gives for a child ("Aarav is checked in — 09:41 PM"). */
async function doneTime(kiosk: Page, first: string, kind: 'in' | 'out'): Promise<string> {
  const done = kiosk.getByTestId('kiosk-done');
  await expect(done).toContainText(`${first} is checked ${kind} — `);
  const text = (await done.textContent()) ?? '';
  const time = /(\d\d:\d\d [AP]M)/.exec(text)?.[1];
  if (!time) throw new Error(`No time on the kiosk's screen: ${text}`);
  return time;
}

test("a family's code at the kiosk checks Aarav in: the register shows him without his teacher marking it, and the class list names his father", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = runTag();
  const cls = await nurseryA(request);
  const aarav = cls.child('Aarav');
  await resetChildDay(request, cls.token, cls.id, aarav);
  const markBefore = await markOf(request, cls.token, cls.id, aarav);
  if (meetsToday()) expect(markBefore).toBe('NA');
  const rohan = await parentToken(request, SHELL_PHONES.parent);
  const code = await familyCode(request, rohan);
  expect(code).toMatch(/^\d{4}$/);

  // Anita adds the kiosk on the settings tab; its pairing link is shown once.
  const kioskName = `Front door ${tag}`;
  await openAs(page, request, SHELL_PHONES.admin, `${pagePath.entryDispersal()}?tab=settings`);
  await expect(page.getByRole('heading', { level: 1, name: 'Drop-off and pick-up' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
  await expectNoSeriousViolations(page, 'settings tab');
  await page.getByRole('button', { name: 'Add kiosk' }).click();
  const add = page.getByRole('dialog', { name: 'Add a kiosk' });
  await add.getByLabel('Name').fill(kioskName);
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  const pairing = page.getByRole('dialog', { name: `Pair the kiosk ${kioskName}` });
  await expect(pairing.getByText('This link is shown only once.', { exact: false })).toBeVisible();
  const link = (await pairing.getByTestId('kiosk-pair-url').textContent())?.trim() ?? '';
  expect(link).toContain('#pair=');
  await expect(pairing.getByRole('img', { name: `QR code of the pairing link of ${kioskName}` })).toBeVisible();
  await expectNoSeriousViolations(page, 'pairing dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('kiosks')).toContainText(kioskName);

  const door = await tablet(browser);
  // Rohan has the app open on his phone, away from Aarav's record: he hears of the check-in there.
  const family = await tablet(browser);
  try {
    const father = await family.newPage();
    await father.setViewportSize({ width: 390, height: 844 });
    const joined = socketJoined(father);
    await openAs(father, father.request, SHELL_PHONES.parent, '/dashboard');
    await expect(father.getByTestId('family-listener')).toBeAttached();
    await expectSocket(joined);

    const kiosk = await door.newPage();
    await kiosk.goto(pairPath(link));
    await expectKioskHome(kiosk, kioskName);
    // The token leaves the address: whoever looks at the tablet's address bar cannot copy it.
    await expect(kiosk).toHaveURL(/\/kiosk$/);
    await expectNoSeriousViolations(kiosk, 'kiosk home');

    await kiosk.getByRole('button', { name: 'Drop-off' }).click();
    await expect(kiosk.getByRole('heading', { name: 'Drop-off: your code' })).toBeVisible();
    await expectNoSeriousViolations(kiosk, 'kiosk keypad');
    await typeOnKeypad(kiosk, code);

    await expect(kiosk.getByText('Hello, Rohan Sharma')).toBeVisible();
    const card = kiosk.getByRole('checkbox', { name: 'Aarav Sharma' });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Not arrived yet');
    if ((await card.getAttribute('aria-checked')) !== 'true') await card.click();
    await expect(card).toHaveAttribute('aria-checked', 'true');
    await answerHealth(kiosk);
    await expectNoSeriousViolations(kiosk, 'kiosk children');
    await kiosk.getByTestId('kiosk-submit').click();
    const time = await doneTime(kiosk, 'Aarav', 'in');
    await expect(father.getByText(new RegExp(`Aarav was checked in at \u2066?${time}\u2069?`))).toBeVisible();
    await expectNoSeriousViolations(kiosk, 'kiosk done');
    // "Done" leaves nothing of the family on the screen.
    await kiosk.getByRole('button', { name: 'Done' }).click();
    await expectKioskHome(kiosk, kioskName);
    await expect(kiosk.getByText('Rohan Sharma')).toHaveCount(0);

    // Tara's register of today: Aarav is there, and she typed nothing.
    if (meetsToday()) {
      expect(['present', 'late']).toContain(await markOf(request, cls.token, cls.id, aarav));
      await openAs(page, request, SHELL_PHONES.teacher, '/housekeeping/attendance');
      await expect(page.getByTestId('staff-attendance')).toContainText('Nursery A');
      const row = page.getByTestId('roster-row').filter({ hasText: 'Aarav Sharma' });
      await expect(row).toHaveAttribute('data-status', /^(present|late)$/);
    } else {
      // Nursery A does not meet at the weekend: the check-in writes no register for a day without class.
      expect(await markOf(request, cls.token, cls.id, aarav)).toBe(markBefore);
    }

    // Tara's class list: Aarav is in, at the kiosk's time, brought by his father.
    await openAs(page, request, SHELL_PHONES.teacher, pagePath.entryDispersal());
    await expect(page.getByText("Today's drop-off and pick-up of Nursery A")).toBeVisible();
    const row = deskRow(page, 'Aarav Sharma');
    await expect(row.getByTestId('dispersal-status')).toHaveAttribute('data-status', 'in');
    // Times are isolated left-to-right (U+2066…U+2069) inside the sentence.
    await expect(row.getByTestId('dispersal-status')).toHaveText(new RegExp(`^In \u2066?${time}\u2069? · Rohan Sharma$`));
    await expect(row.getByRole('button', { name: 'Check out Aarav Sharma' })).toBeVisible();
    await expectNoSeriousViolations(page, 'class tab');
    const day = await classDay(request, cls.token, cls.id);
    const event = day.children.find((c) => c.student.id === aarav)?.checked_in;
    expect(event).toMatchObject({ via: 'kiosk', kiosk_name: kioskName, adult: { kind: 'parent', name: 'Rohan Sharma' } });
  } finally {
    await family.close();
    await door.close();
  }
});

test('at pick-up a stranger is refused at the desk and a wrong code at the kiosk; the one-time pick-up person Rohan added collects Aarav with their code', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const tag = runTag();
  const cls = await nurseryA(request);
  const aarav = cls.child('Aarav');
  await resetChildDay(request, cls.token, cls.id, aarav);
  // Aarav was brought this morning by his father (arranged at the desk over the API).
  const father = (await classDay(request, cls.token, cls.id)).children
    .find((c) => c.student.id === aarav)
    ?.expected.find((e) => e.kind === 'parent' && e.name === 'Rohan Sharma');
  if (!father?.parent_id) throw new Error('Rohan is not among the collectors of Aarav');
  const checkIn = await request.post('/api/dispersal/check_in', {
    headers: { authorization: `Bearer ${cls.token}` },
    data: { student_id: aarav, adult: { kind: 'parent', parent_id: father.parent_id }, health_ok: true },
  });
  expect(checkIn.ok(), await checkIn.text()).toBe(true);

  // A stranger at the desk: refused in the dialog, and the office has an alert naming them.
  const stranger = `Victor Stranger ${tag}`;
  await openAs(page, request, SHELL_PHONES.teacher, pagePath.entryDispersal());
  const row = deskRow(page, 'Aarav Sharma');
  await expect(row.getByTestId('dispersal-status')).toHaveAttribute('data-status', 'in');
  await row.getByRole('button', { name: 'Check out Aarav Sharma' }).click();
  const dialog = page.getByRole('dialog', { name: 'Check out Aarav Sharma' });
  await expect(dialog.getByRole('radiogroup', { name: 'Who is collecting?' })).toBeVisible();
  await expect(dialog.getByTestId('dispersal-adult').filter({ hasText: 'Kamala Sharma' })).toBeVisible();
  await dialog.getByTestId('dispersal-adult-other').click();
  await dialog.getByLabel('Their full name').fill(stranger);
  await expectNoSeriousViolations(page, 'check-out dialog');
  await dialog.getByRole('button', { name: 'Check out', exact: true }).click();
  const refusal = dialog.getByTestId('dispersal-refusal');
  await expect(refusal).toContainText(DISPERSAL_MESSAGES.notAuthorised);
  await expect(refusal).toContainText('The office has been alerted. Keep the child with you.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('dispersal-status')).toHaveAttribute('data-status', 'in');
  expect((await openAlerts(request, cls.token)).some((a) => a.kind === 'not_authorised' && a.adult_name === stranger)).toBe(true);

  await page.getByRole('tab', { name: 'Alerts' }).click();
  const alert = page.getByTestId('dispersal-alert').filter({ hasText: stranger });
  await expect(alert).toContainText('Not authorised');
  await expect(alert).toContainText('Aarav Sharma');
  await expectNoSeriousViolations(page, 'alerts tab');

  // A wrong one-time code at the kiosk is refused.
  const anita = await staffToken(request, SHELL_PHONES.admin);
  const kioskName = `Gate ${tag}`;
  const paired = await addKiosk(request, anita, kioskName);
  const door = await tablet(browser);
  try {
    const kiosk = await door.newPage();
    await kiosk.goto(paired.path);
    await expectKioskHome(kiosk, kioskName);
    await kiosk.getByRole('button', { name: 'Pick-up' }).click();
    await expect(kiosk.getByRole('heading', { name: 'Pick-up: your code' })).toBeVisible();
    await typeOnKeypad(kiosk, '000000');
    await expect(kiosk.getByTestId('kiosk-code-error')).toBeVisible();
    await expect(kiosk.getByTestId('kiosk-code-display')).toHaveAccessibleName('0 digits typed');
    await expectNoSeriousViolations(kiosk, 'kiosk refusal');

    // Rohan adds his sister for today on Aarav's record; the code is shown to send her.
    const aunt = `Priya Kapoor ${tag}`;
    const family = await door.browser()?.newContext({
      baseURL: test.info().project.use.baseURL,
      viewport: { width: 390, height: 844 },
      locale: 'en-US',
      timezoneId: 'UTC',
      bypassCSP: true,
    });
    if (!family) throw new Error('No browser for the family');
    let oneTimeCode = '';
    try {
      const phone = await family.newPage();
      await openAs(phone, phone.request, SHELL_PHONES.parent, pagePath.childRecord(aarav));
      const pickups = phone.getByTestId('record-pickups');
      await expect(pickups.getByText('Who may collect')).toBeVisible();
      await expect(pickups).toContainText('Kamala Sharma');
      await pickups.getByRole('button', { name: 'Add a one-time pick-up' }).click();
      const form = phone.getByRole('dialog', { name: 'A one-time pick-up person' });
      await form.getByLabel('Full name').fill(aunt);
      await form.getByLabel('Relationship (e.g. aunt, neighbour)').fill('Aunt');
      await form.getByRole('button', { name: 'Add and get the code' }).click();
      const shown = phone.getByRole('dialog', { name: `Pick-up code for ${aunt}` });
      oneTimeCode = ((await shown.getByTestId('one-time-code-digits').textContent()) ?? '').trim();
      expect(oneTimeCode).toMatch(/^\d{6}$/);
      await expectNoSeriousViolations(phone, 'one-time code');
      await shown.getByTestId('one-time-code').getByRole('button', { name: 'Close' }).click();
      await expect(pickups.getByTestId('one-time-pickup').filter({ hasText: aunt })).toBeVisible();
      // Axe reads the card once the dialog and its fading overlay are gone (it measures contrast through them).
      await expect(shown).toHaveCount(0);
      await expect(phone.locator('.mantine-Modal-overlay')).toHaveCount(0);
      await expectNoSeriousViolations(phone, 'family card');

      // At the kiosk, the aunt types her code: Aarav is the one child she collects.
      await typeOnKeypad(kiosk, oneTimeCode);
      await expect(kiosk.getByText(`Hello, ${aunt}`)).toBeVisible();
      const card = kiosk.getByRole('checkbox', { name: 'Aarav Sharma' });
      await expect(card).toContainText('In school');
      if ((await card.getAttribute('aria-checked')) !== 'true') await card.click();
      await kiosk.getByTestId('kiosk-submit').click();
      const time = await doneTime(kiosk, 'Aarav', 'out');

      // The dismissal list no longer has Aarav; his father's card says who took him home.
      await page.getByRole('tab', { name: 'Dismissal' }).click();
      await expect(page.getByRole('tab', { name: 'Dismissal' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByText('Every child has gone home').or(page.getByTestId('dispersal-child').first())).toBeVisible();
      await expect(deskRow(page, 'Aarav Sharma')).toHaveCount(0);
      await expectNoSeriousViolations(page, 'dismissal tab');

      await phone.reload();
      if (meetsToday()) {
        const today = pickups.getByTestId('pickup-today');
        await expect(today).toContainText('Gone home');
        await expect(today).toContainText(new RegExp(`Checked out at \u2066?${time}\u2069? by ${aunt}`));
      }
      const recent = pickups.getByTestId('pickup-recent');
      await expect(recent.getByRole('row').filter({ hasText: aunt })).toContainText('Picked up');

      // The code was used: typed again, it is refused.
      await kiosk.getByRole('button', { name: 'Done' }).click();
      await kiosk.getByRole('button', { name: 'Pick-up' }).click();
      await typeOnKeypad(kiosk, oneTimeCode);
      await expect(kiosk.getByTestId('kiosk-code-error')).toBeVisible();
    } finally {
      await family.close();
    }
  } finally {
    await door.close();
  }
});
