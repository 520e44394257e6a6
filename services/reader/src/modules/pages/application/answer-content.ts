import { renderPageDocument } from '@quire/page-html';
import type { sites } from '@quire/proto';
import { blobAddress, fileAddress } from '../domain/request-kind';
import type { VisitOutcome } from '../domain/reader-answer';
import { visitOf } from '../../visits';
import { editLinkOf, feedbackEnabled } from '../domain/edit-link';
import { canonicalUrlOf, pageIconOf, pageMarkOf } from '../../site-reads';
import type { ReaderDeps } from './deps';
import { loadPageReferences } from './page-references';
import { loadSiteChrome } from './site-chrome';
import { variantsAtPage } from './variant-links';

/**
 * A resolved address's page: the site's profile and the site space's page tree (side by side),
 * then the page's document, rendered inside the site. Every read is scoped by the site's apiToken,
 * so nothing outside the spaces this site publishes can be read.
 */
export async function answerContent(deps: ReaderDeps, content: sites.PublishedSiteContent): Promise<VisitOutcome> {
  const { chrome, tree, pages: pagesAnswer, siteSpaces, restricted } = await loadSiteChrome(deps, content);
  const files = new Map(pagesAnswer.files.map((f) => [f.id, f]));
  const page = tree.pageAt(content.pathname);
  if (!page) return { kind: 'not-found', view: { ...chrome, path: `${content.basePath}${content.pathname}` }, restricted };

  const { documentJson } = await deps.contentPublished().getPublishedPageDocument({
    apiToken: content.apiToken,
    spaceId: content.space,
    revisionId: pagesAnswer.revisionId,
    pageId: page.id,
  });
  const document: unknown = JSON.parse(documentJson);
  // Other site spaces' pages and OpenAPI operations the document names: one batched read each, if any.
  const [{ isComplete, ...references }, switcher] = await Promise.all([
    loadPageReferences(deps, content, tree, siteSpaces, document),
    variantsAtPage(deps, content, chrome.variants, siteSpaces, page.path),
  ]);
  const rendered = await renderPageDocument(document as never, {
    ...references,
    // The file's content-addressed address on the site's own origin: the same on every view, kept by browsers (docs/reader.md, Images).
    fileUrl: (fileId) => {
      const file = files.get(fileId);
      if (!file) return undefined;
      return file.blob ? blobAddress(tree.basePath, file.blob, file.name) : fileAddress(tree.basePath, fileId);
    },
    fileName: (fileId) => files.get(fileId)?.name,
  });
  const feedback = feedbackEnabled(chrome.site.customization);
  return {
    kind: 'page',
    restricted,
    ...(isComplete && switcher.isComplete ? {} : { isPartial: true }),
    visit: { ...visitOf('page_view', content, pagesAnswer.revisionId, page.id), ...(feedback ? { feedbackForm: true } : {}) },
    view: {
      ...chrome,
      ...(switcher.variants ? { variants: switcher.variants } : {}),
      page: {
        id: page.id,
        title: page.title,
        ...pageMarkOf(page, pageIconOf),
        ...(page.description ? { description: page.description } : {}),
        summary: rendered.description,
        html: rendered.html,
        headings: rendered.headings,
        ...(page.updatedAt ? { updatedAt: page.updatedAt } : {}),
        canonicalUrl: canonicalUrlOf(content.canonicalUrl, content.pathname, tree.pathOf(page.id)),
        // At the page's own path (the first page too): `<page>.md`.
        markdownUrl: `${tree.basePath}${page.path}.md`,
        ...editLinkOf(chrome.site.customization, pagesAnswer.gitBlobUrl, page.gitFile),
        ...(feedback ? { feedback: true } : {}),
      },
      breadcrumbs: tree.breadcrumbs(page),
      ...tree.neighbours(page),
    },
  };
}
