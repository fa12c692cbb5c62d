import test from 'ava';
import { startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
test.before(async () => {
  server = await startServer();
});
test.after.always(async () => {
  await server?.stop();
});

async function get(path: string) {
  const res = await fetch(server.url + path);
  return { status: res.status, type: res.headers.get('content-type') ?? '', html: await res.text() };
}

/** The id of a seeded row, looked up by its Chinese name or title. */
async function idOf(table: string, column: string, value: string): Promise<number> {
  const row = (await server.app.knex(table).where(column, value).first('id')) as { id: number } | undefined;
  if (!row) throw new Error(`no ${table} with ${column} = ${value}`);
  return Number(row.id);
}

test('every public route answers 200 in both languages with seeded content', async (t) => {
  const ids = {
    news: await idOf('news', 'title', '南旺分水枢纽考察笔记'),
    culture: await idOf('culture_article', 'title', '邗沟：中国大运河的开端'),
    activity: await idOf('brand_activity', 'title', '绍兴古纤道徒步'),
    trail: await idOf('trail', 'title', '拱宸桥—富义仓运河步道'),
    canal: await idOf('canal', 'name', '通惠河'),
    city: await idOf('canal_city', 'name', '杭州'),
  };
  // [path, text on the Chinese page, text on the English page, title of the Chinese page]
  const cases: [string, string, string, string][] = [
    ['/', '协会举办大运河申遗纪念讲座', 'Association lecture marks the Grand Canal', '首页'],
    ['/index2', '协会举办大运河申遗纪念讲座', 'Association lecture marks the Grand Canal', '首页'],
    ['/about', '2014年6月22日', 'World Heritage List', '协会概况'],
    ['/brand', '运河号子音乐会', 'Canal work-song concert', '品牌活动'],
    [`/brand/info?id=${ids.activity}`, '绍兴古纤道用石板铺设在浙东运河之中', 'laid with stone slabs in the middle of the East Zhejiang Canal', '绍兴古纤道徒步'],
    ['/news', '协会举办大运河申遗纪念讲座', 'Association lecture marks the Grand Canal', '新闻资讯'],
    [`/news/info?id=${ids.news}`, '宋礼重开会通河', 'Song Li reopened the Huitong Canal', '南旺分水枢纽考察笔记'],
    ['/trail', '拱宸桥—富义仓运河步道', 'Gongchen Bridge to Fuyi Granary canal walk', '最美步道'],
    [`/trail/info?id=${ids.trail}`, '富义仓，清代光绪年间建成的粮仓', 'Fuyi Granary, built in the Guangxu reign', '拱宸桥—富义仓运河步道'],
    ['/members', '运河主题博物馆 · 扬州', 'Canal museum · Yangzhou', '组织成员'],
    ['/culture', '邗沟：中国大运河的开端', 'The Han Gou: where the Grand Canal began', '运河文化'],
    [`/culture/info?id=${ids.culture}`, '秋，吴城邗，沟通江、淮', 'Wu walled Han and cut a channel linking the Yangtze and the Huai', '邗沟：中国大运河的开端'],
    ['/forum', '用数字地图重走京杭大运河', 'Retracing the Beijing–Hangzhou canal on a digital map', '青年论坛'],
    ['/canal', '>扬州</a>', '>Yangzhou</a>', '云游运河'],
    ['/canals', '通惠河', 'Tonghui River', '探索运河'],
    [`/canals/info?id=${ids.canal}`, '郭守敬主持开凿新河', 'Guo Shoujing began a new channel', '通惠河'],
    [`/canals/info/city?id=${ids.city}`, '拱宸桥建于明崇祯四年（1631年）', 'built in 1631 under the Ming', '杭州'],
  ];
  for (const [path, zh, en, title] of cases) {
    const zhPage = await get(path);
    t.is(zhPage.status, 200, path);
    t.true(zhPage.html.includes(zh), `${path}: ${zh}`);
    t.true(zhPage.html.includes(`<title>${title} - 大运河文化协会</title>`), `${path}: title ${title}`);
    t.regex(zhPage.html, /<meta name="description" content="[^"]+"/, `${path}: description`);
    const enPage = await get(path + (path.includes('?') ? '&' : '?') + 'lang=en');
    t.is(enPage.status, 200, `${path} en`);
    t.regex(enPage.html, /<html[^>]* lang="en">/, `${path} en`);
    t.true(enPage.html.includes(en), `${path} en: ${en}`);
    t.false(enPage.html.includes('fallback-mark'), `${path} en: the seed is fully translated`);
  }
});

test('a city page gives its coordinates in the page language', async (t) => {
  const id = await idOf('canal_city', 'name', '杭州');
  t.regex((await get(`/canals/info/city?id=${id}`)).html, /北纬 30\.\d\d°，东经 120\.\d\d°/);
  // `lng` would be i18next's own option (the language), not a value of the text.
  t.regex((await get(`/canals/info/city?id=${id}&lang=en`)).html, /30\.\d\d° N, 120\.\d\d° E/);
});

test('a missing, malformed or unpublished id gives the 404 page with status 404', async (t) => {
  const draft = await idOf('news', 'title', '协会年度工作报告（待审定）');
  for (const path of [
    '/news/info?id=999999',
    '/news/info?id=abc',
    '/news/info',
    `/news/info?id=${draft}`,
    '/culture/info?id=0',
    '/brand/info?id=-3',
    '/trail/info?id=1.5',
    '/canals/info?id=999999',
    '/canals/info/city?id=x',
  ]) {
    const { status, html } = await get(path);
    t.is(status, 404, path);
    t.regex(html, /<title>页面未找到 - 大运河文化协会<\/title>/, path);
  }
  const en = await get('/news/info?id=999999&lang=en');
  t.is(en.status, 404);
  t.regex(en.html, /Page not found/);
});

test('drafts stay out of lists, feeds and the sitemap', async (t) => {
  const draft = await idOf('news', 'title', '协会年度工作报告（待审定）');
  for (const path of ['/news', '/news?page=2', '/', '/index2', '/news/rss.xml', '/sitemap.xml']) {
    const { html } = await get(path);
    t.false(html.includes('协会年度工作报告'), path);
    t.false(html.includes(`/news/info?id=${draft}<`), path);
  }
});

function newsIds(html: string): number[] {
  return [...html.matchAll(/href="\/news\/info\?id=(\d+)"/g)].map((m) => Number(m[1]));
}

test('lists page: page 2 differs from page 1, links keep the language, a page past the end shows the empty state', async (t) => {
  const one = await get('/news');
  const two = await get('/news?page=2');
  t.is(two.status, 200);
  const first = newsIds(one.html);
  const second = newsIds(two.html);
  t.is(first.length, 9, 'whole rows of the three-column grid');
  t.true(second.length > 0);
  t.deepEqual(first.filter((id) => second.includes(id)), []);
  t.regex(one.html, /<a class="page-link" href="\/news\?page=2"/);
  const en = await get('/news?lang=en');
  t.regex(en.html, /href="\/news\?page=2&amp;lang=en"/);
  for (const path of ['/news?page=99', '/brand?page=99', '/trail?page=99', '/members?page=99', '/culture?page=99', '/forum?page=99', '/canals?page=99']) {
    const far = await get(path);
    t.is(far.status, 200, path);
    t.true(far.html.includes('这一页没有内容。'), path);
    t.true(far.html.includes('回到第一页'), path);
  }
  t.true((await get('/news?page=99&lang=en')).html.includes('There is nothing on this page.'));
  for (const path of ['/brand?page=2', '/trail?page=2', '/members?page=2', '/culture?page=2', '/forum?page=2']) {
    const page = await get(path);
    t.is(page.status, 200, path);
    t.false(page.html.includes('这一页没有内容。'), `${path} has items`);
  }
});

test('category and kind filters', async (t) => {
  const heritage = await idOf('news_category', 'name', '遗产保护');
  const { html } = await get(`/news?category=${heritage}`);
  t.true(html.includes('南旺分水枢纽考察笔记'));
  t.false(html.includes('新一年度会员招募开启'), 'association news is filtered out');
  t.regex(html, new RegExp(`href="/news\\?category=${heritage}" aria-current="page"`));
  const sites = await idOf('culture_category', 'name', '遗产点');
  const culture = await get(`/culture?category=${sites}&lang=en`);
  t.true(culture.html.includes('Gongchen Bridge: emblem'));
  t.false(culture.html.includes('The Han Gou: where the Grand Canal began'));
  const museums = await get('/members?kind=museum');
  t.true(museums.html.includes('运河主题博物馆 · 扬州'));
  t.false(museums.html.includes('运河志愿者服务队 · 苏州'));
  const hard = await get('/trail?difficulty=hard');
  t.true(hard.html.includes('苏州—嘉兴运河骑行挑战'));
  t.false(hard.html.includes('拱宸桥—富义仓运河步道'));
  const upcoming = await get('/brand?stage=upcoming');
  t.true(upcoming.html.includes('运河号子音乐会'));
  t.false(upcoming.html.includes('绍兴古纤道徒步'));
  t.is((await get('/news?category=abc')).status, 200, 'a malformed filter is ignored');
});

test.serial('English pages show Chinese text, visibly marked, where the translation is missing', async (t) => {
  const categoryId = await idOf('news_category', 'name', '协会动态');
  const [inserted] = await server.app
    .knex('news')
    .insert({
      category_id: categoryId,
      title: '只有中文的测试新闻',
      title_en: '',
      summary: '这条新闻没有英文译文。',
      summary_en: '',
      content: '<p>中文正文。</p>',
      content_en: '',
      cover: '',
      // Long ago, so it sorts last: the other tests' first pages stay as seeded (this test runs before them).
      publish_time: 946684800,
      weigh: 0,
      status: '1',
      create_time: 946684800,
      update_time: 946684800,
    })
    .returning('id');
  const id = typeof inserted === 'object' ? (inserted as { id: number }).id : (inserted as number);
  const en = await get(`/news/info?id=${id}&lang=en`);
  t.is(en.status, 200);
  t.true(en.html.includes('<title>只有中文的测试新闻 - Grand Canal Culture Association</title>'));
  t.regex(en.html, /<span lang="zh-CN">只有中文的测试新闻<\/span><span class="badge [^"]*fallback-mark[^"]*">Shown in Chinese: no English version yet<\/span>/);
  t.regex(en.html, /lang="zh-CN"><p>中文正文。<\/p>/);
  const zh = await get(`/news/info?id=${id}`);
  t.false(zh.html.includes('fallback-mark'), 'Chinese pages never mark anything');
  const lastPage = await get('/news?page=2&lang=en');
  t.true(lastPage.html.includes('fallback-mark'), 'cards mark it too');
});

test('Open Graph: absolute cover image, url and site name; RSS discovery on /news', async (t) => {
  const id = await idOf('news', 'title', '南旺分水枢纽考察笔记');
  const { html } = await get(`/news/info?id=${id}&lang=en`);
  t.true(html.includes(`<meta property="og:image" content="${server.url}/images/content/water-divide.svg">`));
  t.true(html.includes(`<meta property="og:url" content="${server.url}/news/info?id=${id}&amp;lang=en"/>`));
  t.true(html.includes('<meta property="og:site_name" content="Grand Canal Culture Association"/>'));
  t.true(html.includes('<meta property="og:type" content="article"/>'));
  const list = await get('/news');
  t.true(list.html.includes(`<link rel="alternate" type="application/rss+xml" title="新闻资讯 RSS" href="${server.url}/news/rss.xml?lang=zh-cn"/>`));
  t.regex(list.html, new RegExp(`<meta property="og:image" content="${server.url}/images/content/default.svg">`));
  const image = await fetch(`${server.url}/images/content/water-divide.svg`);
  t.is(image.status, 200);
  t.regex(image.headers.get('content-type') ?? '', /image\/svg\+xml/);
});

test('pages without islands ship no script; the cloud tour ships its island with the SVG and city links in the HTML', async (t) => {
  for (const path of ['/', '/index2', '/news', '/news?page=2', '/brand', '/trail', '/members', '/culture', '/forum', '/canals']) {
    t.false(/<script/i.test((await get(path)).html), path);
  }
  const { html } = await get('/canal');
  t.regex(html, /<script[^>]+type="module"/);
  t.regex(html, /data-island="CanalMap"/);
  t.regex(html, /<svg viewBox="0 0 \d+ \d+" role="img"/);
  t.is((html.match(/class="tour-course"/g) ?? []).length, 10, 'one line per section');
  t.true((html.match(/<button type="button" class="tour-stop[ "]/g) ?? []).length >= 27, 'every city is a button');
  const cities = (await server.app.knex('canal_city').where({ status: '1' }).select('id')) as { id: number }[];
  for (const { id } of cities) t.true(html.includes(`<li id="stop-${id}"><a href="/canals/info/city?id=${id}">`), `city ${id} links its page without JavaScript`);
});

