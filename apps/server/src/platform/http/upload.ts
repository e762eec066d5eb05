import { ACCOUNT_MESSAGES, PROFILE_PICTURE_MAX_BYTES } from '@cue/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../errors.js';

export interface UploadedFile {
  bytes: Buffer;
  mimetype: string;
  filename: string;
}

/** Reads the one file of a multipart request, sent in the named field. */
export async function readUpload(
  req: FastifyRequest,
  field: string,
  maxBytes: number = PROFILE_PICTURE_MAX_BYTES,
  tooLarge: string = ACCOUNT_MESSAGES.imageTooLarge,
): Promise<UploadedFile> {
  if (!req.isMultipart()) throw badRequest(`Send the file as multipart/form-data in the field ${field}`, undefined, field);
  const file = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!file || file.fieldname !== field) throw badRequest(ACCOUNT_MESSAGES.fileMissing, undefined, field);
  try {
    return { bytes: await file.toBuffer(), mimetype: file.mimetype, filename: file.filename };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, tooLarge, 'FILE_TOO_LARGE');
    throw err;
  }
}
