import { ERRORS, NewsArticle, NewsPage } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../test/harness.js';
import { readArticles } from './article-files.js';
import { seedNews } from './news.seed.js';
import { NewsService } from './news.service.js';

const ARTICLES = readArticles();

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const get = (path: string, lang = 'en') => call(t.baseUrl, path, { headers: { lang } });
const db = () => t.server.ctx.db.kysely;

/** Writes straight into the tables, as a database console or an older release might: no sanitiser. */
async function insertRaw(
  id: number,
  texts: { lang: string; title: string; description: string; content_html: string }[],
  extra: { published?: number; created_at?: number; category_id?: number } = {},
): Promise<void> {
  await db()
    .insertInto('news')
    .values({
      id,
      category_id: extra.category_id ?? 1,
      logo: '/content/news/test.svg',
      created_at: extra.created_at ?? 1_000,
      published: extra.published ?? 1,
    })
    .execute();
  await db()
    .insertInto('news_translations')
    .values(texts.map((x) => ({ news_id: id, ...x })))
    .execute();
}

describe('GET /api/news/list', () => {
  it('pages every category newest first, ten to a page, without article bodies', async () => {
    const first = await get('/api/news/list?page=1&t=1');
    expect(first.status).toBe(200);
    const page1 = NewsPage.parse(first.body.data);
    expect(page1.total).toBe(ARTICLES.length);
    expect(page1.page).toBe(1);
    expect(page1.list).toHaveLength(10);
    const times = page1.list.map((n) => n.created_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(page1.list[0]).not.toHaveProperty('content');

    const page2 = NewsPage.parse((await get('/api/news/list?page=2')).body.data);
    expect(page2.list).toHaveLength(ARTICLES.length - 10);
    const ids = [...page1.list, ...page2.list].map((n) => n.id);
    expect(new Set(ids).size).toBe(ARTICLES.length);
    expect(page2.list.at(-1)?.created_at).toBeLessThanOrEqual(page1.list.at(-1)?.created_at ?? 0);
  });

  it('answers a page past the end with an empty list and the real total', async () => {
    const res = await get('/api/news/list?page=3');
    expect(res.body).toEqual({
      code: 1,
      msg: 'Success',
      data: { list: [], total: ARTICLES.length, page: 3 },
    });
  });

  it('filters by category: 1 announcements, 2 market news; an empty category means all', async () => {
    const announcements = NewsPage.parse((await get('/api/news/list?category_id=1&page=1')).body.data);
    const market = NewsPage.parse((await get('/api/news/list?category_id=2')).body.data);
    expect(announcements.total).toBe(ARTICLES.filter((a) => a.category === 1).length);
    expect(market.total).toBe(ARTICLES.filter((a) => a.category === 2).length);
    expect(announcements.list.every((n) => n.category_id === 1)).toBe(true);
    expect(market.list.every((n) => n.category_id === 2)).toBe(true);
    expect(announcements.list.map((n) => n.title)).toContain('Services are not available in five countries');
    const blank = NewsPage.parse((await get('/api/news/list?category_id=&page=')).body.data);
    expect(blank.total).toBe(ARTICLES.length);
  });

  it('refuses page 0, negative, fractional, huge or non-numeric pages and unknown categories', async () => {
    for (const query of ['page=0', 'page=-1', 'page=1.5', 'page=1001', 'page=99999999999', 'page=abc']) {
      const res = await get(`/api/news/list?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe(ERRORS.validation_failed.code);
      expect(res.body.data, query).toEqual([expect.objectContaining({ field: 'page' })]);
    }
    const category = await get('/api/news/list?category_id=99');
    expect(category.status).toBe(400);
    expect(category.body.data).toEqual([expect.objectContaining({ field: 'category_id' })]);
  });

  it('lists titles and summaries in the request language', async () => {
    const jp = NewsPage.parse((await get('/api/news/list?category_id=1', 'jp')).body.data);
    const restricted = jp.list.find((n) => n.id === 1);
    expect(restricted?.title).toBe('5か国でのサービス提供停止について');
    expect(restricted?.desc).toContain('北朝鮮');
    const ar = NewsPage.parse((await get('/api/news/list?category_id=1', 'ar')).body.data);
    expect(ar.list.find((n) => n.id === 1)?.title).toBe('الخدمات غير متاحة في خمس دول');
  });
});

describe('GET /api/news/info', () => {
  it('returns the restricted-countries announcement with all five countries', async () => {
    const res = await get('/api/news/info?id=1&t=5');
    const article = NewsArticle.parse(res.body.data);
    expect(article).toMatchObject({ id: 1, category_id: 1, logo: '/content/news/restricted-countries.svg' });
    for (const country of ['North Korea', 'Israel', 'China', 'Vanuatu', 'Cuba']) {
      expect(article.content).toContain(country);
    }
  });

  it('serves every seeded language', async () => {
    const hk = NewsArticle.parse((await get('/api/news/info?id=1', 'hk')).body.data);
    expect(hk.content).toContain('萬那杜');
    const tw = NewsArticle.parse((await get('/api/news/info?id=1', 'tw')).body.data);
    expect(tw.title).toBe(hk.title);
  });

  it('answers an unknown id with news_not_found (404) in the request language', async () => {
    const en = await get('/api/news/info?id=987654');
    expect(en.status).toBe(404);
    expect(en.body).toEqual({
      code: ERRORS.news_not_found.code,
      msg: 'This article does not exist.',
      data: null,
    });
    const jp = await get('/api/news/info?id=987654', 'jp');
    expect(jp.body.msg).toBe('この記事は存在しません。');
  });

  it('refuses a missing, zero, negative or non-numeric id', async () => {
    for (const query of ['', '?id=', '?id=0', '?id=-3', '?id=abc', '?id=1e99']) {
      const res = await get(`/api/news/info${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe(ERRORS.validation_failed.code);
    }
  });

  it('falls back to English field by field', async () => {
    await insertRaw(9001, [
      {
        lang: 'en',
        title: 'English title',
        description: 'English summary',
        content_html: '<p>English body</p>',
      },
      { lang: 'de', title: 'Deutscher Titel', description: '  ', content_html: '' },
    ]);
    const de = NewsArticle.parse((await get('/api/news/info?id=9001', 'de')).body.data);
    expect(de).toMatchObject({
      title: 'Deutscher Titel',
      desc: 'English summary',
      content: '<p>English body</p>',
    });
    const fr = NewsArticle.parse((await get('/api/news/info?id=9001', 'fr')).body.data);
    expect(fr).toMatchObject({ title: 'English title', desc: 'English summary' });
  });

  it('hides unpublished articles from the list and the detail', async () => {
    await insertRaw(9002, [{ lang: 'en', title: 'Draft', description: 'd', content_html: '<p>draft</p>' }], {
      published: 0,
      created_at: 4_000_000_000,
    });
    expect((await get('/api/news/info?id=9002')).status).toBe(404);
    const list = NewsPage.parse((await get('/api/news/list?category_id=1')).body.data);
    expect(list.list.map((n) => n.id)).not.toContain(9002);
  });
});

describe('stored HTML cannot run script', () => {
  const attack =
    '<p>Read me</p><script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2">' +
    '<a href="javascript:window.__pwned=3">link</a><iframe src="javascript:alert(1)"></iframe>' +
    '<svg onload="alert(1)"></svg><a href="https://www.example.com">ok</a>';

  it('strips script from content written straight into the database when it is served', async () => {
    await insertRaw(9003, [{ lang: 'en', title: 'Attack', description: 'x', content_html: attack }]);
    const article = NewsArticle.parse((await get('/api/news/info?id=9003')).body.data);
    expect(article.content).toContain('<p>Read me</p>');
    expect(article.content).not.toMatch(/<script|onerror|onload|javascript:|<iframe|<svg|__pwned/i);
    expect(article.content).toContain(
      '<a href="https://www.example.com" target="_blank" rel="noopener noreferrer">ok</a>',
    );
  });

  it('stores content already sanitised when it comes in through the service', async () => {
    await new NewsService(db()).addIfMissing({
      id: 9004,
      categoryId: 2,
      logo: '/content/news/test.svg',
      createdAt: 2_000,
      published: true,
      texts: [{ lang: 'en', title: 'In', description: 'd', contentHtml: attack }],
    });
    const row = await db()
      .selectFrom('news_translations')
      .select('content_html')
      .where('news_id', '=', 9004)
      .executeTakeFirstOrThrow();
    expect(row.content_html).toContain('<p>Read me</p>');
    expect(row.content_html).not.toMatch(/<script|onerror|javascript:|<iframe/i);
  });
});

describe('seeding', () => {
  it('is idempotent and writes every article in all 14 languages', async () => {
    await seedNews(db());
    const count = await db()
      .selectFrom('news_translations')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('news_id', '<=', ARTICLES.length)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(ARTICLES.length * 14);
    const seeded = await db().selectFrom('news').select('id').where('id', '<=', ARTICLES.length).execute();
    expect(seeded).toHaveLength(ARTICLES.length);
  });

  it('seeds a distinct, non-empty text for each language of each article', () => {
    for (const article of ARTICLES) {
      const titles = Object.values(article.texts).map((x) => x.title);
      expect(new Set(titles).size, article.slug).toBe(14);
      for (const text of Object.values(article.texts)) {
        expect(text.title.trim() && text.desc.trim() && text.content.trim(), article.slug).toBeTruthy();
      }
    }
  });
});
