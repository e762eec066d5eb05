import { Text, type TextProps } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { formatClassName } from '../lib/format';

const ClassNameTooltip = lazy(() => import('./ClassNameTooltip'));

interface ClassNameProps extends TextProps {
  name: string;
  component?: 'h3' | 'span' | 'p';
}

/** A class name cut at 25 characters with an ellipsis; the full name shows on hover (spec section 5). */
export function ClassName({ name, component = 'span', ...props }: ClassNameProps) {
  const { text, full, truncated } = formatClassName(name);
  const label = (
    <Text component={component} title={truncated ? full : undefined} aria-label={truncated ? full : undefined} {...props}>
      <bdi>{text}</bdi>
    </Text>
  );
  return truncated ? (
    <Suspense fallback={label}>
      <ClassNameTooltip label={full}>{label}</ClassNameTooltip>
    </Suspense>
  ) : (
    label
  );
}
