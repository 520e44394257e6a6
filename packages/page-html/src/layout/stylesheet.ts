import { siteLookOf, type SiteLook, type ThemedColor } from './customization';

// One inline `<style>` per page: the site's colours as custom properties, then the fixed rules.
// `siteStylesheet(customization)` is its exact text, the same for every page of a site, so the
// reader hashes it once per customization (`style-src 'sha256-…'`) and a strict CSP holds. No
// `style` attribute anywhere; menus and the sidebar on a phone are `<details>`, so they work
// without the reader's script too.

const LIGHT = { background: '#ffffff', text: '#1b1b1f', muted: '#55565e', border: '#dcdde3', surface: '#f5f6f8' };
const DARK = { background: '#16171b', text: '#e9e9ee', muted: '#a7a8b2', border: '#34363e', surface: '#1f2126' };

function luminance(color: string): number {
  const [r, g, b] = channelsOf(color).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two `#rrggbb`/`#rgb` colours. */
export function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
}

const hex = (channels: number[]): string => `#${channels.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
const channelsOf = (color: string): number[] => {
  const full = color.length === 4 ? `#${color[1]}${color[1]}${color[2]}${color[2]}${color[3]}${color[3]}` : color;
  return [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16));
};

/**
 * The primary colour for links and focus, moved toward the text colour just enough to read (AA,
 * 4.5:1) on both the background and the surface (footer, current page, code): any primary colour
 * a site picks keeps its hue where it can, and links stay readable where it cannot.
 */
function readable(color: string, palette: typeof LIGHT): string {
  const from = channelsOf(color);
  const to = channelsOf(palette.text);
  for (let step = 0; step <= 20; step += 1) {
    const mixed = hex(from.map((c, i) => c + ((to[i] - c) * step) / 20));
    if (contrast(mixed, palette.background) >= 4.5 && contrast(mixed, palette.surface) >= 4.5) return mixed;
  }
  return palette.text;
}

function variables(palette: typeof LIGHT, primary: string, tint: string): string {
  return (
    `--bg:${palette.background};--text:${palette.text};--muted:${palette.muted};--border:${palette.border};--surface:${palette.surface};` +
    `--primary:${primary};--tint:${tint};--link:${readable(primary, palette)}`
  );
}

function themeRules(look: SiteLook): string {
  const pick = (color: ThemedColor, dark: boolean) => (dark ? color.dark : color.light);
  const light = `:root{color-scheme:light;${variables(LIGHT, pick(look.primary, false), pick(look.tint, false))}}`;
  const dark = `:root{color-scheme:dark;${variables(DARK, pick(look.primary, true), pick(look.tint, true))}}`;
  if (look.mode === 'dark') return dark;
  if (look.mode === 'system') return `${light}@media (prefers-color-scheme:dark){${dark}}`;
  return light;
}

