import test from 'ava';
import { sha1Signature, signatureMatches, WechatCipher, WechatCryptoError } from '../../src/server/services/wechat/crypto.ts';
import { buildXml, field, parseXml } from '../../src/server/services/wechat/xml.ts';

// WeChat's message encryption against the vectors of its official sample code (WXBizMsgCrypt).

const KEY = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

test('encryption: the Java sample vectors (fixed random "aaaabbbbccccdddd")', (t) => {
  const cipher = new WechatCipher(KEY, 'wxb11529c136998cb6');
  const random = Buffer.from('aaaabbbbccccdddd');
  t.is(cipher.encrypt('我是中文abcd123', random), 'jn1L23DB+6ELqJ+6bruv21Y6MD7KeIfP82D6gU39rmkgczbWwt5+3bnyg5K55bgVtVzd832WzZGMhkP72vVOfg==');
  const video =
    '<xml><ToUserName><![CDATA[oia2Tj我是中文jewbmiOUlr6X-1crbLOvLw]]></ToUserName><FromUserName><![CDATA[gh_7f083739789a]]></FromUserName><CreateTime>1407743423</CreateTime><MsgType><![CDATA[video]]></MsgType><Video><MediaId><![CDATA[eYJ1MbwPRJtOvIEabaxHs7TX2D-HV71s79GUxqdUkjm6Gs2Ed1KF3ulAOA9H1xG0]]></MediaId><Title><![CDATA[testCallBackReplyVideo]]></Title><Description><![CDATA[testCallBackReplyVideo]]></Description></Video></xml>';
  const encrypted = cipher.encrypt(video, random);
  t.is(
    encrypted,
    'jn1L23DB+6ELqJ+6bruv23M2GmYfkv0xBh2h+XTBOKVKcgDFHle6gqcZ1cZrk3e1qjPQ1F4RsLWzQRG9udbKWesxlkupqcEcW7ZQweImX9+wLMa0GaUzpkycA8+IamDBxn5loLgZpnS7fVAbExOkK5DYHBmv5tptA9tklE/fTIILHR8HLXa5nQvFb3tYPKAlHF3rtTeayNf0QuM+UW/wM9enGIDIJHF7CLHiDNAYxr+r+OrJCmPQyTy8cVWlu9iSvOHPT/77bZqJucQHQ04sq7KZI27OcqpQNSto2OdHCoTccjggX5Z9Mma0nMJBU+jLKJ38YB1fBIz+vBzsYjrTmFQ44YfeEuZ+xRTQwr92vhA9OxchWVINGC50qE/6lmkwWTwGX9wtQpsJKhP+oS7rvTY8+VdzETdfakjkwQ5/Xka042OlUb1/slTwo4RscuQ+RdxSGvDahxAJ6+EAjLt9d8igHngxIbf6YyqqROxuxqIeIch3CssH/LqRs+iAcILvApYZckqmA7FNERspKA5f8GoJ9sv8xmGvZ9Yrf57cExWtnX8aCMMaBropU/1k+hKP5LVdzbWCG0hGwx/dQudYR/eXp3P0XxjlFiy+9DMlaFExWUZQDajPkdPrEeOwofJb',
  );
  t.is(cipher.decrypt(encrypted), video, 'and back');
  t.not(cipher.encrypt(video), encrypted, 'a fresh random prefix each time');
});

