import { CARELOG_MESSAGES, ERROR_CODES } from '@cue/contract';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiSignIn, makeCurrentChild } from './support/api.js';
import { expectNoSeriousViolations } from './support/axe.js';
import {
  childDay,
  createMedicine,
  endMedicines,
  englishTime,
  expectSocket,
  incidentIds,
  incidentOf,
  loose,
  medicineCard,
  pastTime,
  postDose,
  saying,
  setSummaryEmail,
  socketJoined,
  tileOf,
  toastWith,
} from './support/carelog.js';
import { runTag } from './support/media.js';
import { openAs, SHELL_PHONES } from './support/shell.js';
import { nurseryA, parentToken } from './support/stories.js';

/*
 * The carelog of Nursery A through a day: Tara logs the room's care, gives medicines and writes accident
 * reports; Anita reviews them; Rohan, Aarav's father, follows Aarav's day and acknowledges. Today's
 * entries are shared by every journey on the one database: each journey writes its own word (runTag)
 * into what it makes and looks only for that.
 */

// bypassCSP: axe-core is injected into the pages to check their accessibility. The demo school keeps UTC.
test.use({ bypassCSP: true, timezoneId: 'UTC' });

/** Toasts are gone (they close by themselves), so that a page is checked as it stays. */
const toastsGone = (page: Page) => expect(page.locator('.mantine-Notification-root')).toHaveCount(0);

/** A second browser for the family, in the same language and time zone as the journey's. */
async function familyBrowser(browser: Browser) {
  const { baseURL, viewport } = test.info().project.use;
  return browser.newContext({ baseURL, viewport, locale: 'en-US', timezoneId: 'UTC', bypassCSP: true });
}