/** The fixed rules: layout, landmarks, focus, the document's classes (page-html) and highlight.js tokens. */
export const SITE_RULES = [
  '*,*::before,*::after{box-sizing:border-box}',
  'html{-webkit-text-size-adjust:100%}',
  'body{margin:0;background:var(--bg);color:var(--text);font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;overflow-wrap:anywhere}',
  'a{color:var(--link)}',
  ':focus-visible{outline:3px solid var(--link);outline-offset:2px}',
  '.skip-link{position:absolute;left:.5rem;top:-4rem;padding:.5rem 1rem;background:var(--bg);color:var(--link);border:2px solid var(--link);z-index:10}',
  '.skip-link:focus{top:.5rem}',
  '.visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}',
  'ul.plain{list-style:none;margin:0;padding:0}',
  // Header: title/logo, header links, search; sections and variants under it.
  '.site-header{border-bottom:1px solid var(--border);border-top:4px solid var(--tint);background:var(--bg)}',
  '.header-bar{display:flex;flex-wrap:wrap;align-items:center;gap:.75rem 1.5rem;padding:.75rem 1rem;max-width:90rem;margin:0 auto}',
  '.site-title{font-weight:700;font-size:1.15rem;color:var(--text);text-decoration:none;display:inline-flex;align-items:center;gap:.5rem}',
  '.site-title img{max-height:2rem;width:auto}',
  '.header-links ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem}',
  '.menu{position:relative}',
  '.menu>summary{cursor:pointer;color:var(--link)}',
  '.menu>ul{position:absolute;z-index:5;min-width:12rem;margin:.25rem 0 0;padding:.5rem;list-style:none;background:var(--bg);border:1px solid var(--border);border-radius:.5rem}',
  '.menu>ul a{display:block;padding:.25rem .5rem}',
  '.site-search{display:flex;gap:.5rem;margin-left:auto}',
  'input[type=search]{font:inherit;padding:.35rem .6rem;border:1px solid var(--muted);border-radius:.4rem;background:var(--bg);color:var(--text);min-width:0;width:14rem;max-width:100%}',
  'button{font:inherit;padding:.35rem .8rem;border:1px solid var(--link);border-radius:.4rem;background:var(--bg);color:var(--link);cursor:pointer}',
  '.section-bar{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1.5rem;padding:0 1rem;max-width:90rem;margin:0 auto}',
  '.sections>ul{display:flex;flex-wrap:wrap;gap:0 1.25rem}',
  '.sections a{display:inline-block;padding:.5rem 0;color:var(--text);text-decoration:none;border-bottom:3px solid transparent}',
  '.sections a[aria-current]{border-bottom-color:var(--primary);font-weight:600}',
  '.variants{margin-left:auto;padding:.5rem 0}',
  // Body: sidebar, main, on-page contents.
  '.site-body{display:grid;grid-template-columns:minmax(0,1fr);gap:1.5rem;max-width:90rem;margin:0 auto;padding:1rem}',
  '.site-menu>summary{cursor:pointer;padding:.5rem .75rem;border:1px solid var(--border);border-radius:.4rem;font-weight:600}',
  '.page-tree ul{list-style:none;margin:0;padding:0 0 0 .9rem}',
  '.page-tree>ul{padding:0}',
  '.page-tree a{display:block;padding:.2rem .5rem;color:var(--text);text-decoration:none;border-left:3px solid transparent}',
  '.page-tree a:hover{text-decoration:underline}',
  '.page-tree a[aria-current=page]{border-left-color:var(--primary);color:var(--link);font-weight:600;background:var(--surface)}',
  '.page-tree .group-title{display:block;margin:1rem 0 .25rem;padding-left:.5rem;font-size:.8rem;font-weight:700;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}',
  'main{min-width:0}',
  'main:focus{outline:none}',
  '.breadcrumbs ol{display:flex;flex-wrap:wrap;list-style:none;margin:0 0 .5rem;padding:0;font-size:.9rem}',
  '.breadcrumbs li+li::before{content:"/";padding:0 .5rem;color:var(--muted)}',
  'h1{font-size:2rem;line-height:1.25;margin:.25rem 0 .5rem}',
  '.page-description{font-size:1.15rem;color:var(--muted);margin-top:0}',
  '.page-emoji{margin-right:.35em;font-style:normal}',
  '.page-icon{width:1em;height:1em;margin-right:.35em;vertical-align:-.125em;flex:none}',
  '.page-actions{margin:.25rem 0 1rem;font-size:.9rem}',
  '.page-feedback{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem;margin-top:2rem}.page-feedback p{margin:0 .5rem 0 0;font-weight:600}',
  '.feedback-status{flex-basis:100%;margin:0;color:var(--muted)}.feedback-status:empty{display:none}',
  '.feedback-comment{display:flex;flex-direction:column;align-items:flex-start;gap:.5rem;flex-basis:100%;margin:1rem 0}',
  '.feedback-comment textarea{font:inherit;width:100%;max-width:36rem;padding:.4rem;border:1px solid var(--border);border-radius:.4rem;background:transparent;color:var(--text)}',
  '.feedback-comment button{font:inherit;padding:.3rem .9rem;border:1px solid var(--border);border-radius:.4rem;background:transparent;color:var(--text);cursor:pointer}',
  '.page-feedback button{font:inherit;padding:.3rem .9rem;border:1px solid var(--border);border-radius:.4rem;background:transparent;color:var(--text);cursor:pointer}',
  '.page-meta{font-size:.9rem;color:var(--muted);border-top:1px solid var(--border);margin-top:2rem;padding-top:.75rem}',
  '.pagination{display:flex;flex-wrap:wrap;justify-content:space-between;gap:1rem;margin-top:1.5rem}',
  '.pagination a{display:block;padding:.75rem 1rem;border:1px solid var(--border);border-radius:.5rem;text-decoration:none;max-width:100%}',
  '.pagination .next{margin-left:auto;text-align:right}',
  '.pagination small{display:block;color:var(--muted)}',
  '.toc h2{font-size:.8rem;text-transform:uppercase;letter-spacing:.04em;color:var(--muted);margin:0 0 .5rem}',
  '.toc a{display:block;padding:.15rem 0;color:var(--text);text-decoration:none;font-size:.9rem}',
  '.toc a:hover{text-decoration:underline}',
  '.toc .level-2 a{padding-left:.75rem}',
  '.toc .level-3 a{padding-left:1.5rem}',
  '.search-results li{margin:0 0 1.25rem}',
  '.search-results p{margin:.25rem 0 0}',
  '.search-results .context{font-size:.85rem;color:var(--muted)}',
  // Footer.
  '.site-footer{border-top:1px solid var(--border);background:var(--surface);margin-top:2rem}',
  '.footer-inner{display:flex;flex-wrap:wrap;gap:1.5rem 3rem;max-width:90rem;margin:0 auto;padding:1.5rem 1rem}',
  '.footer-inner h2{font-size:.9rem;margin:0 0 .5rem}',
  '.footer-logo img{max-height:2rem;width:auto}',
  '.copyright{width:100%;margin:0;color:var(--muted);font-size:.9rem}',
  // The document (page-html's classes).
  'main img{max-width:100%;height:auto}',
  'pre{overflow-x:auto;padding:1rem;background:var(--surface);border:1px solid var(--border);border-radius:.5rem;font-size:.9rem}',
  'div.openapi{border:1px solid var(--border);border-radius:.5rem;padding:0 1rem;margin:1rem 0}',
  '.openapi-method{font-weight:700}',
  '.openapi-unavailable,.openapi-deprecated,.openapi-kind{color:var(--muted)}',
  '.openapi-responses{list-style:none;padding:0}',
  'code,kbd{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}',
  ':not(pre)>code{background:var(--surface);padding:.1rem .3rem;border-radius:.25rem}',
  // A heading's link shows on hover or focus (always where nothing hovers: phones).
  '.anchor{margin-left:.4rem;color:var(--muted);text-decoration:none;opacity:0}',
  ':is(h2,h3,h4):hover>.anchor,.anchor:focus{opacity:1}@media (hover:none){.anchor{opacity:1}}',
  // Hints by kind: colour and an icon (decorative: the note's aria-label names the kind).
  '.hint{position:relative;border-left:4px solid var(--primary);background:var(--surface);padding:.5rem 1rem .5rem 2.75rem;margin:1rem 0;border-radius:.25rem}',
  '.hint::before{position:absolute;left:.85rem;top:.75rem;width:1.25rem;height:1.25rem;border-radius:50%;display:flex;align-items:center;justify-content:center;font-size:.8rem;font-weight:700;line-height:1;color:#fff;background:var(--primary);content:"i"/""}',
  '.hint-success{border-left-color:#1a7f37}.hint-success::before{background:#1a7f37;content:"\\2713"/""}',
  '.hint-warning{border-left-color:#9a6700}.hint-warning::before{background:#9a6700;content:"!"/""}',
  '.hint-danger{border-left-color:#cf222e}.hint-danger::before{background:#cf222e;content:"\\00d7"/""}',
  // Sidebar groups open and close; the current section of "On this page" (reader-script.ts) is marked.
  '.page-tree details>summary{cursor:pointer;list-style-position:outside}.page-tree details>summary .group-title{display:inline}',
  '.toc a[aria-current]{color:var(--link);font-weight:600}',
  // Cells wrap between words only (body's `anywhere` would cut `integer` to `intege/r`); a table
  // wider than the column scrolls in its box instead of squeezing its words.
  '.table{overflow-x:auto;max-width:100%;margin:1rem 0}table{border-collapse:collapse}th,td{border:1px solid var(--border);padding:.4rem .6rem;text-align:left;vertical-align:top;overflow-wrap:break-word}',
  'td>p,th>p{margin:.25rem 0}td>:first-child{margin-top:0}td>:last-child{margin-bottom:0}.openapi-properties .openapi-properties{margin:.5rem 0 0}',
  '.tab{border:1px solid var(--border);border-radius:.5rem;padding:0 1rem;margin:.5rem 0}.tab-title{font-weight:600}',
  // Tabs once the script made them switch (reader-script.ts); without it every panel shows, titled.
  '.tabs-enhanced{border:1px solid var(--border);border-radius:.5rem;margin:1rem 0}.tabs-enhanced>.tab{border:0;margin:0}.tabs-enhanced .tab-title{display:none}[hidden]{display:none!important}',
  '.tab-list{display:flex;flex-wrap:wrap;gap:.25rem;padding:0 .5rem;border-bottom:1px solid var(--border)}',
  '.tab-button{border:0;border-bottom:3px solid transparent;border-radius:0;background:none;color:var(--text);padding:.5rem .75rem}',
  '.tab-button[aria-selected=true]{border-bottom-color:var(--primary);color:var(--link);font-weight:600}',
  // Code: a header with its title and language (and the script's copy button) above the code.
  '.code-block{margin:1rem 0;border:1px solid var(--border);border-radius:.5rem;background:var(--surface)}',
  '.code-header{display:flex;justify-content:flex-end;align-items:center;gap:.75rem;min-height:2.25rem;padding:.25rem .5rem .25rem 1rem;font-size:.8rem;color:var(--muted);border-bottom:1px solid var(--border)}',
  '.code-title{margin-right:auto;font-weight:600;color:var(--text)}.code-copy{padding:.1rem .6rem;font-size:.8rem}',
  '.code-block pre{margin:0;border:0;border-radius:0 0 .5rem .5rem}',
  // The search dialog (reader-script.ts): results as you type, matched words marked.
  '.search-dialog{width:min(40rem,calc(100vw - 2rem));max-height:85vh;padding:1rem;border:1px solid var(--border);border-radius:.75rem;background:var(--bg);color:var(--text)}',
  '.search-dialog::backdrop{background:rgb(0 0 0 / .45)}.search-dialog input[type=search]{width:100%;font-size:1.1rem}',
  '.search-dialog-results{max-height:60vh;overflow-y:auto;margin:.5rem 0}',
  '.search-dialog-results [role=option]{display:block;padding:.5rem .75rem;border-radius:.4rem;cursor:pointer}',
  '.search-dialog-results [role=option]:hover,.search-dialog-results [aria-selected=true]{background:var(--surface);outline:2px solid var(--link)}',
  '.search-dialog-title{display:block;font-weight:600;color:var(--link)}',
  '.search-dialog-context,.search-dialog-excerpt,.search-dialog-keys,.search-dialog-status{display:block;font-size:.85rem;color:var(--muted)}',
  '.search-dialog-keys,.search-dialog-status{margin:.25rem 0}',
  'mark{background:#fff0a0;color:#1b1b1f;border-radius:.15rem}',
  'blockquote{margin:1rem 0;padding-left:1rem;border-left:4px solid var(--border);color:var(--muted)}',
  'details.expandable{border:1px solid var(--border);border-radius:.5rem;padding:.5rem 1rem;margin:1rem 0}',
  'details.expandable>summary{cursor:pointer;font-weight:600}',
  '.task-list{list-style:none;padding-left:.5rem}',
  // A list item's paragraphs sit tight; a task's box stays on its text's line.
  'li>p{margin:.25rem 0}.task{display:flex;gap:.5rem;align-items:baseline}.task>input{flex:none}',
  '.hljs-comment,.hljs-quote{color:var(--muted);font-style:italic}',
  '.hljs-keyword,.hljs-selector-tag,.hljs-built_in,.hljs-type{color:#8250df}',
  '.hljs-string,.hljs-regexp,.hljs-addition{color:#0a7d2c}',
  '.hljs-number,.hljs-literal,.hljs-attr,.hljs-attribute{color:#0550ae}',
  '.hljs-title,.hljs-section,.hljs-function{color:#953800}',
  '.hljs-deletion{color:#cf222e}',
  '@media (prefers-color-scheme:dark){.hljs-keyword,.hljs-selector-tag,.hljs-built_in,.hljs-type{color:#d2a8ff}.hljs-string,.hljs-regexp,.hljs-addition{color:#7ee787}.hljs-number,.hljs-literal,.hljs-attr,.hljs-attribute{color:#79c0ff}.hljs-title,.hljs-section,.hljs-function{color:#ffa657}}',
  // Wide screens: the sidebar beside main, always open where `::details-content` can show a
  // closed `<details>` (else its "Pages" button stays, and works); the contents column at the right.
  '@media (min-width:60rem){.site-body{grid-template-columns:16rem minmax(0,1fr)}.site-sidebar{position:sticky;top:1rem;align-self:start;max-height:calc(100vh - 2rem);overflow-y:auto}}',
  '@media (min-width:60rem){@supports selector(::details-content){.site-menu>summary{display:none}.site-menu::details-content{content-visibility:visible;display:contents}}}',
  '@media (min-width:80rem){.site-body.has-toc{grid-template-columns:16rem minmax(0,1fr) 14rem}.toc{position:sticky;top:1rem;align-self:start}}',
  '@media (max-width:40rem){h1{font-size:1.6rem}.site-search{margin-left:0;width:100%}.site-search input{flex:1}.variants{margin-left:0}}',
].join('\n');

