import { Badge, type BadgeProps } from '@mantine/core';
import type { CSSProperties, HTMLAttributes } from 'react';

type SoftBadgeProps = Omit<BadgeProps, 'variant' | 'color'> &
  Omit<HTMLAttributes<HTMLDivElement>, 'color' | 'style'> & {
    color: string;
    /** An outlined badge (for "nothing yet", such as Unassigned). */
    outline?: boolean;
    'data-testid'?: string;
    'data-status'?: string;
  };

/**
 * A light badge whose text is the colour's darkest shade, so it keeps a 4.5:1 contrast on its tint
 * (Mantine's light badges use a middle shade, too pale for orange, yellow and teal).
 */
export function SoftBadge({ color, outline = false, ...props }: SoftBadgeProps) {
  const style = {
    '--badge-color': `var(--mantine-color-${color}-${outline ? 7 : 9})`,
    ...(outline ? { '--badge-bd': `1px solid var(--mantine-color-${color}-5)` } : {}),
  } as CSSProperties;
  return <Badge variant={outline ? 'outline' : 'light'} color={color} tt="none" {...props} style={style} />;
}
