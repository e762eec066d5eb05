import { LANGUAGES } from '@cue/contract';
import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, currentLanguage, isLanguage } from '../lib/i18n';

/** English, Arabic, Hebrew; each named in its own language. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const value = i18n.resolvedLanguage && isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : currentLanguage();
  return (
    <NativeSelect
      aria-label={t('language.label')}
      value={value}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLanguage(next)) void chooseLanguage(next);
      }}
      data={LANGUAGES.map((lng) => ({ value: lng, label: t(`language.${lng}`) }))}
      leftSection={<IconLanguage size={16} aria-hidden />}
      size="sm"
      radius="xl"
      w={150}
    />
  );
}
