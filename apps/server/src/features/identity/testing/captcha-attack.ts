import { inflateSync } from 'node:zlib';

/**
 * The lookup attack on an image captcha, as a bot would mount it: collect solved draws (pictures
 * with their answers), cut each into one cell per character, learn a pixel template per character
 * from the cells, then read fresh pictures by matching every cell against the templates.
 *
 * The cells are normalised first, so the templates forgive what a fixed-glyph captcha varies
 * (where a glyph sits and how large it is): ink is found by a threshold (Otsu's), specks smaller
 * than a stroke are dropped, each cell is cropped to its ink and resampled to one grid.
 */

export interface Gray {
  width: number;
  height: number;
  /** Luminance 0..255, row by row. */
  values: Float32Array;
}

/** Reads an 8-bit RGB or RGBA PNG (any filter), as luminance. */
export function decodePng(png: Buffer): Gray {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let at = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || (data[9] !== 2 && data[9] !== 6)) throw new Error('only 8-bit RGB(A)');
      channels = data[9] === 2 ? 3 : 4;
    } else if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const rows = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const byte = raw[y * (stride + 1) + 1 + x] ?? 0;
      const a = x >= channels ? (rows[y * stride + x - channels] ?? 0) : 0;
      const b = y > 0 ? (rows[(y - 1) * stride + x] ?? 0) : 0;
      const c = x >= channels && y > 0 ? (rows[(y - 1) * stride + x - channels] ?? 0) : 0;
      let predicted = 0;
      if (filter === 1) predicted = a;
      else if (filter === 2) predicted = b;
      else if (filter === 3) predicted = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
        predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      rows[y * stride + x] = (byte + predicted) & 0xff;
    }
  }
  const values = new Float32Array(width * height);
  for (let i = 0; i < width * height; i++) {
    const r = rows[i * channels] ?? 0;
    const g = rows[i * channels + 1] ?? 0;
    const b = rows[i * channels + 2] ?? 0;
    values[i] = 0.299 * r + 0.587 * g + 0.114 * b;
  }
  return { width, height, values };
}

/** Otsu's threshold: the luminance that best splits the picture into ink and paper. */
function otsu(values: Float32Array): number {
  const histogram = new Array<number>(256).fill(0);
  for (const v of values) histogram[Math.min(255, Math.max(0, Math.round(v)))]! += 1;
  const total = values.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * (histogram[i] ?? 0);
  let below = 0;
  let sumBelow = 0;
  let best = 0;
  let threshold = 128;
  for (let i = 0; i < 256; i++) {
    below += histogram[i] ?? 0;
    if (below === 0 || below === total) continue;
    sumBelow += i * (histogram[i] ?? 0);
    const meanBelow = sumBelow / below;
    const meanAbove = (sum - sumBelow) / (total - below);
    const between = below * (total - below) * (meanBelow - meanAbove) ** 2;
    if (between > best) {
      best = between;
      threshold = i;
    }
  }
  return threshold;
}

/** Ink as 0/1 per pixel, without connected specks smaller than `minSpeck` pixels. */
function ink(image: Gray, minSpeck: number): Uint8Array {
  const { width, height, values } = image;
  const threshold = otsu(values);
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = (values[i] ?? 255) <= threshold ? 1 : 0;
  const seen = new Uint8Array(mask.length);
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    const component: number[] = [start];
    seen[start] = 1;
    for (let k = 0; k < component.length; k++) {
      const p = component[k] ?? 0;
      const x = p % width;
      for (const q of [p - 1, p + 1, p - width, p + width]) {
        if (q < 0 || q >= mask.length || seen[q] || !mask[q]) continue;
        if ((q === p - 1 && x === 0) || (q === p + 1 && x === width - 1)) continue;
        seen[q] = 1;
        component.push(q);
      }
    }
    if (component.length < minSpeck) for (const p of component) mask[p] = 0;
  }
  return mask;
}

const GRID_W = 12;
const GRID_H = 16;

/** One cell's ink cropped to its bounding box and resampled (area average) to GRID_W × GRID_H. */
function normalisedCell(
  mask: Uint8Array,
  width: number,
  height: number,
  x0: number,
  x1: number,
): Float32Array {
  let left = x1;
  let right = x0 - 1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = x0; x < x1; x++) {
      if (!mask[y * width + x]) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  const cell = new Float32Array(GRID_W * GRID_H);
  if (right < left) return cell;
  const w = right - left + 1;
  const h = bottom - top + 1;
  for (let y = top; y <= bottom; y++) {
    for (let x = left; x <= right; x++) {
      if (!mask[y * width + x]) continue;
      const gx = Math.min(GRID_W - 1, Math.floor(((x - left) * GRID_W) / w));
      const gy = Math.min(GRID_H - 1, Math.floor(((y - top) * GRID_H) / h));
      cell[gy * GRID_W + gx]! += (GRID_W * GRID_H) / (w * h);
    }
  }
  return cell;
}

