/**
 * The name the public board shows for a trader: enough for the trader to recognise themselves,
 * never enough to contact them. An e-mail keeps its first character and its domain
 * ("j***@example.com"); a phone number only its last three digits ("***123"); anything else the
 * public account number.
 */
export function publicName(user: { uid: string; email: string | null; mobile: string | null }): string {
  const email = user.email?.trim() ?? '';
  const at = email.lastIndexOf('@');
  if (at > 0) return `${Array.from(email)[0]}***${email.slice(at)}`;
  const mobile = user.mobile?.replace(/\D/g, '') ?? '';
  if (mobile.length >= 3) return `***${mobile.slice(-3)}`;
  return user.uid;
}
