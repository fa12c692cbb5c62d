import test from 'ava';
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { alipayResponseText, alipaySignContent, verifyAlipayNotify } from '../../src/server/services/pay/alipaySign.ts';
import { parsePrivateKey, parsePublicKey, rsaSign, rsaVerify } from '../../src/server/services/pay/rsa.ts';
import { decryptWechatResource, verifyWechat, wechatAuthorization, wechatRequestMessage } from '../../src/server/services/pay/wechatSign.ts';
import { SecretBox } from '../../src/server/services/secretBox.ts';
import { settingProblems } from '../../src/server/services/pay/settings.ts';
import { PAY_SETTING_DEFAULTS } from '../../src/shared/pay.ts';

/*
 * Vectors published by the providers with their official SDKs: Tencent's wechatpay-apiv3/wechatpay-go
 * (utils/sign_test.go, utils/aes_test.go, core/auth/verifiers/sha256withrsa_pubkey_verifier_test.go) and
 * Alipay's alipay-sdk-nodejs-all (test/alipay.test.ts, a real trade_status_sync notification signed by Alipay).
 */

const WECHAT_TEST_PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDZUJN33V+dSfvd
fL0Mu+39XrZNXFFMQSy1V15FpncHeV47SmV0TzTqZc7hHB0ddqAdDi8Z5k3TKqb7
6sOwYr5TcAfuR6PIPaleyE0/0KrljBum2Isa2Nyq7Dgc3ElBQ6YN4l/a+DpvKaz1
FSKmKrhLNskqokWVSlu4g8OlKlbPXQ9ibII14MZRQrrkTmHYHzfi7GXXM0thAKuR
0HNvyhTHBh4/lrYM3GaMvmWwkwvsMavnOex6+eioZHBOb1/EIZ/LzC6zuHArPpyW
3daGaZ1rtQB1vVzTyERAVVFsXXgBHvfFud3w3ShsJYk8JvMwK2RpJ5/gV0QSARcm
LDRUAlPzAgMBAAECggEBAMc7rDeUaXiWv6bMGbZ3BTXpg1FhdddnWUnYE8HfX/km
OFI7XtBHXcgYFpcjYz4D5787pcsk7ezPidAj58zqenuclmjKnUmT3pfbI5eCA2v4
C9HnbYDrmUPK1ZcADtka4D6ScDccpNYNa1g2TFHzkIrEa6H+q7S3O2fqxY/DRVtN
0JIXalBb8daaqL5QVzSmM2BMVnHy+YITJWIkP2a3pKs9C0W65JGDsnG0wVrHinHF
+cnhFZIbaPEI//DAFMc9NkrWOKVRTEgcCUxCFaHOZVNxDWZD7A2ZfJB2rK6eg//y
gEiFDR2h6mTaDowMB4YF2n2dsIO4/dCG8vPHI20jn4ECgYEA/ZGu6lEMlO0XZnam
AZGtiNgLcCfM/C2ZERZE7QTRPZH1WdK92Al9ndldsswFw4baJrJLCmghjF/iG4zi
hhBvLnOLksnZUfjdumxoHDWXo2QBWbI5QsWIE7AuTiWgWj1I7X4fCXSQf6i+M/y2
6TogQ7d0ANpZFyOkTNMn/tiJvLECgYEA22XqlamG/yfAGWery5KNH2DGlTIyd6xJ
WtJ9j3jU99lZ0bCQ5xhiBbU9ImxCi3zgTsoqLWgA/p00HhNFNoUcTl9ofc0G3zwT
D1y0ZzcnVKxGJdZ6ohW52V0hJStAigtjYAsUgjm7//FH7PiQDBDP1Wa6xSRkDQU/
aSbQxvEE8+MCgYEA3bb8krW7opyM0XL9RHH0oqsFlVO30Oit5lrqebS0oHl3Zsr2
ZGgoBlWBsEzk3UqUhTFwm/DhJLTSJ/TQPRkxnhQ5/mewNhS9C7yua7wQkzVmWN+V
YeUGTvDGDF6qDz12/vJAgSwDDRym8x4NcXD5tTw7mmNRcwIfL22SkysThIECgYAV
BgccoEoXWS/HP2/u6fQr9ZIR6eV8Ij5FPbZacTG3LlS1Cz5XZra95UgebFFUHHtC
EY1JHJY7z8SWvTH8r3Su7eWNaIAoFBGffzqqSVazfm6aYZsOvRY6BfqPHT3p/H1h
Tq6AbBffxrcltgvXnCTORjHPglU0CjSxVs7awW3AEQKBgB5WtaC8VLROM7rkfVIq
+RXqE5vtJfa3e3N7W3RqxKp4zHFAPfr82FK5CX2bppEaxY7SEZVvVInKDc5gKdG/
jWNRBmvvftZhY59PILHO2X5vO4FXh7suEjy6VIh0gsnK36mmRboYIBGsNuDHjXLe
BDa+8mDLkWu5nHEhOxy2JJZl
-----END PRIVATE KEY-----`;

const WECHAT_TEST_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA2VCTd91fnUn73Xy9DLvt
/V62TVxRTEEstVdeRaZ3B3leO0pldE806mXO4RwdHXagHQ4vGeZN0yqm++rDsGK+
U3AH7kejyD2pXshNP9Cq5YwbptiLGtjcquw4HNxJQUOmDeJf2vg6byms9RUipiq4
SzbJKqJFlUpbuIPDpSpWz10PYmyCNeDGUUK65E5h2B834uxl1zNLYQCrkdBzb8oU
xwYeP5a2DNxmjL5lsJML7DGr5znsevnoqGRwTm9fxCGfy8wus7hwKz6clt3Whmmd
a7UAdb1c08hEQFVRbF14AR73xbnd8N0obCWJPCbzMCtkaSef4FdEEgEXJiw0VAJT
8wIDAQAB
-----END PUBLIC KEY-----`;

