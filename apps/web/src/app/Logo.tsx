import { Group, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface LogoMarkProps {
  size?: number;
}

/** Cue's mark: a speech bubble holding a spark. */
export function LogoMark({ size = 40 }: LogoMarkProps) {
  const gradient = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7a63f0" />
          <stop offset="1" stopColor="#4634b6" />
        </linearGradient>
      </defs>
      <rect x="2" y="2" width="44" height="44" rx="13" fill={`url(#${gradient})`} />
      <path
        d="M13 21.5c0-5.8 4.9-10 11-10s11 4.2 11 10-4.9 10-11 10c-1.3 0-2.6-.2-3.8-.6L15 34l1.1-5.3C14.2 26.9 13 24.4 13 21.5Z"
        fill="#fff"
      />
      <path d="M24 15.8l1.5 4 4 1.6-4 1.6-1.5 4-1.5-4-4-1.6 4-1.6 1.5-4Z" fill="#f26738" />
    </svg>
  );
}

interface LogoProps {
  size?: 'sm' | 'md' | 'lg';
  withTagline?: boolean;
}

/** The product logo: mark, name and (optionally) the tagline. */
export function Logo({ size = 'md', withTagline = false }: LogoProps) {
  const { t } = useTranslation();
  const mark = { sm: 32, md: 40, lg: 52 }[size];
  const nameSize = { sm: 20, md: 24, lg: 32 }[size];
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <LogoMark size={mark} />
      <div>
        <Text
          component="span"
          display="block"
          fw={800}
          fz={nameSize}
          lh={1.1}
          c="var(--mantine-color-text)"
          style={{ letterSpacing: '-0.02em' }}
        >
          {t('app.name')}
        </Text>
        {withTagline && (
          <Text c="dimmed" fz="sm" lh={1.3}>
            {t('app.tagline')}
          </Text>
        )}
      </div>
    </Group>
  );
}
