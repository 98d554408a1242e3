import { randomBytes } from 'node:crypto';
import type { RgbImage } from './png.js';

/**
 * The login and registration captcha as pixels. Each digit is a stroke outline (a 10×16 box) that
 * every draw turns, scales, shears and moves on its own, thickens at random, bends with a wave across
 * the whole picture, and crosses with strokes of the same ink; speckles and a textured background
 * finish it. A fixed picture per digit (what the SVG captcha was: one path per digit, the same every
 * time) is solved by a lookup table; here no two draws of a digit share their pixels, so the table
 * an attacker builds from solved draws does not match the next one (captcha-attack.test.ts).
 *
 * Public API: `drawCaptcha(text, random)` → RgbImage; `randomScene` and `rasterize` for tests.
 */

/** Uniform in [0, 1). */
export type Random = () => number;

export type Rgb = readonly [number, number, number];

/** A polyline stroked with round caps and joins; a single point is a dot. */
export interface Stroke {
  /** x0, y0, x1, y1, ... in pixels. */
  points: readonly number[];
  width: number;
  colour: Rgb;
}

export interface CaptchaScene {
  width: number;
  height: number;
  /** RGB per pixel, drawn under the strokes. */
  background: Uint8Array;
  strokes: readonly Stroke[];
}

export const CAPTCHA_WIDTH = 150;
export const CAPTCHA_HEIGHT = 50;

/** Digits as outlines in a 10×16 box; 0 and 1 are left out because they look like O and l. */
export const GLYPHS: Readonly<Record<string, string>> = {
  '2': 'M1 4 Q5 -1 9 4 Q9 7 1 16 L9 16',
  '3': 'M1 2 L9 2 L4 7 Q10 8 9 12 Q6 17 1 14',
  '4': 'M7 16 L7 1 L1 11 L10 11',
  '5': 'M9 1 L2 1 L1 7 Q9 5 9 11 Q8 16 1 14',
  '6': 'M8 1 Q1 4 1 11 Q1 16 5 16 Q9 16 9 11 Q9 7 5 7 Q2 7 1 10',
  '7': 'M1 1 L9 1 L4 16',
  '8': 'M5 8 Q1 6 2 3 Q5 -1 8 3 Q9 6 5 8 Q0 10 1 13 Q5 18 9 13 Q10 10 5 8 Z',
  '9': 'M9 6 Q8 9 5 9 Q1 9 1 5 Q1 1 5 1 Q9 1 9 6 L8 16',
};

/** A glyph's outline as polylines (its subpaths), curves flattened, in the 10×16 box. */
export function glyphOutline(ch: string): number[][] {
  const path = GLYPHS[ch];
  if (!path) throw new RangeError(`No captcha glyph for "${ch}"`);
  const tokens = path.match(/[MLQZ]|-?\d*\.?\d+/g) ?? [];
  const lines: number[][] = [];
  let line: number[] = [];
  let i = 0;
  const num = () => Number(tokens[i++]);
  while (i < tokens.length) {
    const op = tokens[i++];
    if (op === 'M') {
      if (line.length > 2) lines.push(line);
      line = [num(), num()];
    } else if (op === 'L') {
      line.push(num(), num());
    } else if (op === 'Q') {
      const [x0 = 0, y0 = 0] = line.slice(-2);
      const cx = num();
      const cy = num();
      const x1 = num();
      const y1 = num();
      for (let s = 1; s <= 8; s++) {
        const t = s / 8;
        const u = 1 - t;
        line.push(u * u * x0 + 2 * u * t * cx + t * t * x1, u * u * y0 + 2 * u * t * cy + t * t * y1);
      }
    } else if (op === 'Z') {
      line.push(line[0] ?? 0, line[1] ?? 0);
    }
  }
  if (line.length > 2) lines.push(line);
  return lines;
}

/** Splits every segment longer than `step` pixels, so a warp applied to the points bends it. */
export function densify(points: readonly number[], step = 1.5): number[] {
  const out = [points[0] ?? 0, points[1] ?? 0];
  for (let i = 2; i + 1 < points.length; i += 2) {
    const x0 = points[i - 2] ?? 0;
    const y0 = points[i - 1] ?? 0;
    const x1 = points[i] ?? 0;
    const y1 = points[i + 1] ?? 0;
    const n = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) / step));
    for (let s = 1; s <= n; s++) out.push(x0 + ((x1 - x0) * s) / n, y0 + ((y1 - y0) * s) / n);
  }
  return out;
}