/**
 * Cuts a picture into `count` cells of equal width across the span its ink covers (the attacker
 * knows the answer's length) and normalises each.
 */
export function segment(png: Buffer, count: number, minSpeck = 12): Float32Array[] {
  const image = decodePng(png);
  const mask = ink(image, minSpeck);
  let first = image.width;
  let last = -1;
  for (let x = 0; x < image.width; x++) {
    for (let y = 0; y < image.height; y++) {
      if (mask[y * image.width + x]) {
        first = Math.min(first, x);
        last = Math.max(last, x);
      }
    }
  }
  if (last < first) [first, last] = [0, image.width - 1];
  const span = last - first + 1;
  return Array.from({ length: count }, (_, i) =>
    normalisedCell(
      mask,
      image.width,
      image.height,
      first + Math.floor((span * i) / count),
      first + Math.floor((span * (i + 1)) / count),
    ),
  );
}

/** Per-character templates: the mean of every training cell showing that character. */
export class TemplateSolver {
  private readonly sums = new Map<string, { sum: Float32Array; n: number }>();

  constructor(private readonly minSpeck = 12) {}

  learn(png: Buffer, answer: string): void {
    segment(png, answer.length, this.minSpeck).forEach((cell, i) => {
      const ch = answer[i] ?? '';
      const entry = this.sums.get(ch) ?? { sum: new Float32Array(cell.length), n: 0 };
      for (let k = 0; k < cell.length; k++) entry.sum[k]! += cell[k] ?? 0;
      entry.n += 1;
      this.sums.set(ch, entry);
    });
  }

  /** The nearest template (least squared difference) for each cell. */
  solve(png: Buffer, length: number): string {
    const templates = [...this.sums].map(([ch, { sum, n }]) => ({ ch, mean: sum.map((v) => v / n) }));
    return segment(png, length, this.minSpeck)
      .map((cell) => {
        let best = '';
        let bestDistance = Number.POSITIVE_INFINITY;
        for (const { ch, mean } of templates) {
          let d = 0;
          for (let k = 0; k < cell.length; k++) d += ((cell[k] ?? 0) - (mean[k] ?? 0)) ** 2;
          if (d < bestDistance) {
            bestDistance = d;
            best = ch;
          }
        }
        return best;
      })
      .join('');
  }
}

/**
 * The attack on whatever a server serves as `b64s`. A PNG gets the template attack above; an SVG
 * (the captcha this one replaced) is read from its source: each glyph is a path element whose `d`
 * is the same for a digit in every draw, so the templates are those strings, matched exactly.
 */
export class LookupAttack {
  private readonly pixels = new TemplateSolver();
  private readonly paths = new Map<string, string>();

  learn(dataUrl: string, answer: string): void {
    const picture = parseDataUrl(dataUrl);
    if (picture.type === 'image/png') {
      this.pixels.learn(picture.bytes, answer);
      return;
    }
    for (const [i, d] of glyphPaths(picture.bytes).entries()) this.paths.set(d, answer[i] ?? '');
  }

  solve(dataUrl: string, length: number): string {
    const picture = parseDataUrl(dataUrl);
    if (picture.type === 'image/png') return this.pixels.solve(picture.bytes, length);
    return glyphPaths(picture.bytes)
      .map((d) => this.paths.get(d) ?? '?')
      .join('');
  }
}

function parseDataUrl(url: string): { type: string; bytes: Buffer } {
  const match = /^data:([^;,]+);base64,(.*)$/.exec(url);
  if (!match) throw new Error(`not a base64 data: URL: ${url.slice(0, 40)}`);
  return { type: match[1] ?? '', bytes: Buffer.from(match[2] ?? '', 'base64') };
}

/** The SVG's glyphs: path elements placed with a transform, in drawing (left to right) order. */
function glyphPaths(svg: Buffer): string[] {
  return [...svg.toString('utf8').matchAll(/<path d="([^"]+)" transform=/g)].map((m) => m[1] ?? '');
}