const WECHAT_EXPECTED_SIGNATURE =
  'BKyAfU4iMCuvXMXS0Wzam3V/cnxZ+JaqigPM5OhljS2iOT95OO6Fsuml2JkFANJU9K6q9bLlDhPXuoVz+pp4hAm6pHU4ld815U4jsKu1RkyaII+1CYBUYC8TK0XtJ8FwUXXz8vZHh58rrAVN1XwNyvD1vfpxrMT4SL536GLwvpUHlCqIMzoZUguLli/K8V29QiOhuH6IEqLNJn8e9b3nwNcQ7be3CzYGpDAKBfDGPCqCv8Rw5zndhlffk2FEA70G4hvMwe51qMN/RAJbknXG23bSlObuTCN7Ndj1aJGH6/L+hdwfLpUtJm4QYVazzW7DFD27EpSQEqA8bX9+8m1rLg==';

test('WeChat Pay: SHA256withRSA of the SDK vector gives the published signature, verified by the published public key', (t) => {
  const key = parsePrivateKey(WECHAT_TEST_PRIVATE_KEY);
  t.is(rsaSign('source', key), WECHAT_EXPECTED_SIGNATURE);
  const publicKey = parsePublicKey(WECHAT_TEST_PUBLIC_KEY).key;
  t.true(rsaVerify('source', WECHAT_EXPECTED_SIGNATURE, publicKey));
  t.false(rsaVerify('wrong source', WECHAT_EXPECTED_SIGNATURE, publicKey));
  t.false(rsaVerify('source', 'invalid base64 signature', publicKey));
  t.false(rsaVerify('source', '', publicKey));
});

test('WeChat Pay: the request message and Authorization header follow the v3 format', (t) => {
  const privateKey = parsePrivateKey(WECHAT_TEST_PRIVATE_KEY);
  t.is(wechatRequestMessage('GET', '/v3/certificates', 1554208460, '593BEC0C930BF1AFEB40B4A08C8FB242', ''), 'GET\n/v3/certificates\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n');
  const header = wechatAuthorization(
    { mchid: '1900009191', serialNo: '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C', privateKey },
    { method: 'POST', pathWithQuery: '/v3/pay/transactions/native', body: '{"a":1}' },
    { timestamp: 1554208460, nonce: '593BEC0C930BF1AFEB40B4A08C8FB242' },
  );
  const m = /^WECHATPAY2-SHA256-RSA2048 mchid="1900009191",nonce_str="593BEC0C930BF1AFEB40B4A08C8FB242",signature="([^"]+)",timestamp="1554208460",serial_no="1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C"$/.exec(header);
  t.truthy(m);
  const message = 'POST\n/v3/pay/transactions/native\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n{"a":1}\n';
  t.true(rsaVerify(message, m![1]!, parsePublicKey(WECHAT_TEST_PUBLIC_KEY).key));
});

test('WeChat Pay: AEAD_AES_256_GCM resource of the SDK vector decrypts; a wrong key or tampered text does not', (t) => {
  const resource = { ciphertext: 'FsdXzxryWfKwvLJKf8LG/ToRPTRh8RN9wROC', nonce: 'wCq51qZv4Yfg', associated_data: 'Dl56FrqWQJF1t9LtC3vEUsniZKvbqdR8' };
  t.is(decryptWechatResource(resource, 'testAPIv3Key0000'), 'Hello World');
  t.throws(() => decryptWechatResource(resource, 'testAPIv3Key1111'));
  t.throws(() => decryptWechatResource({ ...resource, associated_data: 'other' }, 'testAPIv3Key0000'));
  t.throws(() => decryptWechatResource({ ...resource, ciphertext: 'SGVsbG8gV29ybGQK' }, 'testAPIv3Key0000'));
  t.throws(() => decryptWechatResource(resource, 'not a aes key'));
});

