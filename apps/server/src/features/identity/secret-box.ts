import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Authenticated encryption (AES-256-GCM) of the authenticator secrets at rest: a copy of the
 * `two_factor` table alone (a backup, a query gone wrong) gives nobody the codes. The key is the
 * identity feature's seeded setting (`two_factor_key`), the same on every node of a deployment.
 *
 * Sealed form: `v1.<key id>.<iv>.<tag>.<ciphertext>`, base64url parts; the key id (a digest of the
 * key) makes a wrong key fail with a clear message instead of a bare authentication error.
 */
export class SecretBox {
  private readonly key: Buffer;
  readonly keyId: string;

  constructor(keyMaterial: string) {
    if (keyMaterial.length < 32) throw new RangeError('The secret-box key must have at least 32 characters');
    this.key = createHash('sha256').update(`meridian-2fa:${keyMaterial}`).digest();
    this.keyId = createHash('sha256').update(this.key).digest('hex').slice(0, 8);
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [
      'v1',
      this.keyId,
      iv.toString('base64url'),
      tag.toString('base64url'),
      body.toString('base64url'),
    ].join('.');
  }

  open(sealed: string): string {
    const [version, keyId, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || iv === undefined || tag === undefined || body === undefined) {
      throw new Error('Not a sealed secret');
    }
    if (keyId !== this.keyId)
      throw new Error(`Sealed with key ${keyId}, not this deployment's ${this.keyId}`);
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}