/** Opens the staff carelog of Nursery A as Tara, on a tab. */
async function openTaraCarelog(page: Page, request: Parameters<typeof openAs>[1], tab?: string) {
  await openAs(page, request, SHELL_PHONES.teacher, `/communication/carelog${tab ? `?tab=${tab}` : ''}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Carelog' })).toBeVisible();
  await expect(page.getByText('Meals, naps, nappies, medicines and incidents of Nursery A')).toBeVisible();
}

/** The family's day of a child: one row per entry, dose or report. */
const dayItem = (page: Page, kind: string, text: string | RegExp) =>
  page.getByTestId('child-day').locator(`[data-testid="day-item"][data-kind="${kind}"]`).filter({ hasText: text });

test("a teacher puts the whole room down for a nap and wakes them, gives Aarav the medicine his father consented to; his father watches both arrive in Aarav's day", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = runTag();
  const cls = await nurseryA(request);
  const rohan = await parentToken(request, SHELL_PHONES.parent);
  const aarav = cls.child('Aarav');
  const napNote = `Story corner nap ${tag}`;
  const medicineName = `Calpol ${tag}`;
  // Rohan gave his permission for the medicine in the app (arranged over the API: his form has its own test).
  const medicine = await createMedicine(request, rohan, {
    student_id: aarav,
    name: medicineName,
    dose: '5 ml',
    reason: 'Teething',
    consent: true,
  });
  expect(medicine.consent).toMatchObject({ kind: 'app', by: { name: 'Rohan Sharma' } });
  const asleepAt = pastTime(25);

  // Rohan has Aarav's day open in his own browser before anything is logged.
  await makeCurrentChild(request, SHELL_PHONES.parent, 'Aarav Sharma');
  const family = await familyBrowser(browser);
  try {
    const father = await family.newPage();
    const joined = socketJoined(father);
    await openAs(father, father.request, SHELL_PHONES.parent, '/communication/carelog');
    await expect(father.getByRole('heading', { level: 1, name: 'Carelog' })).toBeVisible();
    await expect(father.getByText('The day of Aarav Sharma at school')).toBeVisible();
    await expect(father.getByTestId('child-day').or(father.getByTestId('day-empty'))).toBeVisible();
    await expectSocket(joined);

    // Tara: the whole room in two taps (Select all, Nap), the time they fell asleep, save.
    await openTaraCarelog(page, request);
    const board = page.getByTestId('room-board');
    await expect(board.getByTestId('care-tile').first()).toBeVisible();
    const children = await board.getByTestId('care-tile').count();
    expect(children).toBeGreaterThanOrEqual(5);
    await page.getByRole('checkbox', { name: `Select all (${children} children)` }).check();
    await expect(page.getByText(`${children} children chosen`)).toBeVisible();
    await page
      .getByRole('toolbar', { name: 'Log for the chosen children' })
      .getByRole('button', { name: 'Nap', exact: true })
      .click();
    const napForm = page.getByRole('dialog', { name: `Nap for ${children} children` });
    await napForm.getByLabel('Fell asleep').fill(asleepAt.field);
    await napForm.getByLabel('Note').fill(napNote);
    await napForm.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toastWith(page, `Saved for ${children} children`)).toBeVisible();
    await expect(napForm).toBeHidden();
    await expect(tileOf(page, 'Aarav Sharma').getByText('Asleep', { exact: true })).toBeVisible();
    // Checked with the room still chosen, so that the entry bar's kinds are live.
    await toastsGone(page);
    await expectNoSeriousViolations(page, 'the room board');

    // Aarav's father sees him asleep, without reloading.
    const napRow = dayItem(father, 'nap', napNote);
    await expect(napRow).toContainText('Asleep now');
    await expect(napRow).toContainText(englishTime(asleepAt.hour, asleepAt.minute));
    await expect(napRow).toContainText(saying('By Tara Menon'));

    // The nap board: every child asleep since then; she wakes them all.
    await page.getByRole('tab', { name: /^Naps/ }).click();
    const since = new RegExp(`Asleep since ${englishTime(asleepAt.hour, asleepAt.minute).source}`);
    const sleeping = page.getByTestId('nap-row').filter({ hasText: since });
    await expect(sleeping).toHaveCount(children);
    for (const name of ['Aarav Sharma', 'Diya Patel', 'Kabir Khan'])
      await expect(sleeping.and(page.locator(`[data-child="${name}"]`))).toBeVisible();
    await page.getByRole('checkbox', { name: /^Select all \(\d+ asleep\)$/ }).check();
    await page.getByRole('button', { name: 'Wake up selected' }).click();
    await expect(toastWith(page, 'Nap ended')).toBeVisible();
    await expect(page.getByTestId('naps-empty')).toContainText('Nobody is asleep right now.');
    await expect(father.getByTestId('child-day')).toBeVisible();
    await expect(napRow).toContainText(new RegExp(`Slept ${englishTime(asleepAt.hour, asleepAt.minute).source} – `));
    await expect(napRow.getByText('Asleep now')).toHaveCount(0);

    // The dose: Rohan's consented medicine, given now.
    await page.getByRole('tab', { name: 'Medicines' }).click();
    const card = medicineCard(page, medicineName);
    await expect(card.getByTestId('consent-state')).toHaveText(saying('Permission given in the app by Rohan Sharma'));
    await expect(card.getByTestId('last-dose')).toHaveText('No dose given yet');
    await card.getByRole('button', { name: `Give dose of ${medicineName} to Aarav Sharma` }).click();
    const doseForm = page.getByRole('dialog', { name: `Give ${medicineName} to Aarav Sharma` });
    await expect(doseForm.getByLabel(/^Dose/)).toHaveValue('5 ml');
    // The witness is offered among the class's other staff (Tara is Nursery A's only one): none to choose here.
    await expect(doseForm.getByLabel(/^Witness/)).toBeVisible();
    await doseForm.getByRole('button', { name: 'Record dose' }).click();
    await expect(toastWith(page, 'Dose recorded. The family has been told.')).toBeVisible();
    await expect(doseForm).toBeHidden();
    await expect(card.getByTestId('last-dose')).toContainText(new RegExp(`^Last given at .+ by ${loose('Tara Menon')}$`));
    await expect(card.getByTestId('next-dose')).toContainText('Next dose from');

    // …and Rohan has it in Aarav's day, still without reloading.
    const doseRow = dayItem(father, 'medicine', medicineName);
    await expect(doseRow).toContainText('Medicine given');
    await expect(doseRow).toContainText(saying(`${medicineName} · 5 ml`));
    await expect(doseRow).toContainText(saying('By Tara Menon'));
    await toastsGone(father);
    await expectNoSeriousViolations(father, "the family's day");
    await father.screenshot({ path: test.info().outputPath('carelog-family-day.png'), fullPage: true });

    // The server holds the same day for him.
    const day = await childDay(request, rohan, aarav);
    const nap = day.entries.find((e) => e.kind === 'nap' && e.note === napNote);
    expect(nap).toMatchObject({ time: asleepAt.wire, staff: { name: 'Tara Menon' } });
    expect(nap?.details.end).toBeTruthy();
    expect(day.doses.filter((d) => d.medicine === medicineName)).toHaveLength(1);
  } finally {
    await family.close();
    await endMedicines(request, cls.token, [medicine._id]);
  }
});

test('a second dose straight after the first is refused with the time the next one may be given', async ({ page, request }) => {
  const tag = runTag();
  const cls = await nurseryA(request);
  const rohan = await parentToken(request, SHELL_PHONES.parent);
  const anita = (await apiSignIn(request, SHELL_PHONES.admin)).staff_user?.user_details.id ?? '';
  const medicineName = `Ibuprofen ${tag}`;
  const medicine = await createMedicine(request, rohan, {
    student_id: cls.child('Aarav'),
    name: medicineName,
    dose: '2.5 ml',
    consent: true,
    min_interval_hours: 6,
  });
  try {
    // The first dose a few minutes ago, witnessed by Anita (over the API: the refusal is the point).
    const first = pastTime(5);
    const given = await postDose(request, cls.token, medicine._id, { time: first.wire, witness_id: anita });
    expect(given.ok(), await given.text()).toBe(true);
    const nextMinute = first.hour * 60 + first.minute + 6 * 60;
    const next = englishTime(Math.floor(nextMinute / 60) % 24, nextMinute % 60);

    await openTaraCarelog(page, request, 'medicines');
    const card = medicineCard(page, medicineName);
    await expect(card.getByTestId('next-dose')).toContainText(new RegExp(`^Next dose from .*${next.source}[\\u2069]*$`));
    await card.getByRole('button', { name: `Give dose of ${medicineName} to Aarav Sharma` }).click();
    const doseForm = page.getByRole('dialog', { name: `Give ${medicineName} to Aarav Sharma` });
    await doseForm.getByRole('button', { name: 'Record dose' }).click();
    await expect(doseForm.getByTestId('form-error')).toHaveText(
      new RegExp(
        `^Too soon: the last dose was at [\\u2068]*${englishTime(first.hour, first.minute).source}[\\u2069]*\\. The next may be given from .*${next.source}[\\u2069]*\\.$`,
      ),
    );
    // Still open, nothing written: the record holds the one dose.
    await expect(doseForm).toBeVisible();
    const day = await childDay(request, rohan, cls.child('Aarav'));
    const doses = day.doses.filter((d) => d.medicine === medicineName);
    expect(doses).toHaveLength(1);
    expect(doses[0]).toMatchObject({ time: first.wire, given_by: { name: 'Tara Menon' }, witness: { name: 'Anita Desai' } });
    // Over the API too: refused with its code.
    const again = await postDose(request, cls.token, medicine._id, { time: pastTime(0).wire });
    expect(again.status()).toBe(409);
    expect((await again.json()).code).toBe(ERROR_CODES.doseTooSoon);
  } finally {
    await endMedicines(request, cls.token, [medicine._id]);
  }
});

test("a medicine without the family's written permission cannot be given: the record says so, and a dose is refused", async ({
  page,
  request,
}) => {
  const tag = runTag();
  const cls = await nurseryA(request);
  const medicineName = `Antihistamine ${tag}`;
  // Tara records a medicine without the signed form (over the API: her form does not let her, as below).
  const medicine = await createMedicine(request, cls.token, { student_id: cls.child('Kabir'), name: medicineName });
  expect(medicine.consent).toBeNull();
  try {
    await openTaraCarelog(page, request, 'medicines');
    const card = medicineCard(page, medicineName);
    await expect(card.getByTestId('consent-state')).toHaveText('No permission');
    await expect(card).toContainText(CARELOG_MESSAGES.noConsent);
    await expect(card.getByRole('button', { name: /^Give dose/ })).toHaveCount(0);
    // The server refuses a dose all the same, with the permission message.
    const refused = await postDose(request, cls.token, medicine._id, { time: pastTime(1).wire });
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toMatchObject({ code: ERROR_CODES.noMedicineConsent, message: CARELOG_MESSAGES.noConsent });

    // Her form asks for the signed form before it saves anything.
    await page.getByRole('button', { name: 'Add from signed form' }).click();
    const form = page.getByRole('dialog', { name: 'Add a medicine from a signed form' });
    await form.getByLabel('Child').fill('Kabir');
    await page.getByRole('option', { name: 'Kabir Khan' }).click();
    await form.getByLabel(/^Medicine/).fill(`${medicineName} again`);
    await form.getByLabel(/^Dose/).fill('5 ml');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(form.getByText('Confirm the family signed the permission form')).toBeVisible();
    await expect(form).toBeVisible();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(medicineCard(page, `${medicineName} again`)).toHaveCount(0);
  } finally {
    await endMedicines(request, cls.token, [medicine._id]);
  }
});

test('a meal naming Diya\'s allergen warns before it is saved; "Save anyway" saves it for both children', async ({
  page,
  request,
}) => {
  const tag = runTag();
  const cls = await nurseryA(request);
  const food = `Scrambled egg muffins ${tag}`;
  await openTaraCarelog(page, request);
  // Diya's egg allergy (from her record) is on her tile.
  const diya = tileOf(page, 'Diya Patel');
  await expect(diya.locator('[data-testid="care-alert"][data-alert="allergy"]')).toHaveText('Eggs');
  await diya.click();
  await tileOf(page, 'Aarav Sharma').click();
  await expect(diya).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('2 children chosen')).toBeVisible();
  await page
    .getByRole('toolbar', { name: 'Log for the chosen children' })
    .getByRole('button', { name: 'Meal', exact: true })
    .click();
  const form = page.getByRole('dialog', { name: 'Meal for 2 children' });
  await form.getByLabel('Time').fill(pastTime(3).field);
  await form.getByLabel('Food').fill(food);
  await form.getByRole('radio', { name: 'All', exact: true }).check();
  await form.getByRole('button', { name: 'Save', exact: true }).click();

  const warning = form.getByTestId('allergen-warning');
  await expect(warning).toContainText(CARELOG_MESSAGES.allergenWarning);
  await expect(warning.getByRole('listitem')).toHaveText(['Diya Patel: Eggs']);
  // Nothing was written before she confirms.
  expect((await childDay(request, cls.token, cls.child('Diya'))).entries.filter((e) => e.details.food === food)).toHaveLength(0);
  await warning.getByRole('button', { name: 'Save anyway' }).click();
  await expect(toastWith(page, 'Saved for 2 children')).toBeVisible();
  await expect(form).toBeHidden();
  for (const name of ['Diya Patel', 'Aarav Sharma'])
    await expect(tileOf(page, name)).toHaveAccessibleDescription(new RegExp(`Meal: .*${food}`));
  for (const first of ['Diya', 'Aarav']) {
    const saved = (await childDay(request, cls.token, cls.child(first))).entries.filter((e) => e.details.food === food);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.details.amount).toBe('all');
  }
});

test('an accident report: Tara signs it with a body-map mark and corrects it with a reason; Anita reviews it; Rohan acknowledges it and it leaves the reminders', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const tag = runTag();
  const cls = await nurseryA(request);
  const place = `Garden path ${tag}`;
  const corrected = `Climbing frame ${tag}`;
  const what = `Aarav slipped on the wet step and grazed his knee ${tag}`;
  const reason = `The graze happened at the climbing frame, not the path ${tag}`;
  const at = pastTime(20);

  // Tara writes and signs the report.
  await openTaraCarelog(page, request, 'incidents');
  await page.getByRole('button', { name: 'New report' }).click();
  const form = page.getByRole('dialog', { name: 'New accident or incident report' });
  await form.getByLabel('Child').fill('Aarav');
  await page.getByRole('option', { name: 'Aarav Sharma' }).click();
  await expect(form.getByRole('radio', { name: 'Accident' })).toBeChecked();
  await form.getByLabel('Time').fill(at.field);
  await form.getByLabel('Where it happened').fill(place);
  await form.getByLabel('What happened').fill(what);
  await form.getByLabel('Injury').fill('Graze on the left knee');
  await form.getByLabel('First aid given').fill('Cleaned with water and a plaster');
  await form.getByRole('button', { name: 'Add a mark on the Front figure' }).click({ position: { x: 80, y: 200 } });
  await form.getByLabel('Mark 1 (Front)').fill('graze');
  await form.getByLabel('Your signature').fill('Tara Menon');
  await form.getByRole('button', { name: 'Sign and save report' }).click();
  await expect(toastWith(page, 'Report saved. The family has been asked to acknowledge it.')).toBeVisible();
  await expect(page).toHaveURL(/\/communication\/carelog\/incidents\/[^/?]+$/);
  const id = new URL(page.url()).pathname.split('/').pop() ?? '';
  await expect(page.getByRole('heading', { level: 1, name: 'Accident: Aarav Sharma' })).toBeVisible();
  const report = page.getByTestId('incident-view');
  await expect(report.getByTestId('staff-signature')).toContainText(saying('Signed by Tara Menon on'));
  await expect(report.getByTestId('body-mark')).toHaveCount(1);
  await expect(report.getByTestId('body-notes')).toContainText('Front, child');
  await expect(report.getByTestId('body-notes')).toContainText(': graze');
  await expect(report.getByTestId('acknowledgement')).toHaveText('Not acknowledged by the family yet');

  // Never deleted: no button for it, and the server refuses.
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  const removed = await request.delete(`/api/incidents/${id}`, { headers: { authorization: `Bearer ${cls.token}` } });
  expect(removed.status()).toBe(403);
  expect((await removed.json()).code).toBe(ERROR_CODES.notDeletable);

  // She corrects where it happened, with the reason: the history keeps both.
  await report.getByRole('button', { name: 'Correct', exact: true }).click();
  const correction = page.getByRole('dialog', { name: 'Correct the report' });
  await expect(correction.getByLabel('Where it happened')).toHaveValue(place);
  await correction.getByLabel('Where it happened').fill(corrected);
  await correction.getByLabel('Reason').fill(reason);
  await correction.getByRole('button', { name: 'Save correction' }).click();
  await expect(toastWith(page, 'Correction saved')).toBeVisible();
  await expect(correction).toBeHidden();
  const history = page.getByTestId('corrections');
  await expect(history).toContainText(saying('Corrected by Tara Menon on'));
  await expect(history).toContainText(saying(`Reason: ${reason}`));
  await expect(history).toContainText(saying(`Where it happened: ${place} → ${corrected}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Accident: Aarav Sharma' })).toBeVisible();

  // In the class's reminders while the family has not acknowledged it.
  await page.getByRole('link', { name: 'Back to the reports' }).click();
  await page.getByRole('radiogroup', { name: 'Show reports' }).getByText('To acknowledge', { exact: true }).click();
  await expect(page.getByTestId('incident').filter({ hasText: corrected })).toHaveCount(1);
  expect(await incidentIds(request, cls.token, cls.id, 'unacknowledged')).toContain(id);

  // Anita, who reviews the school's reports, reviews it.
  await openAs(page, request, SHELL_PHONES.admin, `/communication/carelog/incidents/${id}`);
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  const review = page.getByRole('dialog', { name: 'Review the report' });
  await review.getByLabel('Review note').fill(`Step to be dried before outdoor play ${tag}`);
  await review.getByRole('button', { name: 'Mark as reviewed' }).click();
  await expect(toastWith(page, 'Report reviewed')).toBeVisible();
  await expect(page.getByTestId('review-state')).toContainText(saying('Reviewed by Anita Desai on'));
  await expect(page.getByRole('button', { name: 'Review', exact: true })).toHaveCount(0);

  // Rohan finds it among the reports to acknowledge, and signs with his name.
  await makeCurrentChild(request, SHELL_PHONES.parent, 'Aarav Sharma');
  await openAs(page, request, SHELL_PHONES.parent, '/communication/carelog?tab=reports');
  const waiting = page.getByRole('region', { name: 'Reports to acknowledge' });
  const mine = waiting.getByTestId('incident').filter({ hasText: corrected });
  await expect(mine).toHaveAccessibleName(new RegExp(`^${loose('Open the Accident report of Aarav Sharma on ')}`));
  await mine.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Accident: Aarav Sharma' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Correct', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Acknowledge', exact: true }).click();
  const sign = page.getByRole('dialog', { name: 'Acknowledge this report' });
  await expect(sign).toContainText(saying('you have read this report about Aarav Sharma'));
  await sign.getByLabel('Your full name').fill('Rohan Sharma');
  await sign.getByRole('button', { name: 'Acknowledge', exact: true }).click();
  await expect(toastWith(page, 'Thank you. Your acknowledgement is recorded.')).toBeVisible();
  await expect(page.getByTestId('acknowledgement')).toContainText(saying('Acknowledged by the family: Rohan Sharma,'));
  await page.getByRole('link', { name: 'Back to the reports' }).click();
  await expect(
    page.getByRole('region', { name: 'Earlier reports' }).getByTestId('incident').filter({ hasText: corrected }),
  ).toHaveCount(1);
  await expect(
    page.getByRole('region', { name: 'Reports to acknowledge' }).getByTestId('incident').filter({ hasText: corrected }),
  ).toHaveCount(0);

  // It has left the class's reminders.
  await openTaraCarelog(page, request, 'incidents');
  await page.getByRole('radiogroup', { name: 'Show reports' }).getByText('To acknowledge', { exact: true }).click();
  await expect(page.getByTestId('incident-list').or(page.getByTestId('incidents-empty'))).toBeVisible();
  await expect(page.getByTestId('incident').filter({ hasText: corrected })).toHaveCount(0);
  await page.getByRole('radiogroup', { name: 'Show reports' }).getByText('All', { exact: true }).click();
  await expect(page.getByTestId('incident').filter({ hasText: corrected }).getByTestId('ack-state')).toHaveText('Acknowledged');
  expect(await incidentIds(request, cls.token, cls.id, 'unacknowledged')).not.toContain(id);
  const stored = await incidentOf(request, cls.token, id);
  expect(stored).toMatchObject({
    location: corrected,
    acknowledged: { signature: 'Rohan Sharma' },
    reviewed: { by: { name: 'Anita Desai' } },
    body_map: [{ side: 'front', note: 'graze' }],
  });
  expect(stored.corrections).toHaveLength(1);
});

