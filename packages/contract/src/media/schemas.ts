import { z } from 'zod';
import { abilitiesSchema, cursorSchema, ddmmyyyySchema, idSchema } from '../common.js';

/*
 * The class gallery (spec section 7, issue 19): photos and videos of the day, albums, posts, face
 * tagging with consent, the school's storage quota and the 30-day bin. Days on the wire are the spec's
 * DD-MM-YYYY, instants ISO. Field names are ours where the spec shows none.
 */

export const MEDIA_MESSAGES = {
  uploaded: 'Uploaded',
  saved: 'Saved',
  deleted: 'Moved to the bin',
  restored: 'Restored',
  privacyChanged: 'Privacy updated',
  tagged: 'Tagged',
  albumCreated: 'Album created',
  albumSaved: 'Album saved',
  albumDeleted: 'Album deleted',
  postCreated: 'Post created',
  addedToObservation: 'Added to the observation',
  addedToActivity: 'Added to the activity',
  faceAdded: 'Reference face added',
  facesReset: 'Reference faces removed',
  faceDecided: 'Done',
  quotaRequested: 'Your request was sent',
  quotaDecided: 'Request decided',
  noPhotoConsent:
    "This child's family has not agreed to photos shared with the class: make the item visible to tagged families or to staff only",
  noBiometricConsent: "This child's family has not agreed to face recognition",
  quotaExceeded: "The school's media storage is full: delete items or ask for more space",
  notInItem: 'This face is not in that photo',
  tagOnce: 'A child can be tagged only once in a photo',
  notAnImageItem: 'Faces are found in photos only',
  notInThisClass: 'This child is not in the class of the photo',
  quotaPending: 'A request for more space is already waiting',
  quotaAlreadyDecided: 'This request was already decided',
  resumeAt: 'Send the file from byte',
  chunkPastEnd: 'The chunk goes past the announced size',
  uploadLost: 'Part of the upload was lost: start it again',
} as const;

export const MEDIA_PRIVACY = ['class', 'tagged', 'staff'] as const;
export type MediaPrivacy = (typeof MEDIA_PRIVACY)[number];
export const MEDIA_KINDS = ['image', 'video'] as const;
export const MEDIA_STATUSES = ['processing', 'ready', 'failed'] as const;
/** What a person decides about a face found in a photo. */
export const FACE_DECISIONS = ['assign', 'not_in_class', 'ignore'] as const;
export const FACE_STATUSES = ['suggested', 'unmatched', 'assigned', 'not_in_class', 'ignored'] as const;
/** Gallery items per page (`PageNumber` header or `page` query, from 1) unless `page_size` says otherwise. */
export const MEDIA_PAGE_SIZE = 40;
/** Days a deleted item stays in the bin before its files are removed. */
export const MEDIA_BIN_DAYS = 30;

/** The `PageNumber` header of the gallery's lists (1 when absent). */
export const pageNumberHeadersSchema = z.looseObject({
  pagenumber: z.coerce.number().int().min(1).max(100_000).default(1),
});

const personRef = z.object({ _id: idSchema, name: z.string() });
const boxSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

export const mediaFaceSchema = z.object({
  _id: idSchema,
  box: boxSchema,
  status: z.enum(FACE_STATUSES),
  /** The child the face is (assigned) or may be (suggested). */
  student: personRef.nullable(),
  /** Suggested with a distance below the one-click threshold. */
  confident: z.boolean(),
});
export type MediaFace = z.infer<typeof mediaFaceSchema>;

