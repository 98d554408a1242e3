import { ServerMessage } from '@meridian/contract';
import { config } from 'zod';
import type { MessageParser } from './socket';

// zod 4 compiles object parsers with `new Function` when eval is allowed, and probes for it first;
// the server's CSP forbids eval, so the probe only logs a CSP violation in the console (Lighthouse's
// best practices count it). The interpreted parser is plenty fast for a few messages a second.
config({ jitless: true });

/**
 * The live protocol's parser, in a module of its own so that it (and zod) loads beside the first
 * screen, not before it: lib/services hands the socket client a promise of it.
 */
export const parseServerMessage: MessageParser = (value) => {
  const parsed = ServerMessage.safeParse(value);
  return parsed.success ? parsed.data : null;
};
