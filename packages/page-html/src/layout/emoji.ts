import { escapeText, tag, type Markup } from './markup';

// A page's `emoji` (Emoji, @gitbook/api 0.202.0: "Unicode codepoint or character of the emoji"):
// hex code points (`1f389`, `1f468-200d-1f4bb`) or the characters themselves. Anything that is not
// only emoji is dropped, so a page's emoji can never carry text or markup into the layout.

const CODE_POINTS = /^[0-9a-f]{2,6}(?:[-_ ][0-9a-f]{2,6}){0,9}$/i;
// Emoji and the parts of emoji sequences: joiner, variation selector 16, keycap, tag characters.
const EMOJI_PART = /[\p{Extended_Pictographic}\p{Emoji_Presentation}\p{Emoji_Modifier}#*0-9\u{e0020}-\u{e007f}]/u;
const SEQUENCE_MARKS = new Set([0x200d, 0xfe0f, 0x20e3]);
const isEmojiOnly = (text: string): boolean => [...text].every((char) => EMOJI_PART.test(char) || SEQUENCE_MARKS.has(char.codePointAt(0) as number));
const HAS_PICTOGRAPH = /[\p{Extended_Pictographic}\p{Regional_Indicator}]/u;

/** The emoji as characters, or undefined when the value is not only emoji (at most 50 characters, as the reference). */
export function emojiText(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '' || value.length > 50) return undefined;
  let text = value;
  if (CODE_POINTS.test(value)) {
    const points = value.split(/[-_ ]/).map((hex) => parseInt(hex, 16));
    if (points.some((point) => point > 0x10ffff)) return undefined;
    text = String.fromCodePoint(...points);
  }
  return isEmojiOnly(text) && HAS_PICTOGRAPH.test(text) ? text : undefined;
}

/** The emoji before a title: decorative (the title says what the page is), so hidden from screen readers. */
export function emojiMark(value: unknown): Markup {
  const text = emojiText(value);
  return text ? tag('span', { class: 'page-emoji', 'aria-hidden': 'true' }, escapeText(text)) : '';
}

/**
 * The emoji before a title, else the page's icon: an inline `<svg>` from the reader's bundled set,
 * decorative like the emoji. Its viewBox and path data are checked again (numbers and path commands
 * only), so nothing but a drawing reaches the page.
 */
export function pageMark(emoji: unknown, icon: unknown): Markup {
  if (emojiText(emoji)) return emojiMark(emoji);
  if (typeof icon !== 'object' || icon === null) return '';
  const { viewBox, paths } = icon as { viewBox?: unknown; paths?: unknown };
  if (typeof viewBox !== 'string' || !/^[0-9.-]+( [0-9.-]+){3}$/.test(viewBox) || !Array.isArray(paths) || !paths.length || paths.length > 8) return '';
  if (!paths.every((d) => typeof d === 'string' && /^[A-Za-z0-9 .,-]{1,20000}$/.test(d))) return '';
  const drawn = (paths as string[]).map((d) => `<path fill="currentColor" d="${d}"/>`).join('');
  return `<svg class="page-icon" viewBox="${viewBox}" aria-hidden="true" focusable="false">${drawn}</svg>`;
}
