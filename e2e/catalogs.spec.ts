import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  ACCOUNT_MESSAGES,
  ALL_ERROR_CODES,
  CHILD_MESSAGES,
  ERROR_CODES,
  type ErrorCode,
  LANGUAGES,
  MESSAGES,
} from '@cue/contract';
import { expect, test } from '@playwright/test';

type Catalog = { [key: string]: string | string[] | Catalog };

const catalog = (lng: string, ns = 'translation'): Catalog =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../apps/web/public/locales/${lng}/${ns}.json`, import.meta.url)), 'utf8'));

/** Translation namespaces: the shared catalog and the features' own. */
const NAMESPACES = ['translation', 'account', 'admin', 'shell', 'attendance', 'communication', 'observations', 'cue', 'children'];

/** Dotted keys, with plural suffixes folded (languages have different plural forms). */
const keys = (c: Catalog, prefix = ''): string[] =>
  Object.entries(c).flatMap(([k, v]) =>
    typeof v === 'object' && !Array.isArray(v)
      ? keys(v, `${prefix}${k}.`)
      : [`${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`],
  );

/** The messages of spec section 8 that the web app says itself (catalog section `messages`). */
const SHOWN: (keyof typeof MESSAGES)[] = [
  'otpSent',
  'otpResent',
  'requestIdNotFound',
  'sessionExpired',
  'tempTokenExpired',
  'noStudentsFound',
  'noClassesFound',
];

/** Refusals the server sends whose English sentence is a spec message: the web app says them by their code. */
const REFUSALS: Partial<Record<ErrorCode, keyof typeof MESSAGES>> = {
  [ERROR_CODES.phoneNotRegistered]: 'phoneNotRegistered',
  [ERROR_CODES.requestIdNotFound]: 'requestIdNotFound',
  [ERROR_CODES.userDoesNotExist]: 'userDoesNotExist',
  [ERROR_CODES.tempTokenExpired]: 'tempTokenExpired',
  [ERROR_CODES.tempTokenNotAllowed]: 'tempTokenNotAllowed',
  [ERROR_CODES.invalidOtp]: 'invalidOtp',
  [ERROR_CODES.otpExpired]: 'otpExpired',
  [ERROR_CODES.otpTooManyAttempts]: 'otpTooManyAttempts',
  [ERROR_CODES.otpAlreadyUsed]: 'otpAlreadyUsed',
  [ERROR_CODES.otpResendTooSoon]: 'otpResendTooSoon',
  [ERROR_CODES.validation]: 'validationFailed',
  [ERROR_CODES.unauthorized]: 'unauthorized',
  [ERROR_CODES.invalidToken]: 'invalidToken',
  [ERROR_CODES.forbidden]: 'forbidden',
  [ERROR_CODES.notFound]: 'notFound',
  [ERROR_CODES.rateLimited]: 'tooManyRequests',
  [ERROR_CODES.internal]: 'internal',
  [ERROR_CODES.ownRole]: 'ownRole',
  [ERROR_CODES.alreadyInvited]: 'alreadyInvited',
  [ERROR_CODES.invitationClosed]: 'invitationClosed',
  [ERROR_CODES.unsupportedMediaType]: 'fileTypeNotAllowed',
  [ERROR_CODES.uploadQuotaExceeded]: 'uploadDailyLimit',
  [ERROR_CODES.uploadRateLimited]: 'uploadsTooFast',
  [ERROR_CODES.mediaHasLocation]: 'mediaHasLocation',
  [ERROR_CODES.mediaLinkExpired]: 'mediaLinkExpired',
  [ERROR_CODES.mediaLinkInvalid]: 'mediaLinkInvalid',
};

test('the English catalog holds the specification messages verbatim', () => {
  const english = catalog('en').messages as Record<string, string>;
  for (const [key, text] of Object.entries(english)) {
    // A message with a count has plural forms (`_one`, `_other`, …): the `_other` form is the message as the server sends it.
    const plural = /_(zero|one|two|few|many|other)$/.exec(key);
    const name = (plural ? key.slice(0, plural.index) : key) as keyof typeof MESSAGES;
    expect(MESSAGES[name], key).toBeDefined();
    if (!plural || plural[1] === 'other') expect(text, key).toBe(MESSAGES[name]);
  }
  for (const name of SHOWN) expect(english[name], name).toBe(MESSAGES[name]);
});

test("the English catalog says every refusal by its code, the spec's messages verbatim", () => {
  const { codes, detailed } = catalog('en').errors as { codes: Record<string, string>; detailed: Record<string, string> };
  for (const code of ALL_ERROR_CODES) expect(codes[code], code).toBeTruthy();
  for (const [code, name] of Object.entries(REFUSALS)) expect(codes[code], code).toBe(MESSAGES[name]);
  // A sentence with values: its `_other` form is the message as the server sends it.
  expect(detailed.OTP_NUMBER_LOCKED_other).toBe(MESSAGES.otpNumberLocked);
});

test('every language has every key', () => {
  const english = new Set(keys(catalog('en')));
  for (const lng of LANGUAGES) {
    expect(new Set(keys(catalog(lng))), lng).toEqual(english);
  }
});

test('every namespace has the same keys in every language', () => {
  for (const ns of NAMESPACES) {
    const english = new Set(keys(catalog('en', ns)));
    for (const lng of LANGUAGES) expect(new Set(keys(catalog(lng, ns))), `${lng}/${ns}`).toEqual(english);
  }
});

test("the account catalog holds the server's identity messages verbatim in English", () => {
  const english = catalog('en', 'account').messages as Record<string, string>;
  for (const [name, text] of Object.entries(ACCOUNT_MESSAGES)) {
    if (typeof text === 'string') expect(english[name], name).toBe(text);
  }
  const { oauth } = catalog('en', 'account') as { oauth: Record<string, string> };
  expect(oauth.notConfigured?.replace('{{provider}}', 'Google')).toBe(ACCOUNT_MESSAGES.providerNotConfigured('Google'));
});

test("the child's record says the server's messages verbatim in English", () => {
  const english = catalog('en', 'children').messages as Record<string, string>;
  const same = {
    profileSaved: 'profileSaved',
    healthSaved: 'healthSaved',
    proposed: 'changeProposed',
    accepted: 'changeAccepted',
    declined: 'changeDeclined',
  } as const;
  for (const [key, name] of Object.entries(same)) expect(english[key], key).toBe(CHILD_MESSAGES[name]);
  expect((catalog('en', 'children').propose as Record<string, string>).nothing).toBe(CHILD_MESSAGES.noChanges);
});
