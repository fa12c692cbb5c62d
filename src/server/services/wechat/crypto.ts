import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { AES_KEY } from '../../../shared/wechat.ts';

/**
 * The official account's message signatures and its "safe mode" encryption (WeChat's WXBizMsgCrypt):
 * AES-256-CBC with key = Base64(EncodingAESKey + "="), IV = the key's first 16 bytes, PKCS#7 padding to 32
 * bytes; plaintext = 16 random bytes + 4-byte big-endian length + message + AppID.
 */

/** sha1 of the parts sorted and joined, hex: `signature` (token, timestamp, nonce) and `msg_signature` (+ Encrypt). */
export function sha1Signature(...parts: string[]): string {
  return createHash('sha1').update([...parts].sort().join(''), 'utf8').digest('hex');
}

/** Compares a presented signature with the expected one in constant time. */
export function signatureMatches(presented: unknown, expected: string): boolean {
  if (typeof presented !== 'string') return false;
  const a = Buffer.from(presented.toLowerCase(), 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}


const BLOCK = 32;

export class WechatCryptoError extends Error {}

export class WechatCipher {
  private readonly key: Buffer;

  constructor(
    encodingAesKey: string,
    private readonly appId: string,
  ) {
    if (!AES_KEY.test(encodingAesKey)) throw new WechatCryptoError('the EncodingAESKey must be 43 letters and digits');
    this.key = Buffer.from(`${encodingAesKey}=`, 'base64');
  }

  /** Base64 ciphertext of a message; `random` is fixed only by tests against WeChat's published vector. */
  encrypt(message: string, random: Buffer = randomBytes(16)): string {
    const body = Buffer.from(message, 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    const plain = Buffer.concat([random, length, body, Buffer.from(this.appId, 'utf8')]);
    const pad = BLOCK - (plain.length % BLOCK);
    const cipher = createCipheriv('aes-256-cbc', this.key, this.key.subarray(0, 16));
    cipher.setAutoPadding(false);
    return Buffer.concat([cipher.update(Buffer.concat([plain, Buffer.alloc(pad, pad)])), cipher.final()]).toString('base64');
  }

  /** The message inside a Base64 ciphertext, checked to be addressed to this AppID. */
  decrypt(encrypted: string): string {
    let plain: Buffer;
    try {
      const decipher = createDecipheriv('aes-256-cbc', this.key, this.key.subarray(0, 16));
      decipher.setAutoPadding(false);
      plain = Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64')), decipher.final()]);
    } catch {
      throw new WechatCryptoError('the message cannot be decrypted with this EncodingAESKey');
    }
    const pad = plain[plain.length - 1] ?? 0;
    if (plain.length < 20 + pad || pad < 1 || pad > BLOCK) throw new WechatCryptoError('the message cannot be decrypted with this EncodingAESKey');
    const content = plain.subarray(16, plain.length - pad);
    const length = content.readUInt32BE(0);
    if (4 + length > content.length) throw new WechatCryptoError('the message cannot be decrypted with this EncodingAESKey');
    const appId = content.subarray(4 + length).toString('utf8');
    if (appId !== this.appId) throw new WechatCryptoError(`the message is addressed to AppID ${appId}, not ${this.appId}`);
    return content.subarray(4, 4 + length).toString('utf8');
  }
}
