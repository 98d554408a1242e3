import { type NewsArticle, type NewsPage, routes } from '@meridian/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/services';
import { nextPage } from './paging';

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
    queryFn: ({ pageParam, signal }): Promise<NewsPage> =>
      api.call(routes.newsList, { category_id: category ?? undefined, page: pageParam }, { signal }),
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
    queryFn: ({ signal }): Promise<NewsArticle> =>
      api.call(routes.newsInfo, { id }, { signal, loading: true, showErrorMessage: false }),
  });
}
