import { readFileSync } from 'node:fs';
import { ACCOUNT_MESSAGES, ALL_ERROR_CODES, COMMUNICATION_MESSAGES, ERROR_CODES, LANGUAGES, MESSAGES } from '@cue/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';

const catalogFile = (lng: string, ns = 'translation') =>
  readFileSync(new URL(`../../public/locales/${lng}/${ns}.json`, import.meta.url), 'utf8');

// The catalogs come from public/locales, as the browser would fetch them.
vi.stubGlobal('fetch', async (url: string) => {
  const file = new URL(`../../public${url}`, import.meta.url);
  return new Response(readFileSync(file, 'utf8'), { status: 200, headers: { 'content-type': 'application/json' } });
});

const { default: i18n, i18nReady } = await import('./i18n');
const { fieldErrorText, socketErrorText, translateError } = await import('./errors');

beforeAll(async () => {
  await i18nReady;
});

/** The server's English sentence of each code that has exactly one (the spec's and the server's own messages). */
const ENGLISH: Partial<Record<(typeof ALL_ERROR_CODES)[number], string>> = {
  [ERROR_CODES.phoneNotRegistered]: MESSAGES.phoneNotRegistered,
  [ERROR_CODES.requestIdNotFound]: MESSAGES.requestIdNotFound,
  [ERROR_CODES.userDoesNotExist]: MESSAGES.userDoesNotExist,
  [ERROR_CODES.tempTokenExpired]: MESSAGES.tempTokenExpired,
  [ERROR_CODES.tempTokenNotAllowed]: MESSAGES.tempTokenNotAllowed,
  [ERROR_CODES.invalidOtp]: MESSAGES.invalidOtp,
  [ERROR_CODES.otpExpired]: MESSAGES.otpExpired,
  [ERROR_CODES.otpTooManyAttempts]: MESSAGES.otpTooManyAttempts,
  [ERROR_CODES.otpAlreadyUsed]: MESSAGES.otpAlreadyUsed,
  [ERROR_CODES.otpResendTooSoon]: MESSAGES.otpResendTooSoon,
  [ERROR_CODES.unauthorized]: MESSAGES.unauthorized,
  [ERROR_CODES.invalidJson]: MESSAGES.invalidJson,
  [ERROR_CODES.internal]: MESSAGES.internal,
  [ERROR_CODES.ownRole]: MESSAGES.ownRole,
  [ERROR_CODES.alreadyInvited]: MESSAGES.alreadyInvited,
  [ERROR_CODES.invitationClosed]: MESSAGES.invitationClosed,
  [ERROR_CODES.unsupportedMediaType]: MESSAGES.fileTypeNotAllowed,
  [ERROR_CODES.uploadQuotaExceeded]: MESSAGES.uploadDailyLimit,
  [ERROR_CODES.uploadRateLimited]: MESSAGES.uploadsTooFast,
  [ERROR_CODES.mediaHasLocation]: MESSAGES.mediaHasLocation,
  [ERROR_CODES.mediaLinkExpired]: MESSAGES.mediaLinkExpired,
  [ERROR_CODES.mediaLinkInvalid]: MESSAGES.mediaLinkInvalid,
  [ERROR_CODES.oauthStateInvalid]: ACCOUNT_MESSAGES.oauthStateInvalid,
  [ERROR_CODES.oauthFailed]: ACCOUNT_MESSAGES.oauthFailed,
  [ERROR_CODES.refreshTokenReused]: ACCOUNT_MESSAGES.refreshReused,
  [ERROR_CODES.published]: COMMUNICATION_MESSAGES.cannotEditPublished,
  [ERROR_CODES.scheduleInPast]: COMMUNICATION_MESSAGES.scheduleInPast,
};

describe('the catalog of error codes', () => {
  it('says every code of the contract in every language', () => {
    for (const lng of LANGUAGES) {
      const codes = (JSON.parse(catalogFile(lng)) as { errors: { codes: Record<string, string> } }).errors.codes;
      for (const code of ALL_ERROR_CODES) expect(codes[code], `${lng} ${code}`).toBeTruthy();
    }
  });

  it("holds the server's English sentences verbatim", async () => {
    await i18n.changeLanguage('en');
    for (const [code, text] of Object.entries(ENGLISH)) expect(translateError({ code, message: '' }), code).toBe(text);
    expect(translateError({ code: ERROR_CODES.otpNumberLocked, message: '', values: { minutes: 7 } })).toBe(
      MESSAGES.otpNumberLocked.replace('{{minutes}}', '7'),
    );
  });
});

