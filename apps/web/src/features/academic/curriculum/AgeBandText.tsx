import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CURRICULUM_NS } from '../i18n';
import { ageBand, ageBandKey, ageBandParts } from './format';

/**
 * A statement's age band in words ("3–4 years", "16–26 months"); `bare` shows one bound alone (the
 * years a number of months makes, beside the field that asks for months).
 */
export function AgeBandText({ from, to, bare = false }: { from: number | null; to: number | null; bare?: boolean }) {
  const { t, i18n } = useTranslation(CURRICULUM_NS);
  const band = ageBand(from, to);
  if (!band) return null;
  const parts = ageBandParts(band, new Intl.NumberFormat(i18n.language));
  const key = bare ? `age.${band.unit}.bare` : ageBandKey(band);
  const value = parts.from || parts.to;
  return (
    <Text component="span" fz="xs" c="dimmed" data-testid={bare ? undefined : 'age-band'}>
      {t(key, { from: parts.from, to: parts.to, value })}
    </Text>
  );
}
