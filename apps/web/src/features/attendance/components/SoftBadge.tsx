import { Badge, type BadgeProps } from '@mantine/core';
import type { HTMLAttributes } from 'react';
import { inkOf } from './status';

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