export const mediaItemSchema = z.object({
  _id: idSchema,
  class_id: idSchema,
  kind: z.enum(MEDIA_KINDS),
  status: z.enum(MEDIA_STATUSES),
  privacy: z.enum(MEDIA_PRIVACY),
  name: z.string(),
  caption: z.string(),
  /** The day the photo or video is of (DD-MM-YYYY). */
  taken_on: z.string(),
  created_at: z.string(),
  uploaded_by: personRef.nullable(),
  mime_type: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  blurhash: z.string().nullable(),
  /** Signed links (private files stop working within minutes); null until processed. */
  url: z.string().nullable(),
  medium_url: z.string().nullable(),
  thumb_url: z.string().nullable(),
  poster_url: z.string().nullable(),
  /** Children tagged in the item. */
  tagged: z.array(personRef),
  /** Faces found (staff only; a family gets an empty list). */
  faces: z.array(mediaFaceSchema),
  post: z.object({ _id: idSchema, caption: z.string() }).nullable(),
  /** Observations and activities the item was added to. */
  observation_ids: z.array(idSchema),
  activity_ids: z.array(idSchema),
  /** A family: not seen before. */
  is_new: z.boolean(),
  /** In the bin: when it was deleted. */
  deleted_at: z.string().nullable(),
  abilities: abilitiesSchema('can_edit', 'can_delete', 'can_tag'),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

export const mediaPageSchema = z.object({
  items: z.array(mediaItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
  abilities: abilitiesSchema('can_upload', 'can_manage'),
  /** Reads the next page from where this one ends (null on the last page). */
  next_cursor: z.string().nullable(),
});
export type MediaPage = z.infer<typeof mediaPageSchema>;
/** The date filter's answer (POST): a page by the `PageNumber` header only. */
export const mediaFilterPageSchema = mediaPageSchema.omit({ next_cursor: true });

/**
 * Which page of a gallery list: `page` (else the `PageNumber` header) of `page_size` items, or the page
 * after a `next_cursor` (the page number is then not read).
 */
export const mediaPagingQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  page_size: z.coerce.number().int().min(1).max(100).default(MEDIA_PAGE_SIZE),
  cursor: cursorSchema.optional(),
});

export const mediaListQuerySchema = mediaPagingQuerySchema.extend({
  student_id: idSchema.optional(),
  from_date: ddmmyyyySchema.optional(),
  to_date: ddmmyyyySchema.optional(),
  /** Staff: the bin instead of the gallery. */
  bin: z.enum(['true', 'false']).optional(),
});

export const mediaFilterSchema = z.object({
  from_date: ddmmyyyySchema.optional(),
  to_date: ddmmyyyySchema.optional(),
  student_id: idSchema.optional(),
});

/** Multipart fields sent with a gallery upload, before the file. */
export const mediaUploadFieldsSchema = z.object({
  privacy: z.enum(MEDIA_PRIVACY).optional(),
  caption: z.string().trim().max(2000).optional(),
  taken_on: ddmmyyyySchema.optional(),
});

export const mediaEditSchema = z.object({
  caption: z.string().trim().max(2000).optional(),
  taken_on: ddmmyyyySchema.optional(),
  privacy: z.enum(MEDIA_PRIVACY).optional(),
  /** The children tagged, replacing the list. */
  student_ids: z.array(idSchema).max(60).optional(),
});

const mediaIds = z.array(idSchema).min(1).max(500);
export const mediaIdsSchema = z.object({ media_ids: mediaIds });
export const mediaPrivacySchema = z.object({ media_ids: mediaIds, privacy: z.enum(MEDIA_PRIVACY) });

export const albumSchema = z.object({
  _id: idSchema,
  class_id: idSchema,
  name: z.string(),
  cover: mediaItemSchema.nullable(),
  item_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  abilities: abilitiesSchema('can_edit'),
});
export type MediaAlbum = z.infer<typeof albumSchema>;
export const albumDetailSchema = albumSchema.extend({ items: z.array(mediaItemSchema) });
export type MediaAlbumDetail = z.infer<typeof albumDetailSchema>;
export const albumCreateSchema = z.object({
  name: z.string().trim().min(1).max(120),
  media_ids: z.array(idSchema).max(500).optional(),
});
export const albumEditSchema = z.object({
  name: z.string().trim().min(1).max(120).optional(),
  cover_id: idSchema.nullable().optional(),
  add_ids: z.array(idSchema).max(500).optional(),
  remove_ids: z.array(idSchema).max(500).optional(),
});

export const postCreateSchema = z.object({
  caption: z.string().trim().min(1).max(2000),
  media_ids: mediaIds,
  privacy: z.enum(MEDIA_PRIVACY).optional(),
});
export const mediaPostSchema = z.object({ _id: idSchema, caption: z.string(), items: z.array(mediaItemSchema) });

export const tagManySchema = z.object({
  media_ids: mediaIds,
  student_ids: z.array(idSchema).min(1).max(60),
  /** add (default) or remove these children on every item. */
  action: z.enum(['add', 'remove']).optional(),
});

export const addFaceSchema = z.object({ student_id: idSchema, face_id: idSchema });
export const studentRefSchema = z.object({ student_id: idSchema });
export const faceDecisionSchema = z.object({
  face_id: idSchema,
  action: z.enum(FACE_DECISIONS),
  student_id: idSchema.optional(),
});
export const faceReferenceSchema = z.object({
  _id: idSchema,
  created_at: z.string(),
  /** The photo the face was taken from, and where in it. */
  media: mediaItemSchema.nullable(),
  box: boxSchema,
  term: z.string(),
});
export const recognizedFacesSchema = z.object({
  student_id: idSchema,
  biometric_consent: z.boolean(),
  references: z.array(faceReferenceSchema),
  /** No reference from the current term: ask for a fresh one. */
  needs_refresh: z.boolean(),
});
export type RecognizedFaces = z.infer<typeof recognizedFacesSchema>;
export const faceQueueSchema = z.object({
  /** Faces found in the class's photos that await a person: suggestions to confirm and faces nobody matched. */
  faces: z.array(mediaFaceSchema.extend({ media: mediaItemSchema })),
});

export const usageSchema = z.object({
  quota_bytes: z.number(),
  used_bytes: z.number(),
  item_count: z.number().int(),
  bin_bytes: z.number(),
  percent: z.number(),
});
export type MediaUsage = z.infer<typeof usageSchema>;
export const consumptionSchema = usageSchema.extend({
  by_class: z.array(z.object({ class_id: idSchema, name: z.string(), bytes: z.number(), items: z.number().int() })),
  by_type: z.object({ image: z.number(), video: z.number(), other: z.number() }),
  /** Bytes added per day over the last 30 days. */
  daily_bytes: z.number(),
  /** When the quota runs out at that pace (DD-MM-YYYY), or null when it never does. */
  projected_full_on: z.string().nullable(),
  pending_request: z.object({ _id: idSchema, extra_bytes: z.number(), reason: z.string(), created_at: z.string() }).nullable(),
});
export type MediaConsumption = z.infer<typeof consumptionSchema>;
export const quotaExtendSchema = z.object({
  /** Extra gigabytes asked for. */
  extra_gb: z.number().int().min(1).max(1000),
  reason: z.string().trim().max(500).optional(),
});
export const quotaRequestSchema = z.object({
  _id: idSchema,
  school: z.object({ _id: idSchema, name: z.string() }),
  extra_bytes: z.number(),
  reason: z.string(),
  status: z.enum(['pending', 'approved', 'declined']),
  requested_by: personRef.nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type QuotaRequest = z.infer<typeof quotaRequestSchema>;
export const quotaDecisionSchema = z.object({ decision: z.enum(['approve', 'decline']) });

/** Large files (videos) are sent in chunks of this size, resumable after a dropped connection. */
export const MEDIA_CHUNK_BYTES = 4 * 1024 * 1024;
/** Files above this size go in chunks; smaller ones in one request. */
export const MEDIA_CHUNKED_ABOVE = 8 * 1024 * 1024;
/** The content type of a chunk's body (the bytes as they are). */
export const CHUNK_CONTENT_TYPE = 'application/offset+octet-stream';

export const uploadStartSchema = z.object({
  file_name: z.string().trim().min(1).max(200),
  mime_type: z.string().trim().min(3).max(100),
  size: z.number().int().min(1),
  privacy: z.enum(MEDIA_PRIVACY).optional(),
  caption: z.string().trim().max(2000).optional(),
  taken_on: ddmmyyyySchema.optional(),
});
export const uploadSessionSchema = z.object({
  _id: idSchema,
  size: z.number().int(),
  /** Bytes received so far: the offset of the next chunk. */
  received: z.number().int(),
  chunk_size: z.number().int(),
  /** The gallery item, once every byte arrived. */
  item: mediaItemSchema.nullable(),
});
export type UploadSession = z.infer<typeof uploadSessionSchema>;
/** The `Upload-Offset` header of a chunk: where its bytes go. */
export const chunkHeadersSchema = z.looseObject({ 'upload-offset': z.coerce.number().int().min(0) });
