import { siteStylesheet } from '@quire/page-html';
import { fontFileNamed, siteFontOf } from '../src/modules/pages/application/font-files';
import { bundledFontOf } from '../src/modules/pages/domain/site-fonts';

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
    const css = siteStylesheet({}, { family: 'Inter', faces: [{ weight: 400, url: '/s/~quire/font-inter-400.ab.woff2' }] });
    expect(css).toContain(
      '@font-face{font-family:"Inter";font-style:normal;font-weight:400;font-display:swap;src:url("/s/~quire/font-inter-400.ab.woff2") format("woff2")}',
    );
    expect(css).toMatch(/body\{font-family:"Inter",system-ui,[^}]*\}$/);
    expect(siteStylesheet({})).toBe(siteStylesheet({}, undefined));
    expect(siteStylesheet({}, { family: 'x"}</style>', faces: [{ weight: 400, url: '/a.woff2' }] })).toBe(siteStylesheet({}));
    expect(siteStylesheet({}, { family: 'Inter', faces: [{ weight: 400, url: 'https://fonts.example/a.woff2' }] })).toBe(siteStylesheet({}));
  });
});
