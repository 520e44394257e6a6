import type { TocHeading } from '../render/page-context';

// What the reader assembles for a page of a published site: plain data, read
// defensively (any field may be missing or of the wrong type; hostile strings are escaped). Every
// address is one the reader has already resolved to a published URL; the layout still passes each
// through the page-html URL policy.

/** A link the reader resolved: its text and published address. */
export interface LinkView {
  title: string;
  url: string;
  /** The linked page's emoji (code points or characters); anything else is not shown. */
  emoji?: string;
  /** The linked page's icon, shown when it has no emoji. */
  icon?: IconView;
}

export interface SiteInfo {
  title: string;
  /** The site's language (BCP 47, `en`, `pt-BR`); anything else gives `en`. */
  lang?: string;
  /** The site's home (its published root). */
  url: string;
  /** The site's search page: the search box is a GET form to it with `q`. */
  searchUrl: string;
  /**
   * Where the reader serves its own files (`<site>/~quire/`): the page loads its script from there.
   * None: the page has no script (it is complete without).
   */
  assetsUrl?: string;
  /**
   * The site's font (customization `styling.font`) as the reader bundles it: the family and the
   * address of each weight's woff2 file (the reader's own, content-hashed). None: the system stack.
   */
  font?: SiteFontView;
  /**
   * The headings' font (`styling.headingFont`) when it is not the body's: a bundled one, or
   * `'system'` (the system stack) for one the reader does not bundle.
   */
  headingFont?: SiteFontView | 'system';
  /** Code's font (`styling.monospaceFont`), bundled like `font`. None: the system's monospace stack. */
  monospaceFont?: SiteFontView;
  /** `unlisted` sites are served with `noindex`. */
  isUnlisted?: boolean;
  /**
   * The site's customization as `normalizeSiteCustomization` (@quire/publishing) answers it
   * (SiteCustomizationSettings, @gitbook/api 0.202.0). Header and footer links are ContentRefs: the
   * reader rewrites those it resolves to `{ kind: 'url', url }`; other kinds are shown as text.
   */
  customization?: unknown;
}

/**
 * A section (a tab), a section group (a menu of sections and links), or an external link (an
 * absolute address elsewhere; linkTo keeps only safe ones).
 */
export type SectionItem =
  | { kind: 'section'; title: string; url: string; isCurrent?: boolean }
  | { kind: 'link'; title: string; url: string }
  | { kind: 'group'; title: string; sections: Array<{ title: string; url: string; isCurrent?: boolean }> };

/** A site space of the current section: a version or language of the content. */
export interface VariantView {
  title: string;
  url: string;
  isCurrent?: boolean;
  /** Its language when the variants are translations (sets `hreflang`). */
  lang?: string;
}

/** A node of the page tree (revision pages): documents, groups, links to elsewhere. */
export interface TreePage {
  kind: 'document' | 'group' | 'link';
  id: string;
  title: string;
  /** The published address (documents), or the target (links); groups have none. */
  url?: string;
  hidden?: boolean;
  /** The page's emoji (code points or characters), shown before its title. */
  emoji?: string;
  /** The page's icon (RevisionPage `icon`), shown before its title when it has no emoji. */
  icon?: IconView;
  pages?: TreePage[];
}

/** What every page of the site shows around its main content. */
export interface SiteChromeView {
  site: SiteInfo;
  sections?: SectionItem[];
  variants?: VariantView[];
  /** The page tree of the current site space, as the sidebar. */
  pages?: TreePage[];
}

export interface PageView {
  id: string;
  title: string;
  /** The page's emoji (code points or characters), shown before its title. */
  emoji?: string;
  /** The page's icon (RevisionPage `icon`), shown before its title when it has no emoji. */
  icon?: IconView;
  /** The page's own description: shown under its title, and in the meta tags. */
  description?: string;
  /**
   * `renderPageDocument(...).description` (its first paragraph): the meta tags' description when the
   * page has none of its own, never shown (it would repeat the paragraph under it).
   */
  summary?: string;
  /** `renderPageDocument(...).html`: already safe; placed in `<main>` as it is. */
  html: string;
  /** `renderPageDocument(...).headings`: the on-page table of contents. */
  headings?: TocHeading[];
  /** ISO 8601 date of the page's last change (the published revision). */
  updatedAt?: string;
  /** Absolute published address of the page (canonical, `og:url`). */
  canonicalUrl?: string;
  /** The page as markdown (`<page>.md`). */
  markdownUrl?: string;
  /** The page's file in its Git-synced repository ("Edit on Git"); only an https address is shown. */
  editUrl?: string;
  /** The site asks visitors whether the page helped (customization `feedback.enabled`): a POST form to the page. */
  feedback?: boolean;
}

export interface SitePageView extends SiteChromeView {
  page: PageView;
  /** From the site's root to the page's parent. */
  breadcrumbs?: LinkView[];
  previous?: LinkView;
  next?: LinkView;
}

export interface SearchResultView {
  title: string;
  url: string;
  /** Plain text around the match. */
  excerpt?: string;
  /** Where the page sits (section, parent pages), plain text. */
  context?: string;
}

export interface SearchPageView extends SiteChromeView {
  query?: string;
  /** Why the query was not searched (it "must …"): shown instead of results. */
  refusal?: string;
  results?: SearchResultView[];
  /** The results before and after these (`~search?q=…&page=N`): a `nav` with `rel=prev` / `rel=next` links. */
  previousUrl?: string;
  nextUrl?: string;
}

/** The answer to a page's feedback posted without the reader's script (docs/reader.md, Page feedback). */
export interface FeedbackPageView extends SiteChromeView {
  /** The page rated: the comment form posts to it, the visitor is linked back to it. */
  pageUrl: string;
  rating: 'good' | 'ok' | 'bad';
  /** The comment was the post: no form again. */
  commented: boolean;
  /** The comment's longest length (the reader's rule). */
  commentMax: number;
}

export interface NotFoundPageView extends SiteChromeView {
  /** The address asked for, shown back to the visitor. */
  path?: string;
}

/** A bundled font: `@font-face` rules in the page's one `<style>`, the body set in it. */
export interface SiteFontView {
  family: string;
  faces: Array<{ weight: number; url: string }>;
}

/** The fonts of a site's `<style>`: the body's, the headings' and code's (see SiteInfo). */
export type SiteFontsView = Pick<SiteInfo, 'font' | 'headingFont' | 'monospaceFont'>;

/** An icon as the reader bundles it (Font Awesome Free's SVG): its viewBox and path data, drawn in the text's colour. */
export interface IconView {
  viewBox: string;
  paths: string[];
}
