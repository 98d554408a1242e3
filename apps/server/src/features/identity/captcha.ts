import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Captcha } from '@meridian/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { deleteCaptchasExpiredBefore, insertCaptcha, spendCaptcha } from './captcha.repository.js';
import { cryptoRandom, drawCaptcha, GLYPHS, type Random } from './captcha-image.js';
import type { Clock } from './clock.js';
import { encodePng } from './png.js';

export const CAPTCHA_TTL_MS = 5 * 60_000;
export const CAPTCHA_LENGTH = 5;

export const CAPTCHA_ALPHABET = Object.keys(GLYPHS).join('');

export function randomCaptchaText(): string {
  let text = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

/** The picture of `text` as a PNG data: URL (the contract's `b64s`), drawn afresh from `random`. */
export function captchaDataUrl(text: string, random: Random): string {
  return `data:image/png;base64,${encodePng(drawCaptcha(text, random)).toString('base64')}`;
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
    private readonly random: Random = cryptoRandom(),
  ) {}

  async create(): Promise<Captcha> {
    const id = randomBytes(16).toString('base64url');
    const answer = this.text();
    await insertCaptcha(this.db, {
      id,
      answerHash: hashAnswer(id, answer).toString('hex'),
      expiresAt: this.clock.now() + CAPTCHA_TTL_MS,
    });
    return { id, b64s: captchaDataUrl(answer, this.random) };
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
