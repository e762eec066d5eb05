import { ddmmyyyyFromIso, type MediaAlbum, type MediaFace, type MediaItem, type QuotaRequest } from '@cue/contract';
import { signMedia } from '../../platform/media-urls.js';
import type { AlbumRow, FaceLite, RichRow } from './repo.js';

/** Below this distance a suggestion is offered for one-click confirmation (platform/faces.ts sets the value). */
export interface Viewer {
  kind: 'staff' | 'parent';
  /** A family's children (empty for staff). */
  children: ReadonlySet<string>;
  /** A family: when it last opened the class's gallery. */
  seenAt: Date | null;
  canManage: boolean;
  confidentBelow: number;
}

const fullName = (first: string, last: string) => `${first} ${last}`.trim();
export const nameOf = (p: { firstName: string; lastName: string }) => fullName(p.firstName, p.lastName);

type FaceShown = Pick<FaceLite, 'shown' | 'status' | 'studentId'>;
/** Faces that other families see blurred: all but those a person confirmed as a child with face-recognition consent. */
export const hiddenFaces = <F extends FaceShown>(faces: readonly F[]) => faces.filter((f) => !f.shown);

/**
 * Whether a family must be given the copies with faces blurred: some face in the photo is neither
 * confirmed as a consenting child nor one of the family's own children.
 */
export function needsBlurFor(viewer: Viewer, faces: readonly FaceShown[]): boolean {
  if (viewer.kind === 'staff') return false;
  return hiddenFaces(faces).some((f) => !(f.status === 'assigned' && f.studentId && viewer.children.has(f.studentId)));
}

export function presentFace(f: FaceLite, confidentBelow: number): MediaFace {
  return {
    _id: f.id,
    box: f.box,
    status: f.status as MediaFace['status'],
    student: f.studentId && f.firstName !== null ? { _id: f.studentId, name: fullName(f.firstName, f.lastName ?? '') } : null,
    confident: f.status === 'suggested' && f.distance !== null && f.distance < confidentBelow,
  };
}

export function presentItem(row: RichRow, viewer: Viewer): MediaItem {
  const faces = row.faces;
  const blur = needsBlurFor(viewer, faces);
  // Until the blurred copies are (re)made, a family that must get them gets no picture at all.
  const pending = blur && row.sharedUrl === null;
  const staff = viewer.kind === 'staff';
  return {
    _id: row.id,
    class_id: row.classId,
    kind: row.kind as MediaItem['kind'],
    status: row.status as MediaItem['status'],
    privacy: row.privacy as MediaItem['privacy'],
    name: row.name,
    caption: row.caption,
    taken_on: ddmmyyyyFromIso(row.takenOn),
    created_at: row.createdAt.toISOString(),
    uploaded_by: row.uploadedBy ? { _id: row.uploadedBy, name: fullName(row.uploaderFirst ?? '', row.uploaderLast ?? '') } : null,
    mime_type: row.mimeType,
    size: row.bytes,
    width: row.width,
    height: row.height,
    blurhash: row.blurhash,
    url: pending ? null : signMedia(blur ? row.sharedUrl : row.url),
    medium_url: pending ? null : signMedia(blur ? row.sharedUrl : row.mediumUrl),
    thumb_url: pending ? null : signMedia(blur ? row.sharedThumbUrl : row.thumbUrl),
    poster_url: pending ? null : signMedia(row.posterUrl),
    tagged: row.tags
      // A family sees its own children among the tagged; other children's names stay with the school.
      .filter((t) => staff || viewer.children.has(t.id))
      .map((t) => ({ _id: t.id, name: nameOf(t) })),
    faces: staff ? faces.map((f) => presentFace(f, viewer.confidentBelow)) : [],
    post: row.postId && row.postCaption !== null ? { _id: row.postId, caption: row.postCaption } : null,
    observation_ids: staff ? row.links.filter((l) => l.kind === 'observation').map((l) => l.targetId) : [],
    activity_ids: row.links.filter((l) => l.kind === 'activity').map((l) => l.targetId),
    is_new: viewer.kind === 'parent' && (viewer.seenAt === null || row.createdAt > viewer.seenAt),
    deleted_at: row.deletedAt ? row.deletedAt.toISOString() : null,
    abilities: { can_edit: viewer.canManage, can_delete: viewer.canManage, can_tag: viewer.canManage && row.kind === 'image' },
  };
}

export function presentAlbum(row: AlbumRow, count: number, cover: MediaItem | null, canManage: boolean): MediaAlbum {
  return {
    _id: row.id,
    class_id: row.classId,
    name: row.name,
    cover,
    item_count: count,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    abilities: { can_edit: canManage },
  };
}

export function presentQuotaRequest(r: {
  request: {
    id: string;
    schoolId: string;
    extraBytes: number;
    reason: string;
    status: string;
    requestedBy: string | null;
    createdAt: Date;
    decidedAt: Date | null;
  };
  schoolName: string;
  requesterFirst: string | null;
  requesterLast: string | null;
}): QuotaRequest {
  return {
    _id: r.request.id,
    school: { _id: r.request.schoolId, name: r.schoolName },
    extra_bytes: r.request.extraBytes,
    reason: r.request.reason,
    status: r.request.status as QuotaRequest['status'],
    requested_by: r.request.requestedBy
      ? { _id: r.request.requestedBy, name: fullName(r.requesterFirst ?? '', r.requesterLast ?? '') }
      : null,
    created_at: r.request.createdAt.toISOString(),
    decided_at: r.request.decidedAt ? r.request.decidedAt.toISOString() : null,
  };
}
