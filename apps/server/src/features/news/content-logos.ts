/**
 * Logos for articles and companies as small self-contained SVGs (no fonts or images fetched from
 * anywhere): a rounded coloured tile with a short mark. The files in apps/web/public/content/ are
 * written by tools/generate-content-logos.ts; a test checks the committed files match.
 */

const FONT = 'font-family="Arial, Helvetica, sans-serif" font-weight="700" text-anchor="middle"';

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The title is the article slug or company name: a label for assistive tech, not shown text. */
export function tileSvg(title: string, mark: string, color: string): string {
  const size = mark.length <= 1 ? 30 : mark.length === 2 ? 24 : 18;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">' +
    `<title>${escapeXml(title)}</title>` +
    `<rect width="64" height="64" rx="14" fill="${color}"/>` +
    `<text x="32" y="32" dy="0.35em" ${FONT} font-size="${size}" fill="#fff">${escapeXml(mark)}</text>` +
    '</svg>\n'
  );
}
