import { ServerMessage } from '@meridian/contract';
import type { MessageParser } from './socket';

/**
 * The live protocol's parser, in a module of its own so that it (and zod) loads beside the first
 * screen, not before it: lib/services hands the socket client a promise of it.
 */
export const parseServerMessage: MessageParser = (value) => {
  const parsed = ServerMessage.safeParse(value);
  return parsed.success ? parsed.data : null;
};
