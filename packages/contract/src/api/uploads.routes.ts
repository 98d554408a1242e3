import type { PictureBytes, PictureKey, PictureQuery, UploadResult } from '../funding.js';
import type { NoInput } from './no-input.js';
import { realRoute, staffRoute, visitorRoute } from './route.js';

/**
 * Pictures traders upload (ID cards, payment proofs). The picture itself answers with its bytes:
 * to its owner through the signed link the upload returned (an <img> cannot send a session, so the
 * route is open and checks the signature, or else the owner's session, itself), and to the operator.
 */
export const uploadsRoutes = {
  imageUpload: realRoute<typeof NoInput, typeof UploadResult>('POST', '/api/common/image_upload', {
    encoding: 'multipart',
  }),
  picture: visitorRoute<typeof PictureQuery, typeof PictureBytes>('GET', '/api/common/image/:key', {
    answer: 'binary',
  }),
  adminPicture: staffRoute<typeof PictureKey, typeof PictureBytes>('GET', '/api/admin/uploads/:key', {
    answer: 'binary',
    roles: ['finance', 'compliance'],
    automation: true,
  }),
} as const;
