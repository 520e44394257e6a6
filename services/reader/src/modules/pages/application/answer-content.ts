import { renderPageDocument, type SiteChromeView } from '@quire/page-html';
import type { sites } from '@quire/proto';
import { PageTree } from '../domain/page-tree';
import { fileAddress } from '../domain/request-kind';
import type { VisitOutcome } from '../domain/reader-answer';
import { visitOf } from '../domain/visit-of';
import { canonicalUrlOf, readSiteProfile } from '../domain/site-structure';
import type { ReaderDeps } from './deps';

/**
 * A resolved address's page: the site's profile and the site space's page tree (side by side),
 * then the page's document, rendered inside the site. Every read is scoped by the site's apiToken,
 * so nothing outside the spaces this site publishes can be read.
 */
export async function answerContent(deps: ReaderDeps, content: sites.PublishedSiteContent): Promise<VisitOutcome> {
  const [profileAnswer, pagesAnswer] = await Promise.all([
    deps.sites().getPublishedSite({ organizationId: content.organization, siteId: content.site, shareKey: '' }),
    deps.contentPublished().getPublishedPages({ apiToken: content.apiToken, spaceId: content.space, revisionId: content.revision }),
  ]);
  const restricted = content.visibility === 'share-link' || content.visibility === 'visitor-auth';
  const profile = readSiteProfile(profileAnswer.profileJson, { siteSection: content.siteSection, siteSpace: content.siteSpace });
  const tree = new PageTree(pagesAnswer.pages, content.basePath.endsWith('/') ? content.basePath : `${content.basePath}/`);
  const chrome: SiteChromeView = {
    site: {
      title: profile.title,
      lang: profile.lang,
      url: content.siteBasePath,
      // Site search is a later step (docs/reader.md): the box sends the query to the site's search address.
      searchUrl: `${content.siteBasePath.replace(/\/?$/, '/')}~search`,
      isUnlisted: profile.visibility === 'unlisted' || restricted,
      customization: profile.customization,
    },
    sections: profile.sections,
    variants: profile.variants,
    pages: tree.tree(),
  };
  const files = new Map(pagesAnswer.files.map((f) => [f.id, f]));
  const page = tree.pageAt(content.pathname);
  if (!page) return { kind: 'not-found', view: { ...chrome, path: `${content.basePath}${content.pathname}` }, restricted };

  const { documentJson } = await deps.contentPublished().getPublishedPageDocument({
    apiToken: content.apiToken,
    spaceId: content.space,
    revisionId: pagesAnswer.revisionId,
    pageId: page.id,
  });
  const rendered = await renderPageDocument(JSON.parse(documentJson) as never, {
    pageUrl: (pageId, anchor) => tree.urlOf(pageId, anchor),
    // Through the site space's own address, which redirects to content's signed download.
    fileUrl: (fileId) => (files.has(fileId) ? fileAddress(tree.basePath, fileId) : undefined),
    fileName: (fileId) => files.get(fileId)?.name,
    pageTitle: (pageId) => tree.title(pageId),
  });
  return {
    kind: 'page',
    restricted,
    visit: visitOf('page_view', content, pagesAnswer.revisionId, page.id),
    view: {
      ...chrome,
      page: {
        id: page.id,
        title: page.title,
        description: page.description || rendered.description,
        html: rendered.html,
        headings: rendered.headings,
        ...(page.updatedAt ? { updatedAt: page.updatedAt } : {}),
        canonicalUrl: canonicalUrlOf(content.canonicalUrl, content.pathname, tree.pathOf(page.id)),
        // At the page's own path (the first page too): `<page>.md`.
        markdownUrl: `${tree.basePath}${page.path}.md`,
      },
      breadcrumbs: tree.breadcrumbs(page),
      ...tree.neighbours(page),
    },
  };
}
