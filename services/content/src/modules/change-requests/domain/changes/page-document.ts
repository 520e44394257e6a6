import { readMarkdownPage, withoutLeadingHeading } from '@quire/formats';
import type { StoredPage } from '../../../revisions';
import type { PageFields, ReadPageFields } from './change-types';

/** A markdown document as a page body and the title it gives: front matter, then a leading `# heading`. */
export interface ReadDocument {
  body: string;
  title?: string;
  description?: string;
}

export function readDocument(markdown: string): ReadDocument {
  const page = readMarkdownPage(markdown.replace(/\u0000/g, ''));
  const fromHeading = page.isHeadingFirst ? page.heading : undefined;
  const body = fromHeading && !page.frontmatter.title ? withoutLeadingHeading(page.markdown) : page.markdown;
  return { body, title: page.frontmatter.title ?? fromHeading, description: page.frontmatter.description };
}

/** The optional page fields a change sets; an empty emoji or icon removes it. */
export function optionalFields(fields: PageFields & ReadPageFields, descriptionFromDocument: string | undefined): Partial<StoredPage> {
  const out: Partial<StoredPage> = {};
  if (fields.emoji !== undefined) out.emoji = fields.emoji === '' ? undefined : fields.emoji;
  if (fields.icon !== undefined) out.icon = fields.icon === '' ? undefined : fields.icon;
  const description = descriptionFromDocument ?? fields.description;
  if (description !== undefined) out.description = description;
  if (fields.hidden !== undefined) out.hidden = fields.hidden;
  if (fields.layout !== undefined) out.layout = fields.layout;
  return out;
}
