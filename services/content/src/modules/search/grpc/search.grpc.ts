import { parseInput } from '@quire/input';
import type { AsyncService } from '@quire/platform/grpc';
import type { SqlExecutor } from '@quire/platform/sql';
import type { content } from '@quire/proto';
import type { UrlBuilder } from '@quire/urls';
import { searchPublishedContent } from '../application/search-published-content';
import { presentPublishedSearch } from '../presenters/published-search.presenter';
import { searchPublishedContentRequest } from './search-published-content.schema';

/** Search's calls of the Content gRPC service (proto/quire/content.proto), mounted with the others by the wiring. */
export function searchGrpc(deps: { db: SqlExecutor; urls: UrlBuilder }): Pick<AsyncService<content.ContentServer>, 'searchPublishedContent'> {
  return {
    searchPublishedContent: async (request) => {
      const input = parseInput(searchPublishedContentRequest, request);
      const outcome = await searchPublishedContent(deps.db, input);
      return { spaces: presentPublishedSearch(outcome.hits, deps.urls), pagesFound: outcome.groups, complete: outcome.complete };
    },
  };
}
