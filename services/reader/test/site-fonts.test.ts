import { siteStylesheet } from '@quire/page-html';
import { fontFileNamed, siteFontsOf } from '../src/modules/pages/application/font-files';
import { bundledFontOf, headingFontOf, monospaceFontOf } from '../src/modules/pages/domain/site-fonts';

const siteFontOf = (customization: unknown, assetsUrl: string) => siteFontsOf(customization, assetsUrl).font;

describe("a site's font", () => {
  it('is bundled for the reference fonts the reader ships; any other value keeps the system stack', () => {
    expect(bundledFontOf({ styling: { font: 'OpenSans' } })).toEqual({ family: 'Open Sans', package: 'open-sans' });
    for (const font of ['ABCFavorit', 'toString', '__proto__', { id: 'x', custom: true, fontFamily: 'Evil', fontFaces: [] }, undefined]) {
      expect(bundledFontOf({ styling: { font } })).toBeUndefined();
      expect(siteFontOf({ styling: { font } }, '/sites/o/docs/~quire/')).toBeUndefined();
    }
  });

  it("is latin woff2 files at content-hashed names under the site's assets address, served by their name", () => {
    const font = siteFontOf({ styling: { font: 'Lato' } }, '/sites/o/docs/~quire/')!;
    expect(font.family).toBe('Lato');
    // Lato has no 600 in its package: 400 and 700.
    expect(font.faces.map((f) => f.weight)).toEqual([400, 700]);
    for (const face of font.faces) {
      expect(face.url).toMatch(/^\/sites\/o\/docs\/~quire\/font-lato-\d00\.[0-9a-f]{16}\.woff2$/);
      const file = fontFileNamed(face.url.split('/').pop()!)!;
      expect(file.bytes.subarray(0, 4).toString('latin1')).toBe('wOF2');
    }
    expect(fontFileNamed('font-lato-400.0000000000000000.woff2')).toBeUndefined();
    expect(siteFontOf({ styling: { font: 'Inter' } }, '/~quire/')!.faces.map((f) => f.weight)).toEqual([400, 600, 700]);
  });

  it("puts @font-face rules and the body's family in the stylesheet, refusing anything but a family name and a path", () => {
    const css = siteStylesheet({}, { font: { family: 'Inter', faces: [{ weight: 400, url: '/s/~quire/font-inter-400.ab.woff2' }] } });
    expect(css).toContain(
      '@font-face{font-family:"Inter";font-style:normal;font-weight:400;font-display:swap;src:url("/s/~quire/font-inter-400.ab.woff2") format("woff2")}',
    );
    expect(css).toMatch(/body\{font-family:"Inter",system-ui,[^}]*\}$/);
    expect(siteStylesheet({})).toBe(siteStylesheet({}, undefined));
    expect(siteStylesheet({}, { font: { family: 'x"}</style>', faces: [{ weight: 400, url: '/a.woff2' }] } })).toBe(siteStylesheet({}));
    expect(siteStylesheet({}, { font: { family: 'Inter', faces: [{ weight: 400, url: 'https://fonts.example/a.woff2' }] } })).toBe(siteStylesheet({}));
    expect(siteStylesheet({}, { monospaceFont: { family: 'Evil;}', faces: [{ weight: 400, url: '/a.woff2' }] } })).toBe(siteStylesheet({}));
  });
});