test('decryption and msg_signature: the Python sample message of the official account', (t) => {
  const token = 'spamtest';
  const timestamp = '1409735669';
  const nonce = '1320562132';
  const encrypted =
    'hyzAe4OzmOMbd6TvGdIOO6uBmdJoD0Fk53REIHvxYtJlE2B655HuD0m8KUePWB3+LrPXo87wzQ1QLvbeUgmBM4x6F8PGHQHFVAFmOD2LdJF9FrXpbUAh0B5GIItb52sn896wVsMSHGuPE328HnRGBcrS7C41IzDWyWNlZkyyXwon8T332jisa+h6tEDYsVticbSnyU8dKOIbgU6ux5VTjg3yt+WGzjlpKn6NPhRjpA912xMezR4kw6KWwMrCVKSVCZciVGCgavjIQ6X8tCOp3yZbGpy0VxpAe+77TszTfRd5RJSVO/HTnifJpXgCSUdUue1v6h0EIBYYI1BD1DlD+C0CR8e6OewpusjZ4uBl9FyJvnhvQl+q5rv1ixrcpCumEPo5MJSgM9ehVsNPfUM669WuMyVWQLCzpu9GhglF2PE=';
  const expected = sha1Signature(token, timestamp, nonce, encrypted);
  t.is(expected, '5d197aaffba7e9b25a30732f161a50dee96bd5fa');
  t.true(signatureMatches('5d197aaffba7e9b25a30732f161a50dee96bd5fa', expected));
  t.true(signatureMatches('5D197AAFFBA7E9B25A30732F161A50DEE96BD5FA', expected), 'hex in either case');
  t.false(signatureMatches('5d197aaffba7e9b25a30732f161a50dee96bd5fb', expected));
  t.false(signatureMatches(undefined, expected));
  t.false(signatureMatches(['5d197aaffba7e9b25a30732f161a50dee96bd5fa'], expected), 'a repeated query parameter is not a signature');

  const message = parseXml(new WechatCipher(KEY, 'wx2c2769f8efd9abc2').decrypt(encrypted));
  t.truthy(message);
  t.is(field(message!, 'ToUserName'), 'gh_10f6c3c3ac5a');
  t.is(field(message!, 'FromUserName'), 'oyORnuP8q7ou2gfYjqLzSIWZf0rs');
  t.is(field(message!, 'MsgType'), 'text');
  t.is(field(message!, 'Content'), 'abcdteT');
  t.is(field(message!, 'MsgId'), '6054768590064713728', 'kept as text: it does not fit a JavaScript number');

  const other = t.throws(() => new WechatCipher(KEY, 'wx0000000000000000').decrypt(encrypted), { instanceOf: WechatCryptoError });
  t.regex(other.message, /addressed to AppID wx2c2769f8efd9abc2/);
  t.throws(() => new WechatCipher('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopq', 'wx2c2769f8efd9abc2').decrypt(encrypted), { instanceOf: WechatCryptoError });
  t.throws(() => new WechatCipher(KEY, 'wx2c2769f8efd9abc2').decrypt('not base64 at all!'), { instanceOf: WechatCryptoError });
  t.throws(() => new WechatCipher(KEY, 'wx2c2769f8efd9abc2').decrypt(''), { instanceOf: WechatCryptoError });
  t.throws(() => new WechatCipher('too-short', 'wx2c2769f8efd9abc2'), { instanceOf: WechatCryptoError });
});

test('URL verification signature: sha1 of the sorted token, timestamp and nonce', (t) => {
  t.is(sha1Signature('pamtest', '1409304348', 'xxxxxx'), sha1Signature('xxxxxx', 'pamtest', '1409304348'), 'order does not matter');
  t.not(sha1Signature('pamtest', '1409304348', 'xxxxxx'), sha1Signature('pamtest', '1409304349', 'xxxxxx'));
});

test('XML: flat documents read as strings; DOCTYPE, broken and foreign documents read as null', (t) => {
  t.deepEqual(parseXml('<xml><ToUserName><![CDATA[gh_1]]></ToUserName><CreateTime>1409735668</CreateTime><Content><![CDATA[a & <b>]]></Content></xml>'), {
    ToUserName: 'gh_1',
    CreateTime: '1409735668',
    Content: 'a & <b>',
  });
  t.is(parseXml('<xml><a>1</a>'), null);
  t.is(parseXml('<xml><a>1</b></xml>'), null);
  t.is(parseXml('plain text'), null);
  t.is(parseXml(''), null);
  t.is(parseXml('<other><a>1</a></other>'), null);
  t.is(parseXml('<?xml version="1.0"?><!DOCTYPE xml [<!ENTITY lol "lol">]><xml><a>&lol;</a></xml>'), null);
  const built = buildXml({ ToUserName: 'o-1', CreateTime: 12, Content: 'ends ]]> here & <there>', Articles: { item: [{ Title: 'T', Url: 'https://x.example/?a=1&b=2' }] } });
  t.true(built.startsWith('<xml><ToUserName><![CDATA[o-1]]></ToUserName><CreateTime>12</CreateTime>'));
  const back = parseXml(built)!;
  t.is(field(back, 'Content'), 'ends ]]> here & <there>');
  t.deepEqual(back.Articles, { item: { Title: 'T', Url: 'https://x.example/?a=1&b=2' } });
});
