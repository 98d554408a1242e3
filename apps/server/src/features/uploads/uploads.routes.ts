import multipart from '@fastify/multipart';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_MB, type UploadResult } from '@meridian/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import type { Translator } from '../../i18n/translator.js';
import { requireOperator } from '../funding/admin-auth.js';
import { defineProtectedRoute } from '../identity/auth.js';
import { tokenFromHeader } from '../identity/sessions.js';
import { IMAGE_PATH, type StoredPicture, type UploadService } from './uploads.service.js';

const KeyParams = z.object({ key: z.string().max(64) });
const SignedQuery = z.object({ exp: z.string().max(20).optional(), sig: z.string().max(64).optional() });

export async function registerUploadRoutes(
  app: FastifyInstance,
  translator: Translator,
  uploads: UploadService,
  adminToken: string | undefined,
): Promise<void> {
  // One file per request; the byte limit is enforced while streaming, before anything is stored.
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 11 } });

  defineProtectedRoute(app, translator, {
    method: 'POST',
    url: '/api/common/image_upload',
    access: 'real',
    handler: async ({ request, user }): Promise<UploadResult> => {
      const bytes = await readSingleFile(request);
      return uploads.store(user.userId, bytes);
    },
  });

  // The owner's <img> comes with a signature; a client may also send its session instead.
  app.get(`${IMAGE_PATH}/:key`, async (request, reply) => {
    const { key } = KeyParams.parse(request.params);
    const { exp, sig } = SignedQuery.parse(request.query);
    const picture = await uploads.read(key);
    if (!picture) throw new AppError('not_found');
    if (!uploads.verifySignature(key, exp, sig)) {
      const token = tokenFromHeader(request.headers.authorization);
      const sessions = request.server.identitySessions;
      const user = token && sessions ? await sessions.resolve(token) : null;
      // Someone else's picture answers exactly like a missing one: no hint that the key exists.
      if (!user || user.userId !== picture.userId) throw new AppError('not_found');
    }
    return sendPicture(reply, picture);
  });

  app.get('/api/admin/uploads/:key', async (request, reply) => {
    requireOperator(request, adminToken);
    const { key } = KeyParams.parse(request.params);
    const picture = await uploads.read(key);
    if (!picture) throw new AppError('not_found');
    return sendPicture(reply, picture);
  });
}

async function readSingleFile(request: FastifyRequest): Promise<Buffer> {
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
