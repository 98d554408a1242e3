import type { CSSProperties, ReactNode } from 'react';

/**
 * Long text in a table cell (a remark, an address, a user agent): at most `width` px wide and
 * `lines` lines high, the rest cut with an ellipsis and the whole text on hover. The column keeps
 * its width however long the text, so a wide table still fits the screen. (Screen readers read the
 * whole text: it is only hidden to the eye.)
 */
export function ClippedText({
  text,
  width = 200,
  lines = 1,
  mono = false,
}: {
  text: string | null | undefined;
  width?: number;
  lines?: number;
  mono?: boolean;
}) {
  if (!text) return null;
  const style: CSSProperties = { maxWidth: width, WebkitLineClamp: lines };
  return (
    <span className={mono ? 'cell-clip mono' : 'cell-clip'} style={style} title={text}>
      {text}
    </span>
  );
}

/**
 * Text that wraps within `width` px (anywhere, so an email or a code breaks too) instead of
 * widening its column: everything stays readable, on more lines.
 */
export function WrapText({
  children,
  width = 180,
  mono = false,
  secondary = false,
}: {
  children: ReactNode;
  width?: number;
  mono?: boolean;
  secondary?: boolean;
}) {
  const className = ['cell-wrap', mono ? 'mono' : '', secondary ? 'cell-secondary' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <span className={className} style={{ maxWidth: width }}>
      {children}
    </span>
  );
}
