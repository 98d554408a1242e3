import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * CSP for an app served from its own origin: scripts only from here; inline styles because
 * antd-mobile writes style attributes; data:/blob: images for avatars, uploads and captchas;
 * `'self'` in connect-src also covers ws:/wss: to this host in current browsers; frames may load
 * https pages because the customer-service chat embeds the operator's support link.
 * `upgrade-insecure-requests` is left out so a plain-http LAN install keeps working.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'https:'],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}