describe('translateError', () => {
  it('translates by the code, whatever words came with it', async () => {
    await i18n.changeLanguage('ar');
    expect(translateError({ code: ERROR_CODES.phoneNotRegistered, message: 'anything' })).toBe('رقم الهاتف غير مسجّل');
    expect(translateError({ code: ERROR_CODES.published, message: '' })).toBe('لا يمكن تعديل إعلان منشور');
    await i18n.changeLanguage('he');
    expect(translateError({ code: ERROR_CODES.phoneNotRegistered, message: 'anything' })).toBe('מספר הטלפון אינו רשום');
    expect(translateError({ code: ERROR_CODES.futureDate, message: '' })).toBe('אי אפשר לסמן נוכחות לתאריך עתידי');
  });

  it("fills in the values the server sent, in each language's plural form", async () => {
    const locked = (minutes: number) => ({ code: ERROR_CODES.otpNumberLocked, message: '', values: { minutes } });
    await i18n.changeLanguage('en');
    expect(translateError(locked(1))).toBe('Too many wrong codes for this number. Try again in 1 minute.');
    await i18n.changeLanguage('ar');
    expect(translateError(locked(2))).toBe('رموز خاطئة كثيرة لهذا الرقم. حاول مرة أخرى بعد دقيقتين.');
    expect(translateError(locked(5))).toBe('رموز خاطئة كثيرة لهذا الرقم. حاول مرة أخرى بعد 5 دقائق.');
    await i18n.changeLanguage('he');
    expect(translateError(locked(30))).toBe('יותר מדי קודים שגויים למספר הזה. נסו שוב בעוד 30 דקות.');
  });

  it("without the values, says the code's general sentence; in English the server's own words", async () => {
    const locked = { code: ERROR_CODES.otpNumberLocked, message: MESSAGES.otpNumberLocked.replace('{{minutes}}', '9') };
    await i18n.changeLanguage('ar');
    expect(translateError(locked)).toBe('رموز خاطئة كثيرة لهذا الرقم. يُرجى المحاولة لاحقًا.');
    await i18n.changeLanguage('he');
    expect(translateError(locked)).toBe('יותר מדי קודים שגויים למספר הזה. נסו שוב מאוחר יותר.');
    await i18n.changeLanguage('en');
    expect(translateError(locked)).toBe('Too many wrong codes for this number. Try again in 9 minutes.');
  });

  it('a refusal particular to its case reads as the server wrote it in English only', async () => {
    const conflict = { code: ERROR_CODES.conflict, message: 'A role named Helpers already exists' };
    await i18n.changeLanguage('en');
    expect(translateError(conflict)).toBe('A role named Helpers already exists');
    await i18n.changeLanguage('ar');
    expect(translateError(conflict)).toBe('يتعارض هذا مع شيء موجود بالفعل. تحقّق وحاول مرة أخرى.');
    await i18n.changeLanguage('he');
    expect(translateError(conflict)).toBe('זה מתנגש במשהו שכבר קיים. בדקו ונסו שוב.');
  });

  it('shows the message of a code it does not know', async () => {
    await i18n.changeLanguage('ar');
    expect(translateError({ code: 'SOMETHING_NEW', message: 'Something new' })).toBe('Something new');
  });
});

describe('fieldErrorText', () => {
  const validation = { code: ERROR_CODES.validation, message: MESSAGES.validationFailed };
  const field = { field: 'academic_year_end', message: 'The academic year must end after it starts' };

  it("shows a plain validation refusal in the server's words in English, a general sentence elsewhere", async () => {
    await i18n.changeLanguage('en');
    expect(fieldErrorText(validation, field)).toBe('The academic year must end after it starts');
    await i18n.changeLanguage('ar');
    expect(fieldErrorText(validation, field)).toBe('لم تُقبل هذه القيمة. تحقّق منها وحاول مرة أخرى.');
    await i18n.changeLanguage('he');
    expect(fieldErrorText(validation, field)).toBe('הערך הזה לא התקבל. בדקו אותו ונסו שוב.');
  });

  it('says a refusal with its own code by that code', async () => {
    await i18n.changeLanguage('ar');
    const holiday = { code: ERROR_CODES.holiday, message: 'There is no attendance on a holiday' };
    expect(fieldErrorText(holiday, { field: 'date', message: holiday.message })).toBe('لا يوجد حضور في يوم عطلة');
  });
});

describe('socketErrorText', () => {
  it('translates an event that names its code, and shows one that does not as written', async () => {
    await i18n.changeLanguage('he');
    expect(socketErrorText({ error: MESSAGES.invalidToken, code: ERROR_CODES.invalidToken })).toBe('אסימון לא תקף או שפג תוקפו');
    expect(socketErrorText({ error: 'Too many messages. Please wait a moment.' })).toBe(
      'Too many messages. Please wait a moment.',
    );
  });
});
