import test from 'ava';
import { redactUrl } from '../../src/server/redact.ts';
import { listHolds, parseIpList } from '../../src/server/services/ipBan.ts';

test('the declared credential parameters are masked in logged URLs, in any case; everything else is kept', (t) => {
  t.is(redactUrl('/news?page=2'), '/news?page=2');
  t.is(redactUrl('/admin/ajax/buildSuffixSvg?suffix=pdf&batoken=abc-123&server=1'), '/admin/ajax/buildSuffixSvg?suffix=pdf&batoken=***&server=1');
  t.is(
    redactUrl('/x?ba-user-token=a&BA_TOKEN=b&refreshToken=c&ticket=d&bausertoken=e&token=f&access_token=g&page=h&token_note=i'),
    '/x?ba-user-token=***&BA_TOKEN=***&refreshToken=***&ticket=***&bausertoken=***&token=***&access_token=***&page=h&token_note=i',
  );
  t.is(redactUrl('/x?ba%2Duser%2Dtoken=a&q=batoken'), '/x?ba%2Duser%2Dtoken=***&q=batoken', 'names are decoded; values that read like a name are not secrets');
  t.is(redactUrl('/x?batoken=s#frag'), '/x?batoken=***#frag');
  t.is(redactUrl('/x?%E0%A4%A=1&batoken=s'), '/x?%E0%A4%A=1&batoken=***', 'a malformed name does not stop the masking');
});

test('the no_access_ip list: addresses and CIDR ranges, IPv4 and IPv6, bad lines reported', (t) => {
  const { list, size, invalid } = parseIpList('203.0.113.7\n10.0.0.0/8\r\n\n 2001:db8::/32 \nnot-an-ip\n10.0.0.0/33\n1.2.3.4/x');
  t.is(size, 3);
  t.deepEqual(invalid, ['not-an-ip', '10.0.0.0/33', '1.2.3.4/x']);
  for (const ip of ['203.0.113.7', '10.200.1.1', '::ffff:10.1.2.3', '2001:db8::1']) t.true(listHolds(list, ip), ip);
  for (const ip of ['203.0.113.8', '11.0.0.1', '2001:db9::1', '', 'garbage']) t.false(listHolds(list, ip), ip);
});
