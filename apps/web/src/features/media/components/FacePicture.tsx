import type { MediaFace } from '@cue/contract';
import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { boxPercent } from '../gallery';
import { MEDIA_NS } from '../i18n';
import { faceLabel } from './FaceActions';
import classes from './FacePicture.module.css';

const TONE: Record<MediaFace['status'], string> = {
  assigned: 'teal',
  suggested: 'yellow',
  unmatched: 'orange',
  not_in_class: 'gray',
  ignored: 'gray',
};

/** A picture with each face found drawn over it as a numbered box (the numbers of the face list). */
export function FacePicture({
  src,
  alt,
  faces,
  size,
  highlight,
  maxHeight,
}: {
  src: string;
  alt: string;
  faces: readonly MediaFace[];
  size: { width: number | null; height: number | null };
  /** Only this face is drawn (the review queue). */
  highlight?: string;
  maxHeight?: number | string;
}) {
  const { t } = useTranslation(MEDIA_NS);
  const shown = highlight ? faces.filter((f) => f._id === highlight) : faces;
  return (
    <Box className={classes.frame}>
      <img className={classes.image} src={src} alt={alt} style={{ maxHeight }} />
      {shown.map((face) => {
        const number = faces.indexOf(face) + 1;
        const at = boxPercent(face.box, size);
        return (
          <span
            key={face._id}
            className={classes.box}
            data-tone={TONE[face.status]}
            data-testid="face-box"
            style={{ left: `${at.left}%`, top: `${at.top}%`, width: `${at.width}%`, height: `${at.height}%` }}
            title={faceLabel(face, t)}
          >
            <span className={classes.tag} aria-hidden>
              {number}
            </span>
          </span>
        );
      })}
    </Box>
  );
}
