import type { IconView, LinkView, TreePage } from '@quire/page-html';
import type { content as contentProto } from '@quire/proto';

// A published revision's pages (ContentPublished.GetPublishedPages: parents before children,
// siblings in order) as the reader needs them: which page an address names, the sidebar tree,
// breadcrumbs and previous/next. Pure.

/** A page as content's GetPublishedPages lists it. */
export type PageEntry = contentProto.PublishedPage;

/** A page icon's drawing by its name (the reader's bundled set), none for a name it lacks. */
export type IconLookup = (name: string) => IconView | undefined;

/** What the layout shows before the page's title: its emoji, else its icon when `icons` knows it; none otherwise. */
export function pageMarkOf(page: PageEntry, icons?: IconLookup): { emoji?: string; icon?: IconView } {
  if (page.emoji) return { emoji: page.emoji };
  const icon = page.icon && icons ? icons(page.icon) : undefined;
  return icon ? { icon } : {};
}

export class PageTree {
  private readonly byId: Map<string, PageEntry>;
  /** Documents a visitor can browse to, in reading order (hidden pages and their children left out). */
  private readonly readingOrder: PageEntry[];

  /** `basePath`: the site space's published path (`/sites/org/docs/`), ending with `/`. */
  constructor(
    readonly pages: readonly PageEntry[],
    readonly basePath: string,
    /** Page icons for the sidebar, breadcrumbs and previous/next; none: only emoji are shown. */
    private readonly icons?: IconLookup,
  ) {
    this.byId = new Map(pages.map((p) => [p.id, p]));
    this.readingOrder = pages.filter((p) => p.kind === 'document' && !this.isHidden(p));
  }

  /** The page an address names: `""` is the site space's first page; groups and links name none. */
  pageAt(pathname: string): PageEntry | undefined {
    const path = pathname.replace(/^\/+|\/+$/g, '');
    if (path === '') return this.readingOrder[0];
    return this.pages.find((p) => p.kind === 'document' && p.path === path);
  }

  /** A document's path below the site space's address: `""` for the first page, which lives at the root. */
  pathOf(pageId: string): string | undefined {
    const page = this.byId.get(pageId);
    if (!page || page.kind !== 'document') return undefined;
    return page.id === this.readingOrder[0]?.id ? '' : page.path;
  }

  /** The published address of a page of this site space. */
  urlOf(pageId: string, anchor?: string): string | undefined {
    const path = this.pathOf(pageId);
    if (path === undefined) return undefined;
    return anchor ? `${this.basePath}${path}#${encodeURIComponent(anchor)}` : `${this.basePath}${path}`;
  }

  /** The documents a visitor can browse to, in reading order. */
  readable(): readonly PageEntry[] {
    return this.readingOrder;
  }

  title(pageId: string): string | undefined {
    return this.byId.get(pageId)?.title;
  }

  /** The sidebar: nested pages, with their addresses (link pages: their http(s) target). */
  tree(): TreePage[] {
    const nodes = new Map<string, TreePage>();
    const roots: TreePage[] = [];
    for (const page of this.pages) {
      const kind = page.kind === 'group' || page.kind === 'link' ? page.kind : 'document';
      const url = kind === 'document' ? this.urlOf(page.id) : kind === 'link' ? page.linkUrl || undefined : undefined;
      const node: TreePage = { kind, id: page.id, title: page.title, hidden: page.hidden, ...(url ? { url } : {}), ...pageMarkOf(page, this.icons), pages: [] };
      nodes.set(page.id, node);
      const parent = page.parentId ? nodes.get(page.parentId) : undefined;
      (parent ? (parent.pages as TreePage[]) : roots).push(node);
    }
    return roots;
  }

  /** The page's document ancestors, root first. */
  breadcrumbs(page: PageEntry): LinkView[] {
    const crumbs: LinkView[] = [];
    const seen = new Set<string>([page.id]);
    for (let p = this.byId.get(page.parentId); p && !seen.has(p.id); p = this.byId.get(p.parentId)) {
      seen.add(p.id);
      const url = this.urlOf(p.id);
      if (url) crumbs.unshift({ title: p.title, url, ...pageMarkOf(p, this.icons) });
    }
    return crumbs;
  }

  /** The documents before and after the page in reading order. */
  neighbours(page: PageEntry): { previous?: LinkView; next?: LinkView } {
    const at = this.readingOrder.findIndex((p) => p.id === page.id);
    if (at < 0) return {};
    const link = (p: PageEntry | undefined) => (p ? { title: p.title, url: this.urlOf(p.id) as string, ...pageMarkOf(p, this.icons) } : undefined);
    const previous = link(this.readingOrder[at - 1]);
    const next = link(this.readingOrder[at + 1]);
    return { ...(previous ? { previous } : {}), ...(next ? { next } : {}) };
  }

  /** Hidden itself or below a hidden page. */
  private isHidden(page: PageEntry): boolean {
    const seen = new Set<string>();
    for (let p: PageEntry | undefined = page; p && !seen.has(p.id); p = this.byId.get(p.parentId)) {
      if (p.hidden) return true;
      seen.add(p.id);
    }
    return false;
  }
}
