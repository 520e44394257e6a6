import { internalError } from '@quire/errors';
import { type LoadedRevision, presentFile, presentPage, type ContentUrls } from '../../revisions';
import type { LinkGroup } from '../domain/link-groups';
import type { PresentedSpace } from '../../spaces';

// Reference schemas: ContentReferenceUsage (link items) and ContentLocation (backlink items).
// Locations embed full Organization, Space, RevisionPage (with its `markdown` body, empty: T1)
// and RevisionFile objects, all taken from `objects` (fetched once per answer).

/** The reference's Organization as identity presents it for the caller. */
export type PresentedOrganization = Record<string, unknown> & { id: string };

/** The full objects link items embed, loaded once per answer (modules/links/http/link-answers.ts). */
export interface LinkedObjects {
  organizations: Map<string, PresentedOrganization>;
  /** Spaces the caller can read, presented for the caller. */
  spaces: Map<string, PresentedSpace>;
}

export interface LinkPresentationContext {
  spaceId: string;
  loaded: LoadedRevision;
  objects: LinkedObjects;
  contentUrls: ContentUrls;
  /** Pages presented so far for this answer. */
  presentedPages: Map<string, PresentedPage>;
}

type PresentedPage = ReturnType<typeof presentPage>;

function spaceAndOrganization(ctx: LinkPresentationContext, spaceId: string) {
  const space = ctx.objects.spaces.get(spaceId);
  const organization = space && ctx.objects.organizations.get(space.organization);
  if (!space || !organization) throw internalError(`Space ${spaceId} was not loaded for its links`);
  return { organization, space };
}

// A page is the location of every link it holds and the target of every link to it: presented once
// per answer, then shared.
function presentedPage(ctx: LinkPresentationContext, pageId: string, present: () => PresentedPage) {
  let page = ctx.presentedPages.get(pageId);
  if (!page) ctx.presentedPages.set(pageId, (page = present()));
  return page;
}

/** Where a page of the revision is: ContentLocationPage (with the anchor inside it, if any). */
export function presentPageLocation(ctx: LinkPresentationContext, pageId: string, anchor?: string) {
  const { index } = ctx.loaded;
  const page = index.page(pageId);
  if (!page) throw internalError(`Page ${pageId} is not in revision ${ctx.loaded.revision.id}`);
  const { organization, space } = spaceAndOrganization(ctx, ctx.spaceId);
  return {
    kind: 'page' as const,
    organization,
    space,
    page: presentedPage(ctx, pageId, () => presentPage(page, index, { id: space.id, organizationId: space.organization }, ctx.contentUrls)),
    ...(anchor !== undefined ? { internalLocation: { type: 'anchor' as const, anchor } } : {}),
  };
}

function presentTarget(ctx: LinkPresentationContext, group: LinkGroup) {
  const t = group.target;
  switch (t.kind) {
    case 'page':
      return presentPageLocation(ctx, t.page, t.anchor);
    case 'file': {
      const file = ctx.loaded.revision.tree.files.find((f) => f.id === t.file);
      if (!file) return undefined;
      return { kind: 'file' as const, ...spaceAndOrganization(ctx, ctx.spaceId), file: presentFile(file, ctx.loaded.revision.id, ctx.contentUrls) };
    }
    case 'space':
      return ctx.objects.spaces.has(t.space) ? { kind: 'space' as const, ...spaceAndOrganization(ctx, t.space) } : undefined;
    case 'url':
      return { kind: 'url' as const, url: t.url };
    default:
      // What the page wrote, so that a reader can find and fix it.
      return { kind: 'url' as const, url: t.target };
  }
}

/** One link item: its target, its status, and the pages it is written in. */
export function presentLinkItem(ctx: LinkPresentationContext, group: LinkGroup) {
  const target = presentTarget(ctx, group);
  return {
    status: group.status,
    relation: 'reference' as const,
    ...(target ? { targetReference: target } : {}),
    locationReferences: group.from.map((pageId) => presentPageLocation(ctx, pageId)),
  };
}
