import multipart from '@fastify/multipart';
import { endpoints, UPLOAD_MAX_BYTES, UPLOAD_MAX_MB } from '@meridian/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { optionalUser } from '../../http/auth.js';
import { defineRoute, type RouteHost } from '../../http/route.js';
import type { StoredPicture, UploadService } from './uploads.service.js';

export async function registerUploadRoutes(host: RouteHost, uploads: UploadService): Promise<void> {
  // One file per request; the byte limit is enforced while streaming, before anything is stored.
  await host.app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 11 },
  });

  defineRoute(host, endpoints.imageUpload, async ({ request, user }) =>
    uploads.store(user.userId, await readSingleFile(request)),
  );

  // Open to visitors because an <img> cannot send the session: the owner's link carries a
  // signature; without a valid one, the owner's session (a client that can send it) will do.
  defineRoute(host, endpoints.picture, async ({ input, request, reply }) => {
    const picture = await uploads.read(input.key);
    if (!picture) throw new AppError('not_found');
    if (!uploads.verifySignature(input.key, input.exp, input.sig)) {
      const user = await optionalUser(request);
      // Someone else's picture answers exactly like a missing one: no hint that the key exists.
      if (!user || user.userId !== picture.userId) throw new AppError('not_found');
    }
    return sendPicture(reply, picture);
  });

  defineRoute(host, endpoints.adminPicture, async ({ input, reply }) => {
    const picture = await uploads.read(input.key);
    if (!picture) throw new AppError('not_found');
    return sendPicture(reply, picture);
  });
}

/** The one file of a multipart request (field `file`), refused past UPLOAD_MAX_BYTES. */
export async function readSingleFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type');
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file();
  } catch {
    throw new AppError('image_invalid');
  }
  if (!part) throw new AppError('image_invalid');
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('image_too_large', { max: UPLOAD_MAX_MB });
    }
    throw error;
  }
}

function sendPicture(reply: FastifyReply, picture: StoredPicture): FastifyReply {
  return reply
    .header('content-type', picture.contentType)
    .header('cache-control', 'private, max-age=3600')
    .header('content-disposition', 'inline')
    .header('x-content-type-options', 'nosniff')
    .send(picture.bytes);
}
