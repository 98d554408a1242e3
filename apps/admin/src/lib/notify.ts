import { type App, message as staticMessage } from 'antd';
import { ApiError, STAFF_SESSION_EXPIRED } from '../api';

type MessageApi = ReturnType<typeof App.useApp>['message'];

/** The antd message API of the mounted app (it follows the theme); the static one until then. */
let bound: MessageApi | null = null;

export function bindMessages(api: MessageApi | null): void {
  bound = api;
}

function messages(): MessageApi {
  return bound ?? staticMessage;
}

/** What the user reads about a failure: the server's translated `msg` (plus field details). */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.details ? `${error.message} (${error.details})` : error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

function isCancel(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'AbortError' ||
      error.name === 'CancelledError' ||
      error.constructor.name === 'CancelledError')
  );
}

/**
 * Shows a failed call's message. The same text shows once at a time (a poll failing every 2 s
 * does not pile up toasts). An ended session says so on the sign-in page instead.
 */
export function showError(error: unknown): void {
  if (isCancel(error)) return;
  if (error instanceof ApiError && error.code === STAFF_SESSION_EXPIRED) return;
  const text = errorText(error);
  void messages().error({ content: text, key: `error:${text}`, duration: 6 });
}

export function showSuccess(text: string): void {
  void messages().success({ content: text, duration: 4 });
}

export function showInfo(text: string): void {
  void messages().info({ content: text, duration: 4 });
}
