import { createPrivateKey, createPublicKey, createSign, createVerify, X509Certificate, type KeyObject } from 'node:crypto';

/** Alipay's key tools hand out keys as bare base64; WeChat's are PEM files. Both are accepted. */
function pemOf(text: string, label: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) return trimmed;
  const body = trimmed.replace(/\s+/g, '');
  return `-----BEGIN ${label}-----\n${body.replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END ${label}-----`;
}

/** An RSA private key from PEM (PKCS#1 or PKCS#8) or bare base64 PKCS#8 / PKCS#1; throws when it is not one. */
export function parsePrivateKey(text: string): KeyObject {
  const trimmed = text.trim();
  let key: KeyObject;
  if (trimmed.startsWith('-----BEGIN')) {
    key = createPrivateKey(trimmed);
  } else {
    try {
      key = createPrivateKey(pemOf(trimmed, 'PRIVATE KEY'));
    } catch {
      key = createPrivateKey(pemOf(trimmed, 'RSA PRIVATE KEY'));
    }
  }
  if (key.asymmetricKeyType !== 'rsa') throw new Error('not an RSA key');
  return key;
}

export interface PublicKeyInfo {
  key: KeyObject;
  /** Serial number (upper-case hex) when the text was a certificate. */
  serial: string;
}

/** An RSA public key from a PEM public key, an X.509 certificate or bare base64; throws when it is not one. */
export function parsePublicKey(text: string): PublicKeyInfo {
  const trimmed = text.trim();
  if (trimmed.includes('BEGIN CERTIFICATE')) {
    const cert = new X509Certificate(trimmed);
    if (cert.publicKey.asymmetricKeyType !== 'rsa') throw new Error('not an RSA key');
    return { key: cert.publicKey, serial: cert.serialNumber.toUpperCase() };
  }
  const key = createPublicKey(pemOf(trimmed, 'PUBLIC KEY'));
  if (key.asymmetricKeyType !== 'rsa') throw new Error('not an RSA key');
  return { key, serial: '' };
}

/** SHA256withRSA (PKCS#1 v1.5), base64: the signature both WeChat Pay v3 and Alipay RSA2 use. */
export function rsaSign(message: string, key: KeyObject): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(key, 'base64');
}

export function rsaVerify(message: string, signature: string, key: KeyObject): boolean {
  if (!signature || !/^[A-Za-z0-9+/]+=*$/.test(signature)) return false;
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
}