test('a parent switches the daily summary email on and off, and it stays as he left it', async ({ page, request }) => {
  const cls = await nurseryA(request);
  const rohan = await parentToken(request, SHELL_PHONES.parent);
  const aarav = cls.child('Aarav');
  const before = (await childDay(request, rohan, aarav)).summary_email;
  await setSummaryEmail(request, rohan, aarav, false);
  try {
    await makeCurrentChild(request, SHELL_PHONES.parent, 'Aarav Sharma');
    await openAs(page, request, SHELL_PHONES.parent, '/communication/carelog');
    const summary = page.getByRole('switch', { name: 'Email me a summary each day' });
    await expect(summary).not.toBeChecked();
    await summary.click();
    await expect(toastWith(page, 'Daily summary preference saved')).toBeVisible();
    await expect(summary).toBeChecked();
    await page.reload();
    await expect(summary).toBeChecked();
    expect((await childDay(request, rohan, aarav)).summary_email).toBe(true);

    await summary.click();
    await expect(summary).not.toBeChecked();
    await expect(summary).toBeEnabled();
    await page.reload();
    await expect(summary).not.toBeChecked();
    expect((await childDay(request, rohan, aarav)).summary_email).toBe(false);
  } finally {
    await setSummaryEmail(request, rohan, aarav, before);
  }
});
