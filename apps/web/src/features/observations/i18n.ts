/** The observations screens' translation namespace: public/locales/<lng>/observations.json. */
export const OBSERVATIONS_NS = 'observations';

/** Learning-area group names as the frameworks name them → catalog keys. */
const GROUP_KEYS: Record<string, string> = {
  'Prime areas': 'prime',
  'Specific areas': 'specific',
  'Characteristics of Effective Learning': 'coel',
  'Transdisciplinary themes': 'themes',
};

type T = (key: string, options?: Record<string, unknown>) => string;

/** A learning area's name in the reader's language (by its code), else as the framework names it. */
export const areaName = (t: T, area: { code: string; name: string }): string =>
  t(`areas.${area.code}`, { defaultValue: area.name });

export const groupName = (t: T, group: string): string => {
  const key = GROUP_KEYS[group];
  return key ? t(`groups.${key}`, { defaultValue: group }) : group;
};
