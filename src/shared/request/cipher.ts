import AES from 'crypto-js/aes.js';
import Utf8 from 'crypto-js/enc-utf8.js';

/**
 * The symmetric cipher of envelope `data` (spec section 7): AES in crypto-js's OpenSSL 'Salted__'
 * passphrase format, JSON inside. Its own module so browsers load it only when encryption is on.
 */
export function encryptData(value: unknown, key: string): string {
  return AES.encrypt(JSON.stringify(value), key).toString();
}

/** Inverse of `encryptData`; throws when the key is wrong or the text is not JSON. */
export function decryptData(cipherText: string, key: string): unknown {
  const plain = AES.decrypt(cipherText, key).toString(Utf8);
  // A wrong key usually yields no bytes at all rather than an exception.
  if (!plain) throw new Error('Decryption produced no data');
  return JSON.parse(plain);
}
