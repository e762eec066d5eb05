import { ACCOUNT_MESSAGES, PROFILE_PICTURE_MAX_BYTES } from '@cue/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../errors.js';

/** Reads the one file of a multipart request, sent in the named field. */
export async function readUpload(req: FastifyRequest, field: string): Promise<{ bytes: Buffer; mimetype: string }> {
  if (!req.isMultipart()) throw badRequest(`Send the image as multipart/form-data in the field ${field}`, undefined, field);
  const file = await req.file({ limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1 } });
  if (!file || file.fieldname !== field) throw badRequest(ACCOUNT_MESSAGES.fileMissing, undefined, field);
  try {
    return { bytes: await file.toBuffer(), mimetype: file.mimetype };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, ACCOUNT_MESSAGES.imageTooLarge, 'FILE_TOO_LARGE');
    throw err;
  }
}
