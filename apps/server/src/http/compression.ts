import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers smaller than this go out as they are: below about a kilobyte the saving is a few hundred
 * bytes, which costs more CPU than the wire time it buys (most envelopes are that small).
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * What is worth compressing: JSON (envelopes, the OpenAPI document, the web manifest), text, HTML,
 * CSS, JavaScript and SVG. Pictures (PNG, JPEG) are compressed already, and `octet-stream`, which
 * the plugin compresses by default, is left alone for the same reason.
 */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)|application\/(?:json|javascript|[\w.-]+\+json)(?:;|$)|image\/svg\+xml)/u;

/**
 * Compresses HTTP answers of every route registered after this call: brotli at quality 4 (the
 * cost of 11 is for files compressed once at build, as the web app's are) or gzip, whichever the
 * client accepts. The web app's files are served precompressed by web-app.ts, which the plugin sees
 * (`content-encoding` set) and passes through. The live socket is not a Fastify route (the gateway
 * takes the upgrade from the HTTP server itself) and runs without permessage-deflate, so nothing here
 * touches it. Request bodies are not decompressed: clients send small forms, and a request
 * `content-encoding` is no part of the API.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    globalCompression: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    customTypes: COMPRESSIBLE,
  });
}
