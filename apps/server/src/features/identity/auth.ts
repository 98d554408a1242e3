import type { FastifyInstance } from 'fastify';
import { type SessionStore, tokenFromHeader } from './sessions.js';

/** Lets http/auth resolve session tokens through this feature's store. */
export function decorateAuth(app: FastifyInstance, sessions: SessionStore): void {
  app.identitySessions = {
    fromHeader: (header) => {
      const token = tokenFromHeader(header);
      return token === undefined ? Promise.resolve(null) : sessions.resolve(token);
    },
  };
}