/** The exact text of a site's `<style>` element (hash it for the CSP): its colours, then SITE_RULES, then its fonts (SiteFontsView). */
export function siteStylesheet(customization: unknown, fonts?: unknown): string {
  return stylesheetOf(siteLookOf(customization), fonts);
}

export const stylesheetOf = (look: SiteLook, fonts?: unknown): string => `${themeRules(look)}\n${SITE_RULES}${fontsRules(fonts)}`;

const SYSTEM_FONTS = 'system-ui,-apple-system,"Segoe UI",Roboto,sans-serif';
const SYSTEM_MONOSPACE = 'ui-monospace,SFMono-Regular,Menlo,Consolas,monospace';
const HEADINGS = 'h1,h2,h3,h4,h5,h6';
const CODE = 'code,kbd,pre,samp';

/**
 * `@font-face` for each bundled weight, or none. The family and the addresses come from the reader
 * (never from content) and are checked again here: letters, digits and spaces; a path on the site's
 * own origin.
 */
function faceRules(font: unknown): { family: string; rules: string[] } | undefined {
  if (typeof font !== 'object' || font === null) return undefined;
  const { family, faces } = font as { family?: unknown; faces?: unknown };
  if (typeof family !== 'string' || !/^[A-Za-z0-9 ]{1,50}$/.test(family) || !Array.isArray(faces)) return undefined;
  const rules = faces
    .slice(0, 6)
    .flatMap((face: { weight?: unknown; url?: unknown }) =>
      typeof face?.url === 'string' && /^\/[A-Za-z0-9/_.~%-]{1,500}$/.test(face.url) && Number.isInteger(face.weight)
        ? [
            `@font-face{font-family:"${family}";font-style:normal;font-weight:${face.weight as number};font-display:swap;src:url("${face.url}") format("woff2")}`,
          ]
        : [],
    );
  return rules.length ? { family, rules } : undefined;
}

/** One bundled font's faces and the elements set in it, its system stack behind it. */
function fontRules(font: unknown, selector: string, fallback: string): string[] {
  const faces = faceRules(font);
  return faces ? [...faces.rules, `${selector}{font-family:"${faces.family}",${fallback}}`] : [];
}

/** The body's, the headings' and code's fonts (SiteFontsView); '' for none. */
function fontsRules(fonts: unknown): string {
  if (typeof fonts !== 'object' || fonts === null) return '';
  const { font, headingFont, monospaceFont } = fonts as { font?: unknown; headingFont?: unknown; monospaceFont?: unknown };
  const rules = [
    ...fontRules(font, 'body', SYSTEM_FONTS),
    ...(headingFont === 'system' ? [`${HEADINGS}{font-family:${SYSTEM_FONTS}}`] : fontRules(headingFont, HEADINGS, SYSTEM_FONTS)),
    ...fontRules(monospaceFont, CODE, SYSTEM_MONOSPACE),
  ];
  return rules.length ? `\n${rules.join('\n')}` : '';
}