test('WeChat Pay: a notification verifies only with the right key, serial and a fresh timestamp', (t) => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const body = '{"id":"1"}';
  const now = 1_800_000_000;
  const headers = { timestamp: String(now), nonce: 'abc', serial: 'PUB_KEY_ID_1', signature: rsaSign(`${now}\nabc\n${body}\n`, privateKey) };
  const platform = { key: publicKey, serial: 'PUB_KEY_ID_1' };
  t.is(verifyWechat(headers, body, platform, now + 10), 'ok');
  t.is(verifyWechat(headers, `${body} `, platform, now), 'badSignature');
  t.is(verifyWechat({ ...headers, serial: 'PUB_KEY_ID_2' }, body, platform, now), 'wrongKey');
  t.is(verifyWechat(headers, body, platform, now + 301), 'stale');
  t.is(verifyWechat(headers, body, { key: generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey, serial: '' }, now), 'badSignature');
});

/** The notification of Alipay's SDK test, as the form fields arrive (fund_bill_list is a JSON string). */
const ALIPAY_NOTIFY = {
  gmt_create: '2019-08-15 15:56:22',
  charset: 'utf-8',
  seller_email: 'z97-yuquerevenue@service.aliyun.com',
  subject: '语雀空间 500人规模',
  sign: 'QfTb8tqE1BMhS5qAnXtvsF3/jBkEvu9q9en0pdbBUDDjvKycZhQb7h8GDs4FKfi049PynaNuatxSgLb/nLWZpXyyh0LEWdK2S6Ri7nPwrVgOs08zugLO20vOQz44y3ti2Ncm8/wZts1Fr2gZ7pShnVX3d1B50hbsXnObT1r/U8ONNQjWXd0HIul4TG+Q3fm3svmSvFEy0WnzuhcyHPX5Gm4ELNctL6Qd5YniGJFNcc7kopHYtI/XD9YCKCH6Ct02rzUs9i11C9CsadtZn+WhxF26Dqt9sGEFajkJ8cxUTLi8+VCpLHsgPE8P0y095uQcDdK0YjCh4x7wVSov+lrmOQ==',
  buyer_id: '2088102534368455',
  invoice_amount: '0.10',
  notify_id: '2019081500222155624068450559358070',
  fund_bill_list: '[{"amount":"0.10","fundChannel":"ALIPAYACCOUNT"}]',
  notify_type: 'trade_status_sync',
  trade_status: 'TRADE_SUCCESS',
  receipt_amount: '0.10',
  buyer_pay_amount: '0.10',
  sign_type: 'RSA2',
  app_id: '2019073166072302',
  seller_id: '2088531891668739',
  gmt_payment: '2019-08-15 15:56:24',
  notify_time: '2019-08-15 15:56:25',
  version: '1.0',
  out_trade_no: '20190815155618536-564-57',
  total_amount: '0.10',
  trade_no: '2019081522001468450512505578',
  auth_app_id: '2019073166072302',
  buyer_logon_id: 'xud***@126.com',
  point_amount: '0.00',
};
const ALIPAY_NOTIFY_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAqObrdC7hrgAVM98tK0nv3hSQRGGKT4lBsQjHiGjeYZjOPIPHR5knm2jnnz/YGIXIofVHkA/tAlBAd5DrY7YpvI4tP5EONLtZKC2ghBMx7McI2wRD0xiqzxOQr1FuhZGJ8/AUokBzJrzY+aGX2xcOrxFYRlFilvVLTXg4LWjR1tdPkO6+i7wQZAIVMClPkwVRZEbaERRHlKqTzv2gGv5rDU8gRoe1LeaN+6BlbTqHWkQcNCUNrA8C6l17XAXGKDsm/9TFWwO8EPHHHCaQdjtV5/FdcWIt+L8SR1ss7EXTjYDFtxcKVv9rEoY1lX8T4mX+GbXfZHraG5NCF1+XioL5JwIDAQAB';

