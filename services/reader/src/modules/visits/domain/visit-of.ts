import type { sites } from '@quire/proto';
import { cookiePath } from '../../visitor-access';
import type { Visit, VisitKind } from './visit';

/** What insights counts of a served answer of a resolved address (docs/reader.md, Counted). */
export function visitOf(kind: VisitKind, content: sites.PublishedSiteContent, revision: string, page: string): Visit {
  return {
    kind,
    organization: content.organization,
    site: content.site,
    siteSection: content.siteSection,
    siteSpace: content.siteSpace,
    space: content.space,
    revision,
    page,
    shareKey: content.shareKey,
    cookiePath: cookiePath(content.siteBasePath),
  };
}
