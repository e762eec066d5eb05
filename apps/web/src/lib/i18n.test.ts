import { readFileSync } from 'node:fs';
import { MESSAGES } from '@cue/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';

// The catalogs come from public/locales, as the browser would fetch them.
vi.stubGlobal('fetch', async (url: string) => {
  const file = new URL(`../../public${url}`, import.meta.url);
  return new Response(readFileSync(file, 'utf8'), { status: 200, headers: { 'content-type': 'application/json' } });
});

const { default: i18n, i18nReady, translateServerMessage } = await import('./i18n');

beforeAll(async () => {
  await i18nReady;
});

const locked = (minutes: number) => MESSAGES.otpNumberLocked.replace('{{minutes}}', String(minutes));

describe('translateServerMessage', () => {
  it('translates a fixed server message', async () => {
    await i18n.changeLanguage('he');
    expect(translateServerMessage(MESSAGES.phoneLookupsRateLimited)).toBe(
      'יותר מדי בדיקות של מספרי טלפון. אנא נסו שוב מאוחר יותר.',
    );
  });

  it('fills in a message with a number to wait, in the plural form of each language', async () => {
    await i18n.changeLanguage('en');
    expect(translateServerMessage(locked(42))).toBe('Too many wrong codes for this number. Try again in 42 minutes.');
    expect(translateServerMessage(locked(1))).toBe('Too many wrong codes for this number. Try again in 1 minute.');
    await i18n.changeLanguage('ar');
    expect(translateServerMessage(locked(2))).toBe('رموز خاطئة كثيرة لهذا الرقم. حاول مرة أخرى بعد دقيقتين.');
    expect(translateServerMessage(locked(5))).toBe('رموز خاطئة كثيرة لهذا الرقم. حاول مرة أخرى بعد 5 دقائق.');
    await i18n.changeLanguage('he');
    expect(translateServerMessage(locked(30))).toBe('יותר מדי קודים שגויים למספר הזה. נסו שוב בעוד 30 דקות.');
  });

  it('leaves an unknown message as the server wrote it', async () => {
    await i18n.changeLanguage('en');
    expect(translateServerMessage('Something new')).toBe('Something new');
  });
});
