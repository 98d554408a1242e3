const DEVICE_KEY = 'meridian.device_id';

/** RFC 4122 v4 from getRandomValues: `crypto.randomUUID` only exists in secure contexts (https, localhost). */
function uuidFromRandomValues(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function newUuid(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : uuidFromRandomValues();
}

/**
 * The device id, created once and kept: demo login identifies the visitor by it, so losing it would
 * lose the demo account.
 */
export function deviceId(storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): string {
  const existing = storage.getItem(DEVICE_KEY);
  if (existing) return existing;
  const id = newUuid();
  storage.setItem(DEVICE_KEY, id);
  return id;
}
