import {
  type EditorDirection,
  isLanguage,
  LANGUAGES,
  type Language,
  MESSAGES,
  ROUTES,
  RTL_LANGUAGES,
  WEB_COOKIES,
} from '@cue/contract';
import i18n, { type BackendModule, type LanguageDetectorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setCookie } from './cookies';

export const LANGUAGE_STORAGE_KEY = 'cue.language';

let schoolDirection: EditorDirection | null = null;

export { isLanguage } from '@cue/contract';

export const currentLanguage = (): Language => {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : 'en';
};

/** ar and he are right to left; so is everything while signed in to a school whose editor_direction is r2l. */
export const directionFor = (language: Language, school: EditorDirection | null): 'rtl' | 'ltr' =>
  RTL_LANGUAGES.includes(language) || school === 'r2l' ? 'rtl' : 'ltr';

/** Sets <html lang dir>; Mantine's DirectionProvider follows the dir attribute. */
function applyDocumentLanguage(): void {
  if (typeof document === 'undefined') return;
  const language = currentLanguage();
  const root = document.documentElement;
  root.lang = language;
  root.dir = directionFor(language, schoolDirection);
  // The server sends the prerendered login page in this language next time.
  setCookie(WEB_COOKIES.language, language);
}

/** The signed-in school's text direction (null when signed out). */
export function setSchoolDirection(direction: EditorDirection | null): void {
  if (schoolDirection === direction) return;
  schoolDirection = direction;
  applyDocumentLanguage();
}

/**
 * Tells the server the language the person reads in (their emails are sent in it), for each side the
 * session holds. Fire and forget: the app works the same when it fails. Not for a temporary session (a
 * kiosk): its language is the family's at the desk, not the account holder's. Loaded on demand so the
 * prerendered login page does not carry the API client.
 */
export function sendReaderLanguage(language: Language = currentLanguage()): void {
  void Promise.all([import('./api'), import('./session')])
    .then(([{ apiRequest }, { getSession, sidesOf }]) => {
      const session = getSession();
      if (!session || session.isTempToken) return;
      for (const side of sidesOf(session)) {
        apiRequest(ROUTES.userLanguage, { side, body: { language } }).catch(() => undefined);
      }
    })
    .catch(() => undefined);
}

/** A language the person chose: applied and remembered on this device, and told to the server when signed in. */
export async function chooseLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
  sendReaderLanguage(language);
}

i18n.on('languageChanged', applyDocumentLanguage);

/** A catalog file of the web app: public/locales/<lng>/<ns>.json. */
export async function fetchCatalog(lng: string, ns: string): Promise<Record<string, unknown>> {
  const response = await fetch(`/locales/${lng}/${ns}.json`, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Could not load the ${lng} ${ns} catalog (HTTP ${response.status})`);
  return (await response.json()) as Record<string, unknown>;
}

/** i18next reads the catalogs with fetchCatalog. */
const catalogBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (lng, ns, callback) => {
    fetchCatalog(lng, ns).then(
      (data) => callback(null, data),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

const storedLanguage = (): string | null => {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
};

/** The language chosen on this device, else the browser's languages, else the page's; the choice is remembered. */
const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  init: () => undefined,
  detect: () => {
    const candidates = [storedLanguage(), ...(typeof navigator === 'undefined' ? [] : navigator.languages)];
    if (typeof document !== 'undefined') candidates.push(document.documentElement.lang);
    return candidates.filter((lng): lng is string => !!lng);
  },
  cacheUserLanguage: (lng) => {
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
    } catch {
      // Without storage the choice lasts for this visit.
    }
  },
};

export const i18nReady = i18n
  .use(catalogBackend)
  .use(languageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: 'en',
    // Each feature may keep its strings in its own namespace file (e.g. account.json); these load with the app.
    ns: ['translation', 'account', 'shell'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  })
  .then(applyDocumentLanguage);

export type MessageName = keyof typeof MESSAGES;

/**
 * A spec message the web app says itself (a toast after sending a code, an empty list) in the current
 * language; the English catalog holds the spec's words verbatim. A refusal from the server is said by
 * its code instead (lib/errors.ts).
 */
export const message = (name: MessageName): string => i18n.t(`messages.${name}`, { defaultValue: MESSAGES[name] });

export default i18n;
