import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createRng } from '../markets/index.js';
import { CAPTCHA_ALPHABET, CAPTCHA_LENGTH } from './captcha.js';
import {
  CAPTCHA_HEIGHT,
  CAPTCHA_WIDTH,
  densify,
  glyphOutline,
  rasterize,
  type Stroke,
} from './captcha-image.js';
import { encodePng } from './png.js';
import { LookupAttack } from './testing/captcha-attack.js';
import { get, withIdentity } from './testing/client.js';

/**
 * Issue 42, section 4, item 1: the captcha a lookup table solved. The attacker learns from solved
 * draws (it knows their answers), then reads fresh ones. Every random choice, the attacker's
 * answers and the server's drawing alike, comes from a fixed seed, so the counts are the same on
 * every run.
 */

const LEARNED = 200;
const TRIED = 200;

/** The answers the attacker sees, from its own seed. */
function answers(seed: number): () => string {
  const rng = createRng(seed);
  return () => {
    let text = '';
    for (let i = 0; i < CAPTCHA_LENGTH; i++) {
      text += CAPTCHA_ALPHABET[Math.floor(rng.next() * CAPTCHA_ALPHABET.length)];
    }
    return text;
  };
}

/** The same glyphs with nothing random: fixed slots, one size, one ink, a plain background. */
function undistorted(text: string): string {
  const strokes: Stroke[] = [];
  [...text].forEach((ch, i) => {
    for (const line of glyphOutline(ch)) {
      const points = line.map((v, k) => (k % 2 === 0 ? 13 + 26 * i + v * 2 : 9 + v * 2));
      strokes.push({ points: densify(points), width: 3, colour: [30, 30, 30] });
    }
  });
  const background = new Uint8Array(CAPTCHA_WIDTH * CAPTCHA_HEIGHT * 3).fill(240);
  const png = encodePng(rasterize({ width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT, background, strokes }));
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** How many of TRIED fresh draws the attacker reads after learning LEARNED solved ones. */
async function attack(draw: (text: string) => Promise<string> | string, seed: number): Promise<number> {
  const answer = answers(seed);
  const attack = new LookupAttack();
  for (let i = 0; i < LEARNED; i++) {
    const text = answer();
    attack.learn(await draw(text), text);
  }
  let solved = 0;
  for (let i = 0; i < TRIED; i++) {
    const text = answer();
    if (attack.solve(await draw(text), text.length) === text) solved += 1;
  }
  return solved;
}

let t: TestServer;
let nextAnswer = '';
let served = 0;

beforeAll(async () => {
  const drawing = createRng(77);
  t = await startTestServer({
    // Behind a trusted proxy, so the draws come from several addresses (captchas are capped per address).
    env: { TRUST_PROXY: 'true' },
    overrides: withIdentity({ captchaText: () => nextAnswer, captchaRandom: () => drawing.next() }),
  });
});
afterAll(async () => {
  await t?.close();
});

/** A captcha from the server with a known answer (the test seam), as its data: URL. */
async function servedCaptcha(text: string): Promise<string> {
  nextAnswer = text;
  const from = `10.42.${Math.floor(served++ / 100)}.1`;
  const res = await get(t.baseUrl, '/api/user/captcha', {}, { headers: { 'x-forwarded-for': from } });
  expect(res.body.code).toBe(1);
  return (res.body.data as { b64s: string }).b64s;
}

describe('the lookup attack on the captcha', () => {
  it('reads an undistorted picture of the same glyphs nearly always, so the attack is real', async () => {
    const solved = await attack(undistorted, 1);
    expect(solved, `${solved} of ${TRIED} solved`).toBeGreaterThanOrEqual(TRIED * 0.95);
  });

  it(`fails on the served captcha: under 5% of ${TRIED} fresh draws after learning ${LEARNED}`, async () => {
    const solved = await attack(servedCaptcha, 2);
    expect(solved, `${solved} of ${TRIED} solved`).toBeLessThan(TRIED * 0.05);
  }, 120_000);
});