describe("a site's heading and monospace fonts", () => {
  it('read styling.headingFont as a bundled font, the main font (null, unset) or the system stack (anything else)', () => {
    expect(headingFontOf({ styling: { headingFont: 'RobotoSlab' } })).toEqual({ family: 'Roboto Slab', package: 'roboto-slab' });
    expect(headingFontOf({ styling: { headingFont: null } })).toBe('main');
    expect(headingFontOf({ styling: {} })).toBe('main');
    for (const headingFont of ['ABCFavorit', 'FiraCode', '__proto__', { id: 'x', custom: true, fontFamily: 'Evil', fontFaces: [] }]) {
      expect(headingFontOf({ styling: { headingFont } })).toBe('system');
    }
    expect(monospaceFontOf({ styling: { monospaceFont: 'JetBrainsMono' } })).toEqual({ family: 'JetBrains Mono', package: 'jetbrains-mono' });
    for (const monospaceFont of ['Inter', 'toString', { id: 'x', custom: true, fontFamily: 'Evil', fontFaces: [] }, null]) {
      expect(monospaceFontOf({ styling: { monospaceFont } })).toBeUndefined();
    }
  });

  it('bundles every monospace font at 400 and 700 (those it has), and a heading font at 600 and 700 unless it is the body font', () => {
    for (const monospaceFont of ['FiraCode', 'IBMPlexMono', 'JetBrainsMono', 'SourceCodePro', 'RobotoMono', 'SpaceMono', 'DMMono', 'Inconsolata']) {
      const font = siteFontsOf({ styling: { monospaceFont } }, '/sites/o/docs/~quire/').monospaceFont!;
      // DM Mono has no 700 in its package: its 400 only.
      expect(font.faces.map((f) => f.weight)).toEqual(monospaceFont === 'DMMono' ? [400] : [400, 700]);
      for (const face of font.faces) {
        expect(face.url).toMatch(/^\/sites\/o\/docs\/~quire\/font-[a-z-]+-[47]00\.[0-9a-f]{16}\.woff2$/);
        expect(fontFileNamed(face.url.split('/').pop()!)!.bytes.subarray(0, 4).toString('latin1')).toBe('wOF2');
      }
    }
    const fonts = siteFontsOf({ styling: { font: 'Inter', headingFont: 'Merriweather', monospaceFont: 'FiraCode' } }, '/~quire/');
    expect(fonts.font!.family).toBe('Inter');
    expect(fonts.headingFont).toEqual({ family: 'Merriweather', faces: [expect.objectContaining({ weight: 600 }), expect.objectContaining({ weight: 700 })] });
    expect(fonts.monospaceFont!.family).toBe('Fira Code');
    expect(siteFontsOf({ styling: { font: 'Inter', headingFont: 'Inter' } }, '/~quire/').headingFont).toBeUndefined();
    expect(siteFontsOf({ styling: { font: 'Inter', headingFont: null } }, '/~quire/').headingFont).toBeUndefined();
    expect(siteFontsOf({ styling: { font: 'Inter', headingFont: 'ABCFavorit' } }, '/~quire/').headingFont).toBe('system');
    expect(siteFontsOf({ styling: { monospaceFont: { id: 'x', custom: true, fontFamily: 'Evil', fontFaces: [] } } }, '/~quire/')).toEqual({});
  });

  it('sets headings and code in their families in the stylesheet, after the body', () => {
    const face = (family: string, weight: number) => ({ family, faces: [{ weight, url: `/s/~quire/font-${weight}.ab.woff2` }] });
    const css = siteStylesheet({}, { font: face('Inter', 400), headingFont: face('Roboto Slab', 700), monospaceFont: face('Fira Code', 400) });
    expect(css).toContain(
      '@font-face{font-family:"Roboto Slab";font-style:normal;font-weight:700;font-display:swap;src:url("/s/~quire/font-700.ab.woff2") format("woff2")}',
    );
    expect(css).toContain('h1,h2,h3,h4,h5,h6{font-family:"Roboto Slab",system-ui,');
    expect(css).toMatch(/code,kbd,pre,samp\{font-family:"Fira Code",ui-monospace,[^}]*monospace\}$/);
    expect(css.indexOf('body{font-family:"Inter"')).toBeLessThan(css.indexOf('h1,h2,h3,h4,h5,h6{'));
    expect(siteStylesheet({}, { headingFont: 'system' })).toMatch(/\nh1,h2,h3,h4,h5,h6\{font-family:system-ui,[^}]*\}$/);
    expect(siteStylesheet({}, { headingFont: 'other' })).toBe(siteStylesheet({}));
  });
});
