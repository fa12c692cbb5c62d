import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';

const VERSION = 'v1';
const SALT = 'canal-portal/secrets';

/**
 * Encrypts stored secrets (payment keys) with AES-256-GCM under a key from the environment (`SECRETS_KEY`),
 * so a copy of the database alone does not give them away. Each value is bound to its name (as associated
 * data): a ciphertext copied into another setting does not decrypt.
 */
export class SecretBox {
  private derived: Buffer | undefined;

  constructor(private readonly secret: string) {}

  /**
   * scrypt turns a passphrase into a key that is costly to guess; it runs once per process, when a secret is
   * first sealed or opened, not at start (two boxes made it about 100 ms of every start).
   */
  private get key(): Buffer | null {
    if (!this.secret) return null;
    this.derived ??= scryptSync(this.secret, SALT, 32);
    return this.derived;
  }

  /** False when no key is configured: secrets can then be neither stored nor read. */
  get available(): boolean {
    return this.secret !== '';
  }

  seal(name: string, plain: string): string {
    if (!this.key) throw new Error('SECRETS_KEY is not set');
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(name));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  /** The plain text, or null when the value was sealed under another key (or is damaged). */
  open(name: string, sealed: string): string | null {
    const parts = sealed.split('.');
    if (!this.key || parts.length !== 4 || parts[0] !== VERSION) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(parts[1]!, 'base64url'));
      decipher.setAAD(Buffer.from(name));
      decipher.setAuthTag(Buffer.from(parts[2]!, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(parts[3]!, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