/** A source of randomness from the operating system's generator, read in blocks (draws use ~10,000). */
export function cryptoRandom(): Random {
  let pool = randomBytes(0);
  let at = 0;
  return () => {
    if (at + 4 > pool.length) {
      pool = randomBytes(16_384);
      at = 0;
    }
    const value = pool.readUInt32LE(at) / 4_294_967_296;
    at += 4;
    return value;
  };
}

const between = (random: Random, min: number, max: number) => min + random() * (max - min);

function hsl(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** A dark ink of any hue: glyphs and the strokes across them share it, so colour tells them not apart. */
const ink = (random: Random): Rgb =>
  hsl(between(random, 0, 360), between(random, 0.35, 0.75), between(random, 0.18, 0.38));

function quadratic(x0: number, y0: number, cx: number, cy: number, x1: number, y1: number, steps: number) {
  const points: number[] = [];
  for (let s = 0; s <= steps; s++) {
    const t = s / steps;
    const u = 1 - t;
    points.push(u * u * x0 + 2 * u * t * cx + t * t * x1, u * u * y0 + 2 * u * t * cy + t * t * y1);
  }
  return points;
}

function texturedBackground(random: Random, width: number, height: number): Uint8Array {
  const top = hsl(between(random, 0, 360), between(random, 0.2, 0.5), between(random, 0.9, 0.96));
  const bottom = hsl(between(random, 0, 360), between(random, 0.2, 0.5), between(random, 0.88, 0.95));
  const pixels = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const t = y / (height - 1);
    for (let x = 0; x < width; x++) {
      const grain = (random() - 0.5) * 26;
      for (let c = 0; c < 3; c++) {
        const v = (top[c] ?? 0) * (1 - t) + (bottom[c] ?? 0) * t + grain;
        pixels[(y * width + x) * 3 + c] = Math.max(0, Math.min(255, Math.round(v)));
      }
    }
  }
  return pixels;
}

/** Everything random about one draw of `text`: where each glyph goes and how it is bent, and the clutter. */
export function randomScene(text: string, random: Random): CaptchaScene {
  const width = CAPTCHA_WIDTH;
  const height = CAPTCHA_HEIGHT;
  // One wave across the whole picture: no glyph keeps its straight lines.
  const ax = between(random, 1.5, 3);
  const ay = between(random, 1.5, 3);
  const fx = (2 * Math.PI) / between(random, 22, 40);
  const fy = (2 * Math.PI) / between(random, 30, 60);
  const px = between(random, 0, 2 * Math.PI);
  const py = between(random, 0, 2 * Math.PI);
  const warp = (points: readonly number[]) =>
    points.map((v, i) =>
      i % 2 === 0
        ? v + ax * Math.sin((points[i + 1] ?? 0) * fx + px)
        : v + ay * Math.sin((points[i - 1] ?? 0) * fy + py),
    );

  const clutter = (): Stroke => {
    const y0 = between(random, 5, height - 5);
    const y1 = between(random, 5, height - 5);
    const points = quadratic(
      -4,
      y0,
      between(random, 30, width - 30),
      between(random, -15, height + 15),
      width + 4,
      y1,
      40,
    );
    return { points: warp(points), width: between(random, 1.2, 2.2), colour: ink(random) };
  };
  const strokes: Stroke[] = [clutter(), clutter()];

  const pitch = (width - 20) / Math.max(1, text.length);
  for (const [i, ch] of [...text].entries()) {
    const scale = between(random, 1.55, 1.95);
    const sx = scale * between(random, 0.8, 1.2);
    const sy = scale * between(random, 0.85, 1.15);
    const angle = (between(random, -24, 24) * Math.PI) / 180;
    const shear = between(random, -0.28, 0.28);
    const cx = 10 + pitch * (i + 0.5) + between(random, -3.5, 3.5);
    const cy = height / 2 + between(random, -4, 4);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const colour = ink(random);
    const strokeWidth = between(random, 2.2, 3.6);
    const lines = glyphOutline(ch).map((line) => {
      const placed: number[] = [];
      for (let k = 0; k + 1 < line.length; k += 2) {
        // Centred on the box, sheared, scaled, turned, then moved into its slot.
        const gx = ((line[k] ?? 0) - 5 + shear * ((line[k + 1] ?? 0) - 8)) * sx;
        const gy = ((line[k + 1] ?? 0) - 8) * sy;
        placed.push(cx + gx * cos - gy * sin, cy + gx * sin + gy * cos);
      }
      return placed;
    });
    // Pushed back inside the picture when the turn or the jitter took a part of it out.
    const margin = strokeWidth / 2 + Math.max(ax, ay) + 1;
    const [dx, dy] = [0, 1].map((axis) => {
      const values = lines.flatMap((l) => l.filter((_, k) => k % 2 === axis));
      const size = axis === 0 ? width : height;
      const low = Math.min(...values) - margin;
      const high = Math.max(...values) + margin;
      return low < 0 ? -low : high > size ? size - high : 0;
    });
    for (const placed of lines) {
      const moved = placed.map((v, k) => v + (k % 2 === 0 ? (dx ?? 0) : (dy ?? 0)));
      strokes.push({ points: warp(densify(moved)), width: strokeWidth, colour });
    }
  }

  // Over the glyphs: one more long stroke, short glyph-like arcs, and speckles.
  strokes.push(clutter());
  for (let i = 0; i < 3; i++) {
    const x = between(random, 5, width - 5);
    const y = between(random, 5, height - 5);
    const len = between(random, 8, 16);
    const a = between(random, 0, 2 * Math.PI);
    const points = quadratic(
      x,
      y,
      x + between(random, -8, 8),
      y + between(random, -8, 8),
      x + len * Math.cos(a),
      y + len * Math.sin(a),
      12,
    );
    strokes.push({ points: warp(points), width: between(random, 1.8, 3.2), colour: ink(random) });
  }
  const dots = 70 + Math.floor(random() * 50);
  for (let i = 0; i < dots; i++) {
    strokes.push({
      points: [between(random, 0, width), between(random, 0, height)],
      width: between(random, 1, 2.8),
      colour: random() < 0.6 ? ink(random) : hsl(between(random, 0, 360), 0.5, between(random, 0.45, 0.7)),
    });
  }
  return { width, height, background: texturedBackground(random, width, height), strokes };
}

