/** Only http(s) addresses become links: a stored `javascript:` URL must never be clickable. */
export function safeWebUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** A plain address for a mailto: link, or null when it does not look like one. */
export function safeEmail(email: string): string | null {
  return /^[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[^\s@<>()"',;:]+$/.test(email) ? email : null;
}
