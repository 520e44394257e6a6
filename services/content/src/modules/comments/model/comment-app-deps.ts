import type { Cache } from '@quire/platform/cache';
import type { ContentConversions } from '../../revisions';
import type { ContentAppDeps } from '../../shared';

/** What the comment use cases take: bodies posted as documents convert in a conversion thread; revisions come from the cache. */
export type CommentAppDeps = ContentAppDeps & { cache: Cache; conversions: ContentConversions };
