import type { VariantView } from '@quire/page-html';
import type { sites } from '@quire/proto';
import { PageTree, readSpacePages } from '../../site-reads';
import type { ReaderDeps } from './deps';

/** More site spaces than this in one section: the rest link to their home without a read. */
const MAX_VARIANT_READS = 20;

/**
 * The version switcher on a page: each other site space of the section links to the document at the
 * page's own slug path when it has one, else to its home. One page-tree read per other site space,
 * side by side, kept by site version like the page's own tree; `isComplete` false when one failed
 * (that variant links home and the page is not kept, so the next visit reads again).
 */
export async function variantsAtPage(
  deps: ReaderDeps,
  content: sites.PublishedSiteContent,
  variants: readonly VariantView[] | undefined,
  siteSpaces: ReadonlyArray<{ spaceId: string; path: string }>,
  pagePath: string,
): Promise<{ variants?: VariantView[]; isComplete: boolean }> {
  if (!variants || variants.length < 2 || pagePath === '') return { ...(variants ? { variants: [...variants] } : {}), isComplete: true };
  let isComplete = true;
  const spaceAt = new Map(siteSpaces.map((s) => [s.path, s.spaceId]));
  const linked = await Promise.all(
    variants.map(async (variant, index) => {
      const spaceId = spaceAt.get(variant.url);
      if (variant.isCurrent === true || !spaceId || index >= MAX_VARIANT_READS) return variant;
      try {
        const { pages } = await readSpacePages(deps, content, spaceId, '');
        const tree = new PageTree(pages, variant.url.endsWith('/') ? variant.url : `${variant.url}/`);
        const same = tree.pageAt(pagePath);
        const url = same ? tree.urlOf(same.id) : undefined;
        return url ? { ...variant, url } : variant;
      } catch {
        isComplete = false;
        return variant;
      }
    }),
  );
  return { variants: linked, isComplete };
}
