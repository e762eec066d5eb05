/** Business constants of spec section 9, shared by the server and the web app. */
export const OTP_LENGTH = 6;
export const PHONE_LENGTH = 10;
export const COUNTRY_CODE = '91';
export const OTP_RESEND_SECONDS = 30;
/** An OTP stays valid this long after it was sent. */
export const OTP_TTL_SECONDS = 10 * 60;
/** Wrong codes allowed per OTP request before it is locked. */
export const OTP_MAX_ATTEMPTS = 5;
/** The refresh token is renewed when this many days or fewer remain. */
export const REFRESH_RENEW_DAYS = 5;
/** Network retry for auth calls: attempts, base delay and jitter. */
export const RETRY_MAX_ATTEMPTS = 3;
export const RETRY_BASE_DELAY_MS = 500;
export const RETRY_JITTER = 0.2;
/** Minimum length of an id the client accepts. */
export const MIN_ID_LENGTH = 24;
export const CLASS_NAME_DISPLAY_LENGTH = 25;
export const PROFILE_CLASSES_SHOWN = 2;
export const DEFAULT_AGE_GROUP = '2y 3m - 3y 0m';
export const LANGUAGES = ['en', 'ar', 'he'] as const;
export type Language = (typeof LANGUAGES)[number];
export const RTL_LANGUAGES: readonly Language[] = ['ar', 'he'];
export const isLanguage = (value: string | null | undefined): value is Language => LANGUAGES.includes(value as Language);
/** dayjs formats used on the wire and on screen. */
export const DATE_FORMAT = 'DD-MM-YYYY';
export const TASK_DATE_FORMAT = 'YYYY-MM-DD';
export const TIME_FORMAT = 'hh:mm A';
export const OBSERVATION_DATE_DISPLAY = 'ddd, MMM DD, YYYY';

/**
 * Cookies the web app keeps so that the server can send the login page (`/`) prerendered as this
 * browser will show it: in its language, without a rebrand banner it dismissed, and not at all to a
 * browser that holds a session (it goes on to the dashboard).
 */
export const WEB_COOKIES = {
  language: 'cue.language',
  rebrandDismissed: 'cue.rebrandDismissed',
  signedIn: 'cue.signedIn',
} as const;

/** Marks in the prerendered login page (`login.<lng>.html`) that the server fills in for each visitor. */
export const LOGIN_PRERENDER = {
  /** Stands where the page's own address goes in the rebrand banner. */
  originPlaceholder: 'https://cue-origin.invalid',
  /** Around the rebrand banner, left out for a browser that dismissed it. */
  rebrandStart: '<!--cue:rebrand-->',
  rebrandEnd: '<!--/cue:rebrand-->',
} as const;
