import type { ResourceKind } from '@cue/contract';
import { IconBook, IconFile, IconLink, IconVideo } from '@tabler/icons-react';

const ICONS = { file: IconFile, link: IconLink, video: IconVideo, book: IconBook } as const;

/** A resource's kind as an icon (decorative: the kind's name is said beside it or in the item's label). */
export function ResourceKindIcon({ kind, size = 16 }: { kind: string; size?: number }) {
  const Icon = ICONS[kind as ResourceKind] ?? IconFile;
  return <Icon size={size} aria-hidden stroke={1.6} />;
}
