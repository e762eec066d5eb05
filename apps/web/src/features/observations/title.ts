import { OBSERVATION_DEFAULTS } from '@cue/contract';

// Apart from i18n.ts, which the router loads at start-up: the contract module of OBSERVATION_DEFAULTS
// also holds the observation forms' schemas (and so zod), which only the observation screens need.

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * An observation's title as shown: the spec's default title ('Observation', stored in English) in the
 * reader's language, any other title as written.
 */
export const observationTitle = (t: T, title: string): string =>
  title === OBSERVATION_DEFAULTS.title ? t('defaultTitle') : title;

/** The title to store from what the editor shows: empty or the shown default is the spec's default. */
export const titleToStore = (t: T, shown: string): string => {
  const title = shown.trim();
  return !title || title === t('defaultTitle') ? OBSERVATION_DEFAULTS.title : title;
};
