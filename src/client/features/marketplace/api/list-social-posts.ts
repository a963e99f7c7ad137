import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QueryOf } from '@shared/api-route';
import * as marketplaceApi from '@shared/marketplace/contract';
import { callApi } from '@client/lib/api-client';
import { SOCIAL_KEY } from './get-social-overview';

export type SocialPostParams = QueryOf<typeof marketplaceApi.socialPosts>;

/** How often the history looks again while a post is on its way. */
const WHILE_PENDING_MS = 3_000;

/** The history of posts, a page at a time; it follows posts on their way until they are published or fail. */
export function useSocialPosts(params: SocialPostParams) {
  return useQuery({
    queryKey: [...SOCIAL_KEY, 'posts', params],
    queryFn: ({ signal }) => callApi(marketplaceApi.socialPosts, { query: params, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.posts.some((post) => post.status === 'pending') ? WHILE_PENDING_MS : false,
  });
}