test('the cloud tour sends its stories once: the island fetches them, its markup carries only the language', async (t) => {
  for (const lang of ['zh-cn', 'en'] as const) {
    const { html } = await get(`/canal?lang=${lang}`);
    const [, props = '', url = ''] = /data-island="CanalMap" data-lang="[^"]+" data-props="([^"]*)" data-props-url="([^"]*)"/.exec(html) ?? [];
    t.is(props, `{&quot;lang&quot;:&quot;${lang}&quot;}`, lang);
    t.is(url.replaceAll('&amp;', '&'), lang === 'en' ? '/api/index/tour?lang=en' : '/api/index/tour');
    t.false(html.includes('与运河同龄的城市'), 'no story text in the page');
    const answer = (await (await fetch(server.url + url.replaceAll('&amp;', '&'))).json()) as { code: number; data: { sections: { id: number }[]; stops: { name: { text: string }; intro: { text: string } }[] } };
    t.is(answer.code, 1);
    t.is(answer.data.sections.length, 10);
    const yangzhou = answer.data.stops.find((s) => s.name.text === (lang === 'en' ? 'Yangzhou' : '扬州'));
    t.truthy(yangzhou?.intro.text, `${lang}: stories come with the stops`);
  }
});

test('trail list links to the trail application', async (t) => {
  t.regex((await get('/trail')).html, /href="\/trail\/apply"/);
  t.regex((await get('/trail?lang=en')).html, /href="\/trail\/apply\?lang=en"[^>]*>Apply for a trail listing</);
});

