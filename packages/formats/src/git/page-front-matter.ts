import type { FrontMatterLayout } from './git-layout';
import { isRecord, parseYaml, yamlLibrary } from './yaml-text';

// The front matter of a page's file, GitBook's keys: `description`, `icon` (an emoji, or a Font
// Awesome name: the page's icon), `hidden: true`, `layout:` with `{ visible }` per part. `title`
// is Quire's own, written only for a title a `# heading` cannot hold (a newline, closing `#`s); so
// is `slug`, written only in the root README.md (whose name holds none) when its title gives another.

export interface PageFields {
  title?: string;
  slug?: string;
  description?: string;
  emoji?: string;
  /**
   * A Font Awesome name (`gear`): any other text `icon:` holds, as written; the service that stores
   * it checks it by its own rule. GitBook has one `icon:`: an emoji is written over it.
   */
  icon?: string;
  hidden?: boolean;
  layout?: FrontMatterLayout;
}

/** GitBook's order of the parts of `layout:`, whose visibility is `{ visible: boolean }`. */
const SHOWN_PARTS = ['title', 'description', 'tableOfContents', 'outline', 'pagination', 'metadata'] as const;

/** An emoji character sequence (the test content's schema applies to a page's emoji), with something beyond ASCII. */
const EMOJI = /^[\p{Extended_Pictographic}\p{Emoji_Component}]+$/u;
/** An emoji as GitBook's API writes it: its code points in hex (`1f680`, `1f468-200d-1f469`). */
const CODE_POINTS = /^[0-9a-f]{2,6}(?:-[0-9a-f]{2,6})*$/i;

export function readFrontMatter(yaml: string, where: string): PageFields {
  const data = parseYaml(yaml, where);
  if (!isRecord(data)) return {};
  const fields: PageFields = {};
  if (typeof data.title === 'string' && data.title.trim()) fields.title = data.title;
  if (typeof data.slug === 'string' && data.slug.trim()) fields.slug = data.slug;
  if (typeof data.description === 'string' && data.description) fields.description = data.description;
  if (typeof data.icon === 'string' && EMOJI.test(data.icon) && /[^\x00-\x7f]/.test(data.icon)) fields.emoji = data.icon;
  else if (typeof data.icon === 'string' && data.icon.trim()) fields.icon = data.icon;
  if (data.hidden === true) fields.hidden = true;
  const layout = readLayout(data.layout);
  if (layout) fields.layout = layout;
  return fields;
}

/** `---` YAML `---` and a newline, keys in a fixed order; '' when no field is set. */
export function frontMatterText(fields: PageFields): string {
  const data: Record<string, unknown> = {};
  if (fields.title !== undefined) data.title = fields.title;
  if (fields.slug !== undefined) data.slug = fields.slug;
  if (fields.description) data.description = fields.description;
  if (fields.emoji) data.icon = emojiCharacters(fields.emoji);
  else if (fields.icon) data.icon = fields.icon;
  if (fields.hidden) data.hidden = true;
  const layout = fields.layout && layoutYaml(fields.layout);
  if (layout) data.layout = layout;
  return Object.keys(data).length ? `---\n${yamlLibrary().stringify(data)}---\n` : '';
}

function readLayout(value: unknown): FrontMatterLayout | undefined {
  if (!isRecord(value)) return undefined;
  const layout: FrontMatterLayout = {};
  if (value.width === 'default' || value.width === 'wide') layout.width = value.width;
  const cover = visibility(value.cover);
  if (cover !== undefined) layout.cover = cover;
  if (isRecord(value.cover) && (value.cover.size === 'hero' || value.cover.size === 'full')) layout.coverSize = value.cover.size;
  for (const part of SHOWN_PARTS) {
    const visible = visibility(value[part]);
    if (visible !== undefined) layout[part] = visible;
  }
  return Object.keys(layout).length ? layout : undefined;
}

/** `{ visible: true }` as GitBook writes it, or a plain boolean. */
function visibility(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  return isRecord(value) && typeof value.visible === 'boolean' ? value.visible : undefined;
}

function layoutYaml(layout: FrontMatterLayout): Record<string, unknown> | undefined {
  const yaml: Record<string, unknown> = {};
  if (layout.width) yaml.width = layout.width;
  if (layout.cover !== undefined || layout.coverSize)
    yaml.cover = { ...(layout.cover !== undefined ? { visible: layout.cover } : {}), ...(layout.coverSize ? { size: layout.coverSize } : {}) };
  for (const part of SHOWN_PARTS) if (layout[part] !== undefined) yaml[part] = { visible: layout[part] };
  return Object.keys(yaml).length ? yaml : undefined;
}

/** GitBook's `icon:` takes the emoji itself: code points in hex become the characters. */
export function emojiCharacters(emoji: string): string {
  if (!CODE_POINTS.test(emoji)) return emoji;
  const points = emoji.split('-').map((hex) => parseInt(hex, 16));
  return points.every((point) => point <= 0x10ffff) ? String.fromCodePoint(...points) : emoji;
}
