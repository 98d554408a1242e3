import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.js';
import {
  base32Decode,
  base32Encode,
  generateTotpSecret,
  hotp,
  matchTotp,
  otpauthUrl,
  totpAt,
} from './totp.js';

const SHA1_SEED = Buffer.from('12345678901234567890');
const SHA256_SEED = Buffer.from('12345678901234567890123456789012');
const SHA512_SEED = Buffer.from('1234567890123456789012345678901234567890123456789012345678901234');

describe('HOTP and TOTP against the RFCs', () => {
  it('computes the RFC 4226 appendix D values', () => {
    expect(Array.from({ length: 10 }, (_, counter) => hotp(SHA1_SEED, counter))).toEqual([
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ]);
  });

  it('computes the RFC 6238 appendix B values (8 digits, SHA-1, SHA-256, SHA-512)', () => {
    const times = [59, 1111111109, 1111111111, 1234567890, 2000000000, 20000000000];
    const at = (seed: Buffer, algorithm: 'sha1' | 'sha256' | 'sha512') =>
      times.map((seconds) => hotp(seed, Math.floor(seconds / 30), 8, algorithm));
    expect(at(SHA1_SEED, 'sha1')).toEqual([
      '94287082',
      '07081804',
      '14050471',
      '89005924',
      '69279037',
      '65353130',
    ]);
    expect(at(SHA256_SEED, 'sha256')).toEqual([
      '46119246',
      '68084774',
      '67062674',
      '91819424',
      '90698825',
      '77737706',
    ]);
    expect(at(SHA512_SEED, 'sha512')).toEqual([
      '90693936',
      '25091201',
      '99943326',
      '93441116',
      '38618901',
      '47863826',
    ]);
  });

  it('gives the 6-digit code apps show for a base32 secret (the RFC seed, base32-encoded)', () => {
    const secret = base32Encode(SHA1_SEED);
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(totpAt(secret, 59_000)).toBe('287082');
    expect(totpAt(secret, 1111111109_000)).toBe('081804');
  });

  it('encodes and decodes base32 as RFC 4648 does, forgiving case, spaces and padding', () => {
    const cases: Array<[string, string]> = [
      ['', ''],
      ['f', 'MY'],
      ['fo', 'MZXQ'],
      ['foo', 'MZXW6'],
      ['foob', 'MZXW6YQ'],
      ['fooba', 'MZXW6YTB'],
      ['foobar', 'MZXW6YTBOI'],
    ];
    for (const [plain, encoded] of cases) {
      expect(base32Encode(Buffer.from(plain))).toBe(encoded);
      expect(base32Decode(encoded).toString()).toBe(plain);
    }
    expect(base32Decode('mzxw 6ytb oi======').toString()).toBe('foobar');
    expect(() => base32Decode('MZXW1')).toThrow(RangeError);
    expect(base32Decode(generateTotpSecret())).toHaveLength(20);
  });

  it('matches a code within one step either side of now, and nothing else', () => {
    const secret = base32Encode(SHA1_SEED);
    const now = 1111111111_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotp(secret, totpAt(secret, now), now)).toBe(step);
    expect(matchTotp(secret, totpAt(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(secret, totpAt(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchTotp(secret, totpAt(secret, now - 60_000), now)).toBeNull();
    for (const bad of ['', '12345', '1234567', 'abcdef', ' 123456'])
      expect(matchTotp(secret, bad, now)).toBeNull();
  });

  it('builds the otpauth URL authenticator apps read', () => {
    expect(otpauthUrl('Meridian', 'ann@example.com', 'ABC')).toBe(
      'otpauth://totp/Meridian:ann%40example.com?secret=ABC&issuer=Meridian&algorithm=SHA1&digits=6&period=30',
    );
  });
});

describe('SecretBox', () => {
  const box = new SecretBox('k'.repeat(40));

  it('seals so that only the same key opens, and never shows the secret', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => new SecretBox('x'.repeat(40)).open(sealed)).toThrow(/Sealed with key/);
  });

  it('refuses a tampered box', () => {
    const parts = box.seal('JBSWY3DPEHPK3PXP').split('.');
    const body = Buffer.from(parts[4] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[4] = body.toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => new SecretBox('short')).toThrow(RangeError);
  });
});
