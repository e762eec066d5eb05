import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiPost, apiSignIn, staffToken } from './support/api.js';
import { classId, roster, wire } from './support/attendance.js';
import { PHONES, requestOtp, typeOtp } from './support/auth.js';
import { createCommunication, uniqueTitle } from './support/communication.js';
import { openAs, SHELL_PHONES } from './support/shell.js';

// The demo school keeps UTC; the browser does too, so "today" is the same day on both sides.
test.use({ timezoneId: 'UTC' });

interface StaffDay {
  classes: { id: string; class_name: string; attendance: { state: string } | null; observations_this_week: number }[];
}

/** The dashboard as the API gives it to a token (journeys share one database: the page must show what it says). */
async function dashboardOf(request: APIRequestContext, token: string): Promise<StaffDay> {
  const res = await request.get('/api/dashboard/', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { result: StaffDay }).result;
}

/** Everything the browser logs as an error (React's minified errors included) while `run` runs. */
async function consoleErrors(page: Page, run: () => Promise<void>): Promise<string[]> {
  const errors: string[] = [];
  const onConsole = (m: { type(): string; text(): string }) => {
    if (m.type() === 'error') errors.push(m.text());
  };
  const onError = (e: Error) => errors.push(e.message);
  page.on('console', onConsole);
  page.on('pageerror', onError);
  try {
    await run();
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onError);
  }
  return errors;
}

test('a teacher signs in to her morning: today by class, and what waits for her, each a link to where it is handled', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const tara = await staffToken(request, PHONES.teacher);
  const nurseryA = await classId(request, tara, 'Nursery A');
  const draft = await createCommunication(request, tara, 'announcement', {
    title: uniqueTitle('Trip letter'),
    save_as_draft: true,
  });
  const draftTitle = (
    (await (
      await request.get(`/api/communication/announcements/${draft.id}`, { headers: { authorization: `Bearer ${tara}` } })
    ).json()) as { result: { title: string } }
  ).result.title;
  // A parent reports an absence ahead: it waits for the class's teacher.
  const rohan = (await apiSignIn(request, PHONES.parent)).parent_user?.access_token ?? '';
  const aarav = (await roster(request, tara, nurseryA)).find((p) => p.first_name === 'Aarav');
  const ahead = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  const reason = `Family wedding ${Date.now()}`;
  await apiPost(
    request,
    `/api/create_child_excusal/${nurseryA}`,
    { student_id: aarav?.id, from_date: wire(ahead), to_date: wire(ahead), reason },
    rohan,
  );

  // Through the login page: nothing is logged as an error, and the login's toast stays behind.
  const errors = await consoleErrors(page, async () => {
    await requestOtp(page, PHONES.teacher);
    await typeOtp(page, '123456');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('class-card').filter({ hasText: 'Nursery A' })).toBeVisible();
    await expect(page.getByTestId('waiting')).toBeVisible();
  });
  expect(errors).toEqual([]);
  await expect(page.getByText('OTP sent successfully')).toHaveCount(0);
  await expect(page.getByText('More of Cue is on its way')).toHaveCount(0);

  // Today's attendance and the week's observations of her class, as the server counts them.
  const day = await dashboardOf(request, tara);
  const mine = day.classes.find((c) => c.id === nurseryA);
  const card = page.getByTestId('class-card').filter({ hasText: 'Nursery A' });
  await expect(card.getByTestId('class-attendance')).toHaveAttribute('data-state', mine?.attendance?.state ?? '');
  await expect(card.getByTestId('class-observations')).toContainText(String(mine?.observations_this_week));
  expect(day.classes.map((c) => c.class_name)).toEqual(['Nursery A']);
  await page.screenshot({ path: test.info().outputPath('teacher-dashboard.png'), fullPage: true });

  // The reported absence opens the class's reported absences.
  const excusal = page.getByTestId('waiting-excusals').getByRole('link').filter({ hasText: reason });
  await expect(excusal).toContainText('Aarav Sharma');
  await excusal.click();
  await expect(page).toHaveURL(/\/housekeeping\/attendance\?tab=excusals$/);
  await expect(page.getByTestId('excusal').filter({ hasText: reason })).toBeVisible();

  // Her draft opens in the editor.
  await page.goto('/dashboard');
  await page.getByTestId('waiting-drafts').getByRole('link').filter({ hasText: draftTitle }).click();
  await expect(page).toHaveURL(new RegExp(`/communication/announcements/edit/${draft.id}$`));
  await expect(page.getByLabel('Title')).toHaveValue(draftTitle);

  // Attendance opens the class's day.
  await page.goto('/dashboard');
  await card.getByTestId('class-attendance').click();
  await expect(page).toHaveURL(/\/housekeeping\/attendance$/);
  await expect(page.getByTestId('staff-attendance')).toContainText('Nursery A');
});

test("a parent sees each child's day: attendance, and the announcements not read yet", async ({ page, request }) => {
  const tara = await staffToken(request, PHONES.teacher);
  const nurseryA = await classId(request, tara, 'Nursery A');
  const title = uniqueTitle('Bring a raincoat');
  await createCommunication(request, tara, 'announcement', { title, share_with: 'Classes', classes_ids: [nurseryA] });
  const rohan = (await apiSignIn(request, PHONES.parent)).parent_user?.access_token ?? '';
  const res = await request.get('/api/dashboard/', { headers: { authorization: `Bearer ${rohan}` } });
  const { result } = (await res.json()) as {
    result: { children: { first_name: string; attendance: string | null; new_announcements: number }[] };
  };
  const aarav = result.children.find((c) => c.first_name === 'Aarav');
  expect(aarav?.new_announcements).toBeGreaterThan(0);

  await openAs(page, request, SHELL_PHONES.parent);
  const card = page.getByTestId('child-card').filter({ hasText: 'Aarav Sharma' });
  await expect(card.getByTestId('child-attendance')).toHaveAttribute('data-status', aarav?.attendance ?? 'none');
  const count = aarav?.new_announcements ?? 0;
  const news = card
    .getByTestId('child-news')
    .getByRole('link', { name: `${count} new announcement${count === 1 ? '' : 's'}`, exact: true });
  await expect(news).toHaveText(String(count));
  // Ira is in Kindergarten B: the announcement to Nursery A is not hers.
  await expect(page.getByTestId('child-card').filter({ hasText: 'Ira Sharma' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('parent-dashboard.png'), fullPage: true });

  await news.click();
  await expect(page).toHaveURL(/\/communication\/announcements$/);
  await expect(page.getByTestId('parent-item').filter({ hasText: title })).toBeVisible();
  // Today's attendance opens the child's month.
  await page.goto('/dashboard');
  await card.getByTestId('child-attendance').click();
  await expect(page).toHaveURL(/\/housekeeping\/attendance$/);
  await expect(page.getByRole('heading', { level: 1, name: "Aarav's attendance" })).toBeVisible();
});
