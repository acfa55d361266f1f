import type { FastifyRequest } from 'fastify';
import { HttpError, badRequest } from '../../lib/errors';
import { PDF_MAX_BYTES, prepareUpload, UPLOAD_MESSAGES, type PreparedFile } from './uploads.service';

/** What a part that reads uploads lets in: one file, cut off above the PDF limit while it arrives. */
export const UPLOAD_LIMITS = { fileSize: PDF_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 };

/**
 * The one file of a multipart request (field `file`), checked and prepared for storing: its
 * content decides its kind (an image re-encoded, a PDF as it is), never its name. Every way a
 * request can fail to carry one is a 400 that says so.
 */
export async function receiveUpload(request: FastifyRequest): Promise<{ file: PreparedFile; filename: string }> {
  if (!request.isMultipart()) throw badRequest(UPLOAD_MESSAGES.noFile);
  let bytes: Buffer;
  let filename: string;
  try {
    const part = await request.file();
    if (!part) throw badRequest(UPLOAD_MESSAGES.noFile);
    if (part.fieldname !== 'file') throw badRequest(UPLOAD_MESSAGES.noFile);
    bytes = await part.toBuffer();
    filename = part.filename;
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(UPLOAD_MESSAGES.tooLarge);
    if (err instanceof HttpError) throw err;
    // Busboy's own complaints (a cut-off body, a broken boundary) and the other limits.
    throw badRequest(UPLOAD_MESSAGES.malformed);
  }
  return { file: await prepareUpload(bytes), filename };
}