test('Alipay: the SDK\'s real notification verifies with the bare base64 public key; any change breaks it', (t) => {
  const key = parsePublicKey(ALIPAY_NOTIFY_PUBLIC_KEY).key;
  t.true(verifyAlipayNotify(ALIPAY_NOTIFY, key));
  // sign_type is left out of the signed string, so it may be absent.
  const { sign_type: _dropped, ...withoutType } = ALIPAY_NOTIFY;
  t.true(verifyAlipayNotify(withoutType, key));
  t.false(verifyAlipayNotify({ ...ALIPAY_NOTIFY, total_amount: '100.00' }, key));
  t.false(verifyAlipayNotify({ ...ALIPAY_NOTIFY, out_trade_no: 'other' }, key));
  t.false(verifyAlipayNotify({ ...ALIPAY_NOTIFY, sign: '' }, key));
});

test('Alipay: the string to sign sorts names, drops empty values and the excluded names', (t) => {
  t.is(alipaySignContent({ b: '2', a: '1', sign: 'x', sign_type: 'RSA2', c: '' }, ['sign']), 'a=1&b=2&sign_type=RSA2');
  t.is(alipaySignContent({ b: '2', a: '1', sign: 'x', sign_type: 'RSA2' }, ['sign', 'sign_type']), 'a=1&b=2');
});

test('Alipay: the signed text of an answer is cut from the raw body, escapes and spacing kept', (t) => {
  // The SDK's own examples: Alipay signs the exact bytes of the *_response member.
  const raw =
    '{"alipay_offline_material_image_upload_response":{"code":"10000","msg":"Success","image_id":"Zp1Nm6FDTZaEuSSniGd5awAAACMAAQED","image_url":"http:\\/\\/oalipay-dl-django.alicdn.com\\/rest\\/1.0\\/image?fileIds=Zp1Nm6FDTZaEuSSniGd5awAAACMAAQED&zoom=original"},"sign":"P8xr"}';
  t.is(
    alipayResponseText(raw, 'alipay_offline_material_image_upload_response'),
    '{"code":"10000","msg":"Success","image_id":"Zp1Nm6FDTZaEuSSniGd5awAAACMAAQED","image_url":"http:\\/\\/oalipay-dl-django.alicdn.com\\/rest\\/1.0\\/image?fileIds=Zp1Nm6FDTZaEuSSniGd5awAAACMAAQED&zoom=original"}',
  );
  const spaced = '{"alipay_x_response"\n  :\n  {"code":"10000","sign":"inner","msg":"a}b\\"c"},\n "sign" : "s"}';
  t.is(alipayResponseText(spaced, 'alipay_x_response'), '{"code":"10000","sign":"inner","msg":"a}b\\"c"}');
  t.is(alipayResponseText('{"other_response":{}}', 'alipay_x_response'), null);
  t.is(alipayResponseText('{"alipay_x_response":{"code":"1"', 'alipay_x_response'), null);
});

test('keys: PEM, PKCS#1 and bare base64 are read; other text and short keys are refused', (t) => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pkcs1 = privateKey.export({ type: 'pkcs1', format: 'pem' }) as string;
  const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  const bare = pkcs8.replace(/-----[^-]+-----|\s/g, '');
  const barePkcs1 = pkcs1.replace(/-----[^-]+-----|\s/g, '');
  for (const text of [pkcs1, pkcs8, bare, barePkcs1]) t.is(parsePrivateKey(text).asymmetricKeyDetails?.modulusLength, 2048);
  t.throws(() => parsePrivateKey('hello'));
  t.throws(() => parsePublicKey('hello'));
  t.is(parsePublicKey(createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }) as string).serial, '');

  const values = { ...PAY_SETTING_DEFAULTS, alipay_private_key: generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string };
  t.deepEqual(settingProblems(values).map((p) => [p.field, p.key, p.params]), [['alipay_private_key', 'pay:check.keyTooShort', { bits: 1024 }]]);
  t.deepEqual(settingProblems({ ...PAY_SETTING_DEFAULTS, topup_min: '10', topup_max: '5', topup_amounts: '1,x' }).map((p) => p.key), ['pay:check.limits', 'pay:check.amounts']);
});

test('secret box: sealed values open only with the same key and under the same name', (t) => {
  const box = new SecretBox('a-long-enough-secret-key');
  const sealed = box.seal('wechat_private_key', 'PRIVATE');
  t.not(sealed, box.seal('wechat_private_key', 'PRIVATE'), 'a fresh IV each time');
  t.false(sealed.includes('PRIVATE'));
  t.is(box.open('wechat_private_key', sealed), 'PRIVATE');
  t.is(box.open('alipay_private_key', sealed), null);
  t.is(new SecretBox('another-secret-key-123').open('wechat_private_key', sealed), null);
  t.is(box.open('wechat_private_key', 'garbage'), null);
  const none = new SecretBox('');
  t.false(none.available);
  t.throws(() => none.seal('x', 'y'));
});
