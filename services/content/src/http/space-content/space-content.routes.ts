import { Router } from 'express';
import { listEnvelope, notFound, pageRequest, route, verifySignedUrl, type BlobStore, type Cache } from '@quire/common';
import { importContent, type ContentImportDeps } from '../../domain/content/import-content';
import { cachedText, loadRevision, pageIn, readPageBody, type LoadedRevision } from '../../domain/content/read-content';
import { authorizeSpace } from '../../policies/space.policy';
import { presentFile, presentPage, presentPageTree, presentRevision, type ContentUrls } from '../../presenters/revision.presenter';
import { findFileDownload } from '../../store/revision-content.store';
import type { ContentHttpDeps } from '../deps';
import {
  downloadParams,
  fileParams,
  filesQuery,
  importBody,
  pageParams,
  pageQueryParams,
  revisionFileParams,
  revisionPageParams,
  revisionParams,
  revisionQuery,
  spaceParams,
  supportedSource,
} from './space-content.schema';

export type SpaceContentDeps = ContentHttpDeps & {
  cache: Cache;
  contentUrls: ContentUrls;
  imports: ContentImportDeps;
  blobs: BlobStore;
  internalSecret: string;
};

/**
 * A space's content: its current revision (or any revision by id), the page tree, one page as
 * markdown or as a GitBook document, files, and imports. Members read; importing needs `edit`.
 */
export function spaceContentRoutes(deps: SpaceContentDeps): Router {
  const { db, cache, membership, contentUrls } = deps;
  const router = Router();

  /** The space (checked for `read`) and the revision asked for: the current one unless `revisionId`. */
  const readable = async (spaceId: string, userId: string, revisionId?: string) => {
    const { space } = await authorizeSpace(db, membership, spaceId, userId, 'read');
    const loaded = await loadRevision(db, cache, space.id, revisionId ?? space.revision_id);
    return { space: { id: space.id, organizationId: space.organization_id }, loaded };
  };
  const filesOf = (loaded: LoadedRevision) => loaded.revision.tree.files;

  for (const [prefix, params] of [
    ['/v1/spaces/:spaceId/content', spaceParams],
    ['/v1/spaces/:spaceId/revisions/:revisionId', revisionParams],
  ] as const) {
    router.get(
      prefix,
      route({ params, query: revisionQuery }, async ({ params: p, principal }, res) => {
        const { space, loaded } = await readable(p.spaceId, principal.userId, 'revisionId' in p ? p.revisionId : undefined);
        res.json(presentRevision(loaded.revision, loaded.index, space, contentUrls));
      }),
    );
    router.get(
      `${prefix}/pages`,
      route({ params, query: revisionQuery }, async ({ params: p, principal }, res) => {
        const { space, loaded } = await readable(p.spaceId, principal.userId, 'revisionId' in p ? p.revisionId : undefined);
        res.json({ pages: presentPageTree(loaded.index, space, contentUrls) });
      }),
    );
    router.get(
      `${prefix}/files`,
      route({ params, query: filesQuery }, async ({ params: p, query, principal }, res) => {
        const page = pageRequest(query);
        const { loaded } = await readable(p.spaceId, principal.userId, 'revisionId' in p ? p.revisionId : undefined);
        const files = filesOf(loaded);
        const items = files.slice(page.offset, page.offset + page.limit).map((f) => presentFile(f, loaded.revision.id, contentUrls));
        res.json(listEnvelope(items, files.length, page));
      }),
    );
  }

  for (const [path, params] of [
    ['/v1/spaces/:spaceId/content/files/:fileId', fileParams],
    ['/v1/spaces/:spaceId/revisions/:revisionId/files/:fileId', revisionFileParams],
  ] as const) {
    router.get(
      path,
      route({ params, query: revisionQuery }, async ({ params: p, principal }, res) => {
        const { loaded } = await readable(p.spaceId, principal.userId, 'revisionId' in p ? p.revisionId : undefined);
        const file = filesOf(loaded).find((f) => f.id === p.fileId);
        if (!file) throw notFound(`File ${p.fileId} not found`);
        res.json(presentFile(file, loaded.revision.id, contentUrls));
      }),
    );
  }

  for (const [path, params] of [
    ['/v1/spaces/:spaceId/content/page/:pageId', pageParams],
    ['/v1/spaces/:spaceId/revisions/:revisionId/page/:pageId', revisionPageParams],
  ] as const) {
    router.get(
      path,
      route({ params, query: pageQueryParams }, async ({ params: p, query, principal }, res) => {
        const { space } = await authorizeSpace(db, membership, p.spaceId, principal.userId, 'read');
        const revisionId = 'revisionId' in p ? p.revisionId : space.revision_id;
        const format = query.format ?? 'markdown';
        // A page of a revision never changes: its answer is cached whole, keyed by revision, page and format
        // (and the organization, which its `urls` name: a transfer changes them).
        const answer = await cachedText(cache, `content:page:${space.organization_id}:${space.id}:${revisionId}:${p.pageId}:${format}`, async () => {
          const loaded = await loadRevision(db, cache, space.id, revisionId);
          const page = pageIn(loaded, p.pageId);
          const body = page.kind === 'document' ? await readPageBody(db, loaded, page, format) : undefined;
          const ref = { id: space.id, organizationId: space.organization_id };
          return JSON.stringify(presentPage(page, loaded.index, ref, contentUrls, body, presentPageTree(loaded.index, ref, contentUrls, page.id)));
        });
        res.type('application/json').send(answer);
      }),
    );
  }

  // An import appends to the space's content; a page import replaces that page's body.
  for (const [path, params] of [
    ['/v1/spaces/:spaceId/content/import', spaceParams],
    ['/v1/spaces/:spaceId/content/page/:pageId/import', pageParams],
  ] as const) {
    router.post(
      path,
      route({ params, body: importBody }, async ({ params: p, body, principal }, res) => {
        const { space } = await authorizeSpace(db, membership, p.spaceId, principal.userId, 'edit');
        const result = await importContent(deps.imports, {
          spaceId: space.id,
          organizationId: space.organization_id,
          userId: principal.userId,
          url: body.url,
          source: supportedSource(body.source),
          placement: 'pageId' in p ? { kind: 'replace-page', pageId: p.pageId } : { kind: 'append' },
        });
        res
          .status(201)
          .location(deps.urls.api(`/spaces/${space.id}/revisions/${result.revision}`))
          .json(result);
      }),
    );
  }

  // Signed download links (no bearer token; the gateway lets them through, the signature is checked here).
  router.get(
    '/v1/file-downloads/:revisionId/:fileId',
    route({ params: downloadParams }, async ({ params, req }, res) => {
      const query = req.query as Record<string, string | undefined>;
      if (!verifySignedUrl(req.path, { expires: query.expires, signature: query.signature }, deps.internalSecret))
        throw notFound('This download link is invalid or has expired');
      const file = await findFileDownload(db, params.revisionId, params.fileId);
      const bytes = file ? await deps.blobs.get(file.blob) : null;
      if (!file || !bytes) throw notFound(`File ${params.fileId} not found`);
      res
        .status(200)
        .set({
          'Content-Type': file.contentType,
          'Content-Length': String(bytes.length),
          'Content-Disposition': `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`,
          'Content-Security-Policy': "default-src 'none'; sandbox",
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'private, max-age=300',
        })
        .end(bytes);
    }),
  );

  return router;
}
