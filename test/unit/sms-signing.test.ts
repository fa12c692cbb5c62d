import test from 'ava';
import { canonicalQuery, percentEncode, rpcSignature } from '../../src/server/services/sms/aliyun.ts';
import { placeholders, render } from '../../src/server/services/sms/template.ts';
import { tc3Authorization } from '../../src/server/services/sms/tencent.ts';
import { maskMobile } from '../../src/server/services/sms.ts';

// The signing code against the worked examples the providers publish with fixed inputs.

test('Alibaba Cloud RPC signature: the DescribeDomainRecords example of the signature documentation', (t) => {
  const params = {
    Format: 'XML',
    AccessKeyId: 'testid',
    Action: 'DescribeDomainRecords',
    SignatureMethod: 'HMAC-SHA1',
    DomainName: 'example.com',
    SignatureNonce: 'f59ed6a9-83fc-473b-9cc6-99c95df3856e',
    SignatureVersion: '1.0',
    Version: '2015-01-09',
    Timestamp: '2016-03-24T16:41:54Z',
  };
  t.is(
    `GET&%2F&${percentEncode(canonicalQuery(params))}`,
    'GET&%2F&AccessKeyId%3Dtestid%26Action%3DDescribeDomainRecords%26DomainName%3Dexample.com%26Format%3DXML%26SignatureMethod%3DHMAC-SHA1%26SignatureNonce%3Df59ed6a9-83fc-473b-9cc6-99c95df3856e%26SignatureVersion%3D1.0%26Timestamp%3D2016-03-24T16%253A41%253A54Z%26Version%3D2015-01-09',
  );
  t.is(rpcSignature('testsecret', 'GET', params), 'uRpHwaSEt3J+6KQD//svCh/x+pI=');
});

test('Alibaba Cloud RPC signature: the SendSms example of the SMS documentation, Chinese signature name included', (t) => {
  const params = {
    AccessKeyId: 'testId',
    Action: 'SendSms',
    Format: 'XML',
    OutId: '123',
    PhoneNumbers: '15300000001',
    RegionId: 'cn-hangzhou',
    SignName: '阿里云短信测试专用',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
    SignatureVersion: '1.0',
    TemplateCode: 'SMS_71390007',
    TemplateParam: '{"customer":"test"}',
    Timestamp: '2017-07-12T02:42:19Z',
    Version: '2017-05-25',
  };
  const signature = rpcSignature('testSecret', 'GET', params);
  t.is(signature, 'zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  t.is(rpcSignature('testSecret', 'GET', { ...params, Signature: signature }), signature, 'a Signature parameter is left out of what is signed');
  t.is(
    `http://dysmsapi.aliyuncs.com/?Signature=${percentEncode(signature)}&${canonicalQuery(params)}`,
    'http://dysmsapi.aliyuncs.com/?Signature=zJDF%2BLrzhj%2FThnlvIToysFRq6t4%3D&AccessKeyId=testId&Action=SendSms&Format=XML&OutId=123&PhoneNumbers=15300000001&RegionId=cn-hangzhou&SignName=%E9%98%BF%E9%87%8C%E4%BA%91%E7%9F%AD%E4%BF%A1%E6%B5%8B%E8%AF%95%E4%B8%93%E7%94%A8&SignatureMethod=HMAC-SHA1&SignatureNonce=45e25e9b-0a6f-4070-8c85-2956eda1b466&SignatureVersion=1.0&TemplateCode=SMS_71390007&TemplateParam=%7B%22customer%22%3A%22test%22%7D&Timestamp=2017-07-12T02%3A42%3A19Z&Version=2017-05-25',
  );
  t.not(rpcSignature('testSecret', 'GET', { ...params, PhoneNumbers: '15300000002' }), signature);
});

test('Alibaba Cloud percent-encoding: space %20, * %2A, ~ kept, UTF-8 bytes', (t) => {
  t.is(percentEncode("a b*c~d/é+=!'()"), 'a%20b%2Ac~d%2F%C3%A9%2B%3D%21%27%28%29');
});

test('Tencent Cloud TC3-HMAC-SHA256: the worked example of the API 3.0 signature documentation', (t) => {
  const { signature, authorization } = tc3Authorization({
    secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
    secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
    service: 'cvm',
    host: 'cvm.tencentcloudapi.com',
    contentType: 'application/json; charset=utf-8',
    timestamp: 1551113065,
    payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
  });
  t.is(signature, '72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168');
  t.is(
    authorization,
    'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
  );
});

test('Tencent Cloud TC3: the credential date is the UTC day (00:44 in Beijing is still the day before)', (t) => {
  const request = { secretId: 'id', secretKey: 'key', service: 'sms', host: 'sms.tencentcloudapi.com', contentType: 'application/json; charset=utf-8', payload: '{}' };
  t.regex(tc3Authorization({ ...request, timestamp: 1551113065 }).authorization, /\/2019-02-25\/sms\/tc3_request,/);
  t.not(tc3Authorization({ ...request, timestamp: 1551113065 }).signature, tc3Authorization({ ...request, timestamp: 1551113066 }).signature);
});

test('template placeholders: each name once, in order of first use; rendering leaves unknown names alone', (t) => {
  t.deepEqual(placeholders('【${site_name}】验证码 ${code}，${minutes} 分钟；再说一次 ${code}。$code ${ bad} ${9x}'), ['site_name', 'code', 'minutes']);
  const values = new Map([
    ['site_name', '运河'],
    ['code', 'AB23'],
  ]);
  t.is(render('【${site_name}】${code} ${minutes}', values), '【运河】AB23 ${minutes}');
});

test('the send log masks mobile numbers', (t) => {
  t.is(maskMobile('13800138000'), '138****8000');
  t.is(maskMobile('12345'), '1****');
});
