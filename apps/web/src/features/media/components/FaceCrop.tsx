import type { MediaFace } from '@cue/contract';
import { faceCrop } from '../gallery';

/** The face alone, enlarged from its photo into a small square (nothing when the photo's size is unknown). */
export function FaceCrop({
  src,
  box,
  size,
  side = 88,
}: {
  src: string;
  box: MediaFace['box'];
  size: { width: number | null; height: number | null };
  side?: number;
}) {
  const at = faceCrop(box, size, side);
  if (!at) return null;
  return (
    <span
      aria-hidden
      style={{
        position: 'relative',
        display: 'block',
        flex: 'none',
        width: side,
        height: side,
        overflow: 'hidden',
        borderRadius: 'var(--mantine-radius-md)',
        background: 'var(--mantine-color-gray-2)',
        // The crop is placed in the picture's own coordinates, whatever the page's direction.
        direction: 'ltr',
      }}
    >
      <img
        src={src}
        alt=""
        style={{ position: 'absolute', left: at.left, top: at.top, width: at.width, height: at.height, maxWidth: 'none' }}
      />
    </span>
  );
}