/** Paints the strokes over the background, antialiased by each pixel's distance to the stroke. */
export function rasterize(scene: CaptchaScene): RgbImage {
  const { width, height } = scene;
  const pixels = Uint8Array.from(scene.background);
  const cover = new Float32Array(width * height);
  for (const stroke of scene.strokes) {
    const half = stroke.width / 2;
    const pts = stroke.points;
    const segments = Math.max(1, pts.length / 2 - 1);
    let minX = width;
    let minY = height;
    let maxX = -1;
    let maxY = -1;
    for (let s = 0; s < segments; s++) {
      const x0 = pts[s * 2] ?? 0;
      const y0 = pts[s * 2 + 1] ?? 0;
      const x1 = pts[s * 2 + 2] ?? x0;
      const y1 = pts[s * 2 + 3] ?? y0;
      const dx = x1 - x0;
      const dy = y1 - y0;
      const len2 = dx * dx + dy * dy;
      const left = Math.max(0, Math.floor(Math.min(x0, x1) - half - 1));
      const right = Math.min(width - 1, Math.ceil(Math.max(x0, x1) + half + 1));
      const top = Math.max(0, Math.floor(Math.min(y0, y1) - half - 1));
      const bottom = Math.min(height - 1, Math.ceil(Math.max(y0, y1) + half + 1));
      for (let y = top; y <= bottom; y++) {
        for (let x = left; x <= right; x++) {
          const qx = x + 0.5 - x0;
          const qy = y + 0.5 - y0;
          const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, (qx * dx + qy * dy) / len2));
          const d = Math.hypot(qx - t * dx, qy - t * dy);
          const c = Math.min(1, half + 0.5 - d);
          const at = y * width + x;
          if (c > (cover[at] ?? 0)) cover[at] = c;
        }
      }
      if (right >= left && bottom >= top) {
        minX = Math.min(minX, left);
        maxX = Math.max(maxX, right);
        minY = Math.min(minY, top);
        maxY = Math.max(maxY, bottom);
      }
    }
    for (let y = minY; y <= maxY; y++) {
      for (let x = minX; x <= maxX; x++) {
        const alpha = cover[y * width + x] ?? 0;
        if (alpha <= 0) continue;
        cover[y * width + x] = 0;
        for (let c = 0; c < 3; c++) {
          const at = (y * width + x) * 3 + c;
          pixels[at] = Math.round((pixels[at] ?? 0) * (1 - alpha) + (stroke.colour[c] ?? 0) * alpha);
        }
      }
    }
  }
  return { width, height, pixels };
}

/** One fresh picture of `text`. */
export function drawCaptcha(text: string, random: Random): RgbImage {
  return rasterize(randomScene(text, random));
}
