import { readFileSync } from 'node:fs';
import { ERROR_CODES, STORY_MESSAGES } from '@cue/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';

// The catalogs come from public/locales, as the browser would fetch them.
vi.stubGlobal('fetch', async (url: string) => {
  const file = new URL(`../../../public${url}`, import.meta.url);
  return new Response(readFileSync(file, 'utf8'), { status: 200, headers: { 'content-type': 'application/json' } });
});

const { default: i18n, i18nReady } = await import('../../lib/i18n');
const { loadCatalogs } = await import('../../lib/catalogs');
const { ApiError } = await import('../../lib/api');
const { storyErrorText, storyText } = await import('./messages');

beforeAll(async () => {
  await i18nReady;
  await Promise.all([loadCatalogs('storyInsights'), loadCatalogs('journal')]);
});

describe("the stories module's sentences", () => {
  it("say the server's English sentence in the reader's language", async () => {
    await i18n.changeLanguage('ar');
    expect(storyText('storyInsights', STORY_MESSAGES.tagsMerged)).toBe('تم دمج الوسوم');
    expect(storyText('journal', STORY_MESSAGES.journalPublished)).toBe('تم نشر اليوميات');
    // A sentence the namespace does not hold, and any other text, stay as they came.
    expect(storyText('storyInsights', 'Something else')).toBe('Something else');
    await i18n.changeLanguage('en');
  });

  it('say a refusal by its stories sentence, its field sentence or its code', async () => {
    await i18n.changeLanguage('he');
    expect(storyErrorText('storyInsights', new ApiError(409, STORY_MESSAGES.tagExists, ERROR_CODES.conflict))).toBe(
      'כבר קיימת תגית בשם הזה',
    );
    expect(storyErrorText('journal', new ApiError(400, STORY_MESSAGES.nothingToDraft, 'NOTHING_TO_DRAFT'))).toBe(
      'אין תצפיות או תמונות של הילדים האלה ביום הזה לכתוב מהן',
    );
    expect(
      storyErrorText(
        'journal',
        new ApiError(400, 'Validation failed', ERROR_CODES.validation, [
          { field: 'body', message: STORY_MESSAGES.journalBodyRequired },
        ]),
      ),
    ).toBe('כתבו מה הכיתה עשתה לפני הפרסום');
    // Not a stories sentence: the app's own translation of the code.
    const forbidden = storyErrorText('journal', new ApiError(403, 'Forbidden', ERROR_CODES.forbidden));
    expect(forbidden).toBe(i18n.t('errors.codes.FORBIDDEN'));
    await i18n.changeLanguage('en');
  });
});
