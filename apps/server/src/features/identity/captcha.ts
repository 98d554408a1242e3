import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Captcha } from '@meridian/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { deleteCaptchasExpiredBefore, insertCaptcha, spendCaptcha } from './captcha.repository.js';
import type { Clock } from './clock.js';

export const CAPTCHA_TTL_MS = 5 * 60_000;
export const CAPTCHA_LENGTH = 5;

/**
 * Digits drawn as strokes in a 10×16 box. Outlines rather than SVG <text>, so the answer is not
 * sitting in the image's source; 0 and 1 are left out because they look like O and l.
 */
const GLYPHS: Record<string, string> = {
  '2': 'M1 4 Q5 -1 9 4 Q9 7 1 16 L9 16',
  '3': 'M1 2 L9 2 L4 7 Q10 8 9 12 Q6 17 1 14',
  '4': 'M7 16 L7 1 L1 11 L10 11',
  '5': 'M9 1 L2 1 L1 7 Q9 5 9 11 Q8 16 1 14',
  '6': 'M8 1 Q1 4 1 11 Q1 16 5 16 Q9 16 9 11 Q9 7 5 7 Q2 7 1 10',
  '7': 'M1 1 L9 1 L4 16',
  '8': 'M5 8 Q1 6 2 3 Q5 -1 8 3 Q9 6 5 8 Q0 10 1 13 Q5 18 9 13 Q10 10 5 8 Z',
  '9': 'M9 6 Q8 9 5 9 Q1 9 1 5 Q1 1 5 1 Q9 1 9 6 L8 16',
};
export const CAPTCHA_ALPHABET = Object.keys(GLYPHS).join('');

export function randomCaptchaText(): string {
  let text = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

const WIDTH = 120;
const HEIGHT = 40;

function between(min: number, max: number): number {
  return min + (randomInt(0, 10_000) / 10_000) * (max - min);
}

function colour(): string {
  return `hsl(${randomInt(0, 360)} ${randomInt(45, 75)}% ${randomInt(25, 40)}%)`;
}

/** An SVG picture of `text`: each glyph shifted, scaled and turned at random, over noise curves. */
export function renderCaptchaSvg(text: string): string {
  const parts: string[] = [];
  for (let i = 0; i < 4; i++) {
    const y1 = between(5, HEIGHT - 5);
    const y2 = between(5, HEIGHT - 5);
    parts.push(
      `<path d="M0 ${y1.toFixed(1)} Q${between(30, 90).toFixed(1)} ${between(0, HEIGHT).toFixed(1)} ${WIDTH} ${y2.toFixed(1)}" stroke="${colour()}" stroke-width="1" fill="none" opacity="0.6"/>`,
    );
  }
  [...text].forEach((ch, i) => {
    const glyph = GLYPHS[ch];
    if (!glyph) throw new RangeError(`No captcha glyph for "${ch}"`);
    const scale = between(1.5, 1.9);
    const x = 10 + i * 21 + between(-2, 2);
    const y = between(3, HEIGHT - 16 * scale - 3);
    const angle = between(-18, 18);
    parts.push(
      `<path d="${glyph}" transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${angle.toFixed(1)} 5 8) scale(${scale.toFixed(2)})" stroke="${colour()}" stroke-width="${(2.2 / scale).toFixed(2)}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`,
    );
  });
  for (let i = 0; i < 30; i++) {
    parts.push(
      `<circle cx="${between(0, WIDTH).toFixed(1)}" cy="${between(0, HEIGHT).toFixed(1)}" r="${between(0.5, 1.4).toFixed(1)}" fill="${colour()}"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="100%" height="100%" fill="#f4f6f8"/>${parts.join('')}</svg>`;
}

function hashAnswer(id: string, answer: string): Buffer {
  return createHash('sha256').update(`${id}|${answer.trim().toUpperCase()}`).digest();
}

/** Image captchas for verify_reg_type 2: stored hashed, valid 5 minutes, spent by the first answer. */
export class Captchas {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly text: () => string = randomCaptchaText,
  ) {}

  async create(): Promise<Captcha> {
    const id = randomBytes(16).toString('base64url');
    const answer = this.text();
    await insertCaptcha(this.db, {
      id,
      answerHash: hashAnswer(id, answer).toString('hex'),
      expiresAt: this.clock.now() + CAPTCHA_TTL_MS,
    });
    const svg = renderCaptchaSvg(answer);
    return { id, b64s: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /** Spends the captcha whatever the answer, so one picture allows one guess. */
  async consume(id: string | undefined, answer: string): Promise<void> {
    if (!id) throw new AppError('captcha_invalid');
    const answerHash = await spendCaptcha(this.db, id, this.clock.now());
    if (answerHash === undefined) throw new AppError('captcha_invalid');
    const expected = Buffer.from(answerHash, 'hex');
    const given = hashAnswer(id, answer);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new AppError('captcha_invalid');
    }
  }

  async purge(): Promise<void> {
    await deleteCaptchasExpiredBefore(this.db, this.clock.now());
  }
}