test('sitemap.xml lists every public page and published item in both languages', async (t) => {
  const { status, type, html: xml } = await get('/sitemap.xml');
  t.is(status, 200);
  t.regex(type, /application\/xml/);
  t.regex(xml, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
  for (const path of ['/', '/index2', '/about', '/brand', '/news', '/trail', '/members', '/culture', '/forum', '/canal', '/canals']) {
    t.true(xml.includes(`<loc>${server.url}${path}</loc>`), path);
    t.true(xml.includes(`<loc>${server.url}${path}?lang=en</loc>`), `${path} en`);
  }
  const city = await idOf('canal_city', 'name', '扬州');
  t.true(xml.includes(`<loc>${server.url}/canals/info/city?id=${city}&amp;lang=en</loc>`));
  t.true(xml.includes(`<xhtml:link rel="alternate" hreflang="zh-CN" href="${server.url}/canals/info/city?id=${city}"/>`));
  const published = Number(((await server.app.knex('news').where('status', '1').count({ n: '*' })) as { n: number }[])[0]!.n);
  t.is((xml.match(/<loc>[^<]+\/news\/info\?id=\d+<\/loc>/g) ?? []).length, published);
  t.regex(xml, /<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
});

test('robots.txt keeps crawlers out of admin, member and API paths and points to the sitemap', async (t) => {
  const { status, type, html: text } = await get('/robots.txt');
  t.is(status, 200);
  t.regex(type, /text\/plain/);
  for (const path of ['/admin', '/user', '/api']) t.true(text.includes(`Disallow: ${path}\n`), path);
  t.true(text.includes(`Sitemap: ${server.url}/sitemap.xml`));
});

test('RSS 2.0 feed of the latest news in the requested language', async (t) => {
  const zh = await get('/news/rss.xml');
  t.is(zh.status, 200);
  t.regex(zh.type, /application\/rss\+xml/);
  t.regex(zh.html, /<rss version="2.0"/);
  t.regex(zh.html, /<title>新闻资讯 - 大运河文化协会<\/title>/);
  t.regex(zh.html, /<language>zh-cn<\/language>/);
  t.true(zh.html.includes('<title>南旺分水枢纽考察笔记</title>'));
  const items = zh.html.match(/<item>/g) ?? [];
  t.true(items.length >= 14 && items.length <= 20);
  t.regex(zh.html, /<pubDate>\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT<\/pubDate>/);
  const en = await get('/news/rss.xml?lang=en');
  t.regex(en.html, /<language>en<\/language>/);
  t.true(en.html.includes('<title>Field notes from the Nanwang water-diversion hub</title>'));
  t.regex(en.html, new RegExp(`<link>${server.url}/news/info\\?id=\\d+&amp;lang=en</link>`));
});

test("an article's related links are the others of its category, in the list's order, at most three, with their dates", async (t) => {
  const { content } = server.app.services;
  for (const lang of ['zh-cn', 'en'] as const) {
    const [first] = (await content.newsList(lang, { page: 1, category: null })).list.items;
    const article = await content.news(lang, first!.id);
    const category = article!.category!.id;
    const listed = (await content.newsList(lang, { page: 1, category })).list.items.filter((item) => item.id !== first!.id);
    t.true(listed.length > 0, 'the seeded category has other articles');
    t.deepEqual(
      article!.related,
      listed.slice(0, 3).map(({ id, title, publishTime }) => ({ id, title, publishTime })),
      lang,
    );
    const { html } = await get(`/news/info?id=${first!.id}${lang === 'en' ? '&lang=en' : ''}`);
    for (const link of article!.related) t.true(html.includes(`/news/info?id=${link.id}`), `link to ${link.id}`);
    // Every article of the category, among its newest or not, links to the newest others.
    const all = (await content.newsList(lang, { page: 1, category })).list.items;
    for (const item of all) {
      const others = all.filter((other) => other.id !== item.id).slice(0, 3);
      t.deepEqual((await content.news(lang, item.id))!.related, others.map(({ id, title, publishTime }) => ({ id, title, publishTime })), `${item.id} (${lang})`);
    }
  }
});
