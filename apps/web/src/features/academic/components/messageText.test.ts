import { readFileSync } from 'node:fs';
import { DAY_SCHEDULE_MESSAGES, RESOURCE_MESSAGES } from '@cue/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';

// The catalogs come from public/locales, as the browser would fetch them.
vi.stubGlobal('fetch', async (url: string) => {
  const file = new URL(`../../../../public${url}`, import.meta.url);
  return new Response(readFileSync(file, 'utf8'), { status: 200, headers: { 'content-type': 'application/json' } });
});

const { default: i18n, i18nReady } = await import('../../../lib/i18n');
const { loadCatalogs } = await import('../../../lib/catalogs');
const { academicMessageText } = await import('./messageText');
const { scheduleText } = await import('../schedule/api-schedule');
const { resourceText } = await import('../resources/api-resources');

beforeAll(async () => {
  await i18nReady;
  await Promise.all([loadCatalogs('daySchedule'), loadCatalogs('schoolResources')]);
});

describe("the academic pages' server sentences", () => {
  it("say the page's contract sentence in the reader's language", async () => {
    await i18n.changeLanguage('ar');
    expect(scheduleText(DAY_SCHEDULE_MESSAGES.created)).toBe('تمت إضافة الجدول اليومي');
    expect(resourceText(RESOURCE_MESSAGES.archived)).toBe('تمت أرشفة المورد');
    await i18n.changeLanguage('he');
    expect(academicMessageText('schoolResources', RESOURCE_MESSAGES.created)).toBe('המשאב נוסף');
    await i18n.changeLanguage('en');
  });

  it("leave another page's sentence, any other text and none as they came", async () => {
    await i18n.changeLanguage('ar');
    expect(resourceText(DAY_SCHEDULE_MESSAGES.created)).toBe(DAY_SCHEDULE_MESSAGES.created);
    expect(scheduleText('Something else')).toBe('Something else');
    expect(scheduleText(undefined)).toBe('');
    expect(resourceText(null)).toBe('');
    await i18n.changeLanguage('en');
  });
});
