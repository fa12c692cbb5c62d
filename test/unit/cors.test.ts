import test from 'ava';
import { corsAllows, corsEntries } from '../../src/server/middleware/cors.ts';

test('the config item: host names and origins, separated by commas or blanks, in lower case', (t) => {
  t.deepEqual(corsEntries('localhost,127.0.0.1'), ['localhost', '127.0.0.1']);
  t.deepEqual(corsEntries(' App.Example.org ,\n https://Admin.example.net/ , '), ['app.example.org', 'https://admin.example.net']);
  t.deepEqual(corsEntries(''), []);
});

test('an origin is allowed by its host name, by itself, by *, or as the site itself', (t) => {
  const list = corsEntries('localhost,https://admin.example.net');
  t.true(corsAllows('http://localhost:5173', list, []));
  t.true(corsAllows('https://localhost', list, []));
  t.true(corsAllows('https://admin.example.net', list, []));
  t.false(corsAllows('http://admin.example.net', list, []), 'an origin entry names its scheme');
  t.false(corsAllows('https://admin.example.net:8443', list, []), 'and its port');
  t.false(corsAllows('https://evil.example', list, []));
  t.false(corsAllows('https://localhost.evil.example', list, []));
  t.true(corsAllows('https://canal.example.org', list, ['canal.example.org']));
  t.true(corsAllows('https://anyone.example', ['*'], []));
  t.true(corsAllows('http://[::1]:3000', ['::1'], []));
  for (const bad of ['null', '', 'not a url', 'javascript:alert(1)']) t.false(corsAllows(bad, list, []), bad);
});
