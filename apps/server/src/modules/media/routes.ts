import { MEDIA_MESSAGES, ROUTES, UPLOAD_LIMITS } from '@cue/contract';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';
import { readUpload } from '../../platform/http/upload.js';

export function mediaRoutes(route: Router, s: Services): void {
  route(ROUTES.classMediaList, async ({ auth, params, query, headers }) => ({
    result: await s.media.list(auth, params.id, query, query.page ?? headers.pagenumber, query),
  }));
  route(ROUTES.mediaFilter, async ({ auth, params, body, headers }) => {
    // Paged by the PageNumber header only (a POST is not read on by cursor).
    const { next_cursor: _, ...page } = await s.media.list(auth, params.id, body, headers.pagenumber);
    return { result: page };
  });
  route(ROUTES.classMediaUpload, async ({ auth, params, req }) => {
    // The school's space is checked on the announced size before a byte is read.
    await s.media.admitUpload(auth, params.id, Number(req.headers['content-length'] ?? 0));
    const upload = await readUpload(
      req,
      ROUTES.classMediaUpload.upload,
      Math.max(UPLOAD_LIMITS.max_image_size, UPLOAD_LIMITS.max_video_size),
    );
    return { result: await s.media.upload(auth, params.id, upload), message: MEDIA_MESSAGES.uploaded };
  });
  route(ROUTES.mediaUploadStart, async ({ auth, params, body }) => ({
    result: await s.media.startUpload(auth, params.id, body),
  }));
  route(ROUTES.mediaUploadStatus, async ({ auth, params }) => ({ result: await s.media.uploadStatus(auth, params.id) }));
  route(ROUTES.mediaUploadChunk, async ({ auth, params, headers, body }) => ({
    result: await s.media.uploadChunk(auth, params.id, headers['upload-offset'], body),
  }));
  route(ROUTES.mediaItem, async ({ auth, params }) => ({ result: await s.media.item(auth, params.id) }));
  route(ROUTES.mediaEdit, async ({ auth, params, body }) => ({
    result: await s.media.edit(auth, params.id, body),
    message: MEDIA_MESSAGES.saved,
  }));
  route(ROUTES.mediaDelete, async ({ auth, params }) => {
    await s.media.remove(auth, [params.id]);
    return { result: true, message: MEDIA_MESSAGES.deleted };
  });
  route(ROUTES.mediaDeleteMany, async ({ auth, body }) => {
    await s.media.remove(auth, body.media_ids);
    return { result: true, message: MEDIA_MESSAGES.deleted };
  });
  route(ROUTES.mediaRestore, async ({ auth, params }) => ({
    result: await s.media.restore(auth, params.id),
    message: MEDIA_MESSAGES.restored,
  }));
  route(ROUTES.mediaPrivacy, async ({ auth, body }) => ({
    result: await s.media.setPrivacy(auth, body.media_ids, body.privacy),
    message: MEDIA_MESSAGES.privacyChanged,
  }));
  route(ROUTES.tagMany, async ({ auth, body }) => ({
    result: await s.media.tagMany(auth, body),
    message: MEDIA_MESSAGES.tagged,
  }));
  route(ROUTES.albumList, async ({ auth, params }) => ({ result: await s.media.albums(auth, params.id) }));
  route(ROUTES.albumCreate, async ({ auth, params, body }) => ({
    result: await s.media.createAlbum(auth, params.id, body),
    message: MEDIA_MESSAGES.albumCreated,
  }));
  route(ROUTES.albumDetail, async ({ auth, params }) => ({ result: await s.media.album(auth, params.id) }));
  route(ROUTES.albumEdit, async ({ auth, params, body }) => ({
    result: await s.media.editAlbum(auth, params.id, body),
    message: MEDIA_MESSAGES.albumSaved,
  }));
  route(ROUTES.albumDelete, async ({ auth, params }) => {
    await s.media.deleteAlbum(auth, params.id);
    return { result: true, message: MEDIA_MESSAGES.albumDeleted };
  });
  route(ROUTES.postCreate, async ({ auth, params, body }) => ({
    result: await s.media.createPost(auth, params.id, body),
    message: MEDIA_MESSAGES.postCreated,
  }));
  route(ROUTES.mediaToActivity, async ({ auth, params, body }) => {
    await s.media.addToActivity(auth, params.id, body.media_ids);
    return { result: true, message: MEDIA_MESSAGES.addedToActivity };
  });
  route(ROUTES.faceAdd, async ({ auth, body }) => ({
    result: await s.media.addReference(auth, body.student_id, body.face_id),
    message: MEDIA_MESSAGES.faceAdded,
  }));
  route(ROUTES.faceReferences, async ({ auth, body }) => ({ result: await s.media.references(auth, body.student_id) }));
  route(ROUTES.faceReset, async ({ auth, body }) => ({
    result: await s.media.resetReferences(auth, body.student_id),
    message: MEDIA_MESSAGES.facesReset,
  }));
  route(ROUTES.faceSearch, async ({ auth, params, body }) => ({
    result: await s.media.searchWithFace(auth, params.id, body.student_id),
  }));
  route(ROUTES.faceQueue, async ({ auth, params }) => ({ result: await s.media.faceQueue(auth, params.id) }));
  route(ROUTES.faceDecide, async ({ auth, body }) => ({
    result: await s.media.decideFace(auth, body),
    message: MEDIA_MESSAGES.faceDecided,
  }));
  route(ROUTES.mediaUsage, async ({ auth }) => ({ result: await s.media.usage(auth) }));
  route(ROUTES.mediaConsumption, async ({ auth, params }) => ({ result: await s.media.consumption(auth, params.id) }));
  route(ROUTES.mediaQuotaExtend, async ({ auth, params, body }) => ({
    result: await s.media.requestQuota(auth, params.id, body),
    message: MEDIA_MESSAGES.quotaRequested,
  }));
  route(ROUTES.mediaQuotaRequests, async ({ auth }) => ({ result: await s.media.quotaRequests(auth) }));
  route(ROUTES.mediaQuotaDecide, async ({ auth, params, body }) => ({
    result: await s.media.decideQuota(auth, params.id, body.decision),
    message: MEDIA_MESSAGES.quotaDecided,
  }));
  route(ROUTES.childMedia, async ({ auth, params, query, headers }) => ({
    result: await s.media.childMedia(auth, params.id, query.page ?? headers.pagenumber, query),
  }));
}
