import { Badge, type BadgeProps } from '@mantine/core';
import type { HTMLAttributes } from 'react';

type SoftBadgeProps = Omit<BadgeProps, 'variant' | 'color'> &
  Omit<HTMLAttributes<HTMLDivElement>, 'color' | 'style'> & {
    color: string;
    /** An outlined badge (for "nothing yet", such as Unassigned). */
    outline?: boolean;
    'data-testid'?: string;
    'data-status'?: string;
  };

/**
 * Text colour on a colour's light tint: its darkest shade, darkened further so that even orange and
 * teal keep a 4.5:1 contrast (yellow, the palest, a little more: 25 % left it at 4.47:1).
 */
export const inkOf = (color: string): string =>
  `color-mix(in srgb, var(--mantine-color-${color}-9), black ${color === 'yellow' ? 35 : 25}%)`;

/**
 * A light badge whose text is the colour's darkest shade, so it keeps a 4.5:1 contrast on its tint
 * (Mantine's light badges use a middle shade, too pale for orange, yellow and teal).
 */
export function SoftBadge({ color, outline = false, ...props }: SoftBadgeProps) {
  return (
    <Badge
      variant={outline ? 'outline' : 'light'}
      color={outline ? `${color}.5` : color}
      c={outline ? `${color}.7` : inkOf(color)}
      tt="none"
      {...props}
    />
  );
}
