import type { StaffNewsArticle } from '@meridian/contract';
import { describe, expect, it } from 'vitest';
import { articleTexts } from './content';

const before: StaffNewsArticle = {
  id: 3,
  category_id: 2,
  logo: '/content/news/market-news.svg',
  published: true,
  created_at: 1_700_000_000,
  texts: [
    { lang: 'en', title: 'Rates', desc: 'd', content: '<p>x</p>' },
    { lang: 'de', title: 'Zinsen', desc: '', content: '' },
  ],
};

describe('articleTexts', () => {
  it('sends the languages written, trimmed, and nothing for untouched ones', () => {
    const texts = articleTexts(
      {
        category_id: 2,
        published: false,
        texts: { en: { title: ' Rates ', desc: '', content: '<p>y</p>' }, fr: {} },
      },
      null,
    );
    expect(texts).toEqual([{ lang: 'en', title: 'Rates', desc: '', content: '<p>y</p>' }]);
  });

  it('sends a language the article had, emptied, so the server drops it', () => {
    const texts = articleTexts(
      {
        category_id: 2,
        published: true,
        texts: { en: { title: 'Rates', desc: 'd', content: '<p>x</p>' }, de: { title: '' } },
      },
      before,
    );
    expect(texts.map((x) => [x.lang, x.title])).toEqual([
      ['en', 'Rates'],
      ['de', ''],
    ]);
  });
});
