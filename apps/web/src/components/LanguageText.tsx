import { isLanguage, RTL_LANGUAGES } from '@cue/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Words of the interface in the reader's language, isolated in that language's direction. In a
 * right-to-left school read in English, a sentence that starts with a number or ends with a colon
 * ("5 students", "Age range:") would otherwise have them moved to the wrong side by the page's
 * direction; in Arabic and Hebrew it changes nothing. Inline: where it sits and how it aligns stay the page's.
 */
export function LanguageText({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const dir = isLanguage(language) && RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
  return <span dir={dir}>{children}</span>;
}
