import { useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/**
 * The search box, filters and page of a server-paged admin list. Changing the search or a filter
 * goes back to page 1, since the old page number means nothing in the new result.
 */
export function usePagedFilters<Filters extends object>(initialFilters: Filters) {
  const [search, setSearchText] = useState('');
  const [filters, setFilterValues] = useState(initialFilters);
  const [page, setPage] = useState(1);
  const debouncedSearch = useDebouncedValue(search.trim());
  return {
    search,
    /** What the server is asked for: the search once typing pauses. */
    debouncedSearch,
    filters,
    page,
    setPage,
    setSearch: (value: string) => {
      setSearchText(value);
      setPage(1);
    },
    setFilters: (next: Filters) => {
      setFilterValues(next);
      setPage(1);
    },
    setFilter: <Key extends keyof Filters>(key: Key, value: Filters[Key]) => {
      setFilterValues((current) => ({ ...current, [key]: value }));
      setPage(1);
    },
  };
}
