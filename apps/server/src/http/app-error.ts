import { ERRORS, type ErrorKey } from '@meridian/contract';
import type { MessageParams } from '../i18n/translator.js';

/**
 * The one error type services throw. The key names an entry of the contract's catalogue, which
 * fixes the envelope code and the HTTP status; `params` fill the translated message.
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: number;
  readonly status: number;

  constructor(
    readonly key: ErrorKey,
    readonly params?: MessageParams,
    readonly data: unknown = null,
  ) {
    super(key);
    this.code = ERRORS[key].code;
    this.status = ERRORS[key].status;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
