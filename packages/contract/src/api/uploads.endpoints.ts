import { PictureBytes, PictureKey, PictureQuery, UploadResult } from '../funding.js';
import { defineEndpoints } from './endpoint.js';
import { NoInput } from './no-input.js';
import { uploadsRoutes } from './uploads.routes.js';

export const uploadsEndpoints = defineEndpoints('uploads', uploadsRoutes, {
  imageUpload: {
    request: NoInput,
    response: UploadResult,
    summary:
      'Upload one picture (JPEG, PNG or WebP) under the field `file`; it is re-encoded without its metadata.',
    errors: [
      'unsupported_media_type',
      'image_invalid',
      'image_too_large',
      'image_too_many_pixels',
      'upload_rate_limited',
    ],
  },
  picture: {
    request: PictureQuery,
    response: PictureBytes,
    summary: "A picture, to its owner: with the upload's signed link, or with the owner's session.",
    errors: ['not_found'],
  },
  adminPicture: {
    request: PictureKey,
    response: PictureBytes,
    summary: 'Any uploaded picture, to the operator.',
    errors: [],
  },
});
