import { type NewsArticle, NewsArticle as NewsArticleSchema, NewsPage } from '@meridian/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../app/services';
import { nextPage } from './paging';

export const NEWS_PATHS = { list: '/api/news/list', info: '/api/news/info' } as const;

/** `null` category = every category. Texts come translated, so each language is its own entry. */
export type NewsFilter = number | null;

export const newsKeys = {
  all: ['news'] as const,
  lists: () => [...newsKeys.all, 'list'] as const,
  list: (category: NewsFilter, lang: string) => [...newsKeys.lists(), category ?? 'all', lang] as const,
  details: () => [...newsKeys.all, 'detail'] as const,
  detail: (id: number, lang: string) => [...newsKeys.details(), id, lang] as const,
};

export function newsListQuery(category: NewsFilter, lang: string) {
  return infiniteQueryOptions({
    queryKey: newsKeys.list(category, lang),
    queryFn: async ({ pageParam, signal }): Promise<NewsPage> => {
      const res = await api.get(
        NEWS_PATHS.list,
        { category_id: category ?? undefined, page: pageParam },
        { signal },
      );
      return NewsPage.parse(res.data);
    },
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPage(pages),
  });
}

/**
 * The spec shows a loading indicator for this call. The server's message for an unknown id is
 * shown on the page itself, so the toast stays off.
 */
export function newsDetailQuery(id: number, lang: string) {
  return queryOptions({
    queryKey: newsKeys.detail(id, lang),
    queryFn: async ({ signal }): Promise<NewsArticle> => {
      const res = await api.get(NEWS_PATHS.info, { id }, { signal, loading: true, showErrorMessage: false });
      return NewsArticleSchema.parse(res.data);
    },
  });
}
