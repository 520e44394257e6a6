import { imageUrl, linkUrl } from '../safety/urls';
import { tag, escapeText, type Attributes, type Markup } from './markup';

// Every address the layout shows passes page-html's URL policy (src/safety/urls.ts); a refused one
// gives text instead of a link, as in documents.

/** `<a>` to `url` (external ones get `rel="noopener noreferrer"`), or the text in a `<span>` when refused. */
export function linkTo(url: unknown, content: Markup, attributes: Attributes = {}): Markup {
  const safe = linkUrl(url);
  if (!safe) return tag('span', { class: attributes.class }, content);
  return tag('a', { href: safe.href, rel: safe.external && !safe.href.startsWith('mailto:') ? 'noopener noreferrer' : undefined, ...attributes }, content);
}

/** An address for `<link>`/`<meta>` (canonical, alternates, previews), or undefined. */
export const pageAddress = (url: unknown): string | undefined => {
  const safe = linkUrl(url);
  return safe && !safe.href.startsWith('mailto:') ? safe.href : undefined;
};

/** An image address (logo, favicon, social preview), or undefined. */
export const imageAddress = (url: unknown): string | undefined => imageUrl(url)?.href;

/** An image address inside `srcset`, where a comma or a space would split it into candidates. */
export const srcsetAddress = (url: unknown): string | undefined => imageAddress(url)?.replace(/,/g, '%2C').replace(/ /g, '%20');

export const textOf = (value: unknown): Markup => escapeText(value);
