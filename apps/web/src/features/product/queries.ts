import { type CompanyPage, routes } from '@meridian/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../lib/services';
import { nextPage } from '../news/paging';

export const companyKeys = {
  all: ['company'] as const,
  searches: () => [...companyKeys.all, 'search'] as const,
  search: (name: string) => [...companyKeys.searches(), name] as const,
};

/** Company names and addresses are not translated, so the language is not part of the key. */
export function companySearchQuery(name: string) {
  return infiniteQueryOptions({
    queryKey: companyKeys.search(name),
    queryFn: ({ pageParam, signal }): Promise<CompanyPage> =>
      api.call(routes.companies, { name, page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPage(pages),
    // Typing a letter keeps the previous results on screen until the new ones arrive.
    placeholderData: (previous) => previous,
  });
}
