/** Turns a session token into its user. The identity feature provides the real one. */
export interface SessionVerifier {
  verify(token: string): Promise<string | null>;
}

/** Until identity exists no token is valid, so login answers 999 (session expired). */
export const rejectAllSessions: SessionVerifier = {
  verify: async () => null,
};
