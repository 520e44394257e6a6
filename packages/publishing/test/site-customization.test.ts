import fc from 'fast-check';
import { DEFAULT_SITE_CUSTOMIZATION, normalizeSiteCustomization } from '@quire/publishing';

describe('normalizeSiteCustomization', () => {
  it('answers the defaults, titled with the site, for a site that stored nothing', () => {
    for (const nothing of [undefined, null, {}, 'x', [], 42]) {
      expect(normalizeSiteCustomization(nothing, 'Acme docs')).toEqual({ title: 'Acme docs', ...DEFAULT_SITE_CUSTOMIZATION });
    }
  });

  it('lays valid stored settings over the defaults, field by field', () => {
    const out = normalizeSiteCustomization(
      {
        title: 'Stored title',
        styling: { theme: 'bold', primaryColor: { light: '#ff0000', dark: '#00F' }, headingFont: 'Lato', sidebar: { list: 'pill' } },
        header: {
          logo: { light: 'https://cdn.example/l.png', dark: 'https://cdn.example/d.png' },
          links: [{ title: 'Blog', to: { kind: 'url', url: 'https://example.com' } }],
        },
        footer: { copyright: '© Acme' },
        favicon: { emoji: '🎉' },
        announcement: { enabled: true, message: 'New!', style: 'info' },
        feedback: { enabled: true },
        socialAccounts: [{ platform: 'github', handle: 'acme', display: { footer: true, header: false } }],
      },
      'Site',
    );
    expect(out).toEqual(
      expect.objectContaining({
        title: 'Stored title',
        styling: expect.objectContaining({
          theme: 'bold',
          primaryColor: { light: '#ff0000', dark: '#00F' },
          headingFont: 'Lato',
          sidebar: { background: 'default', list: 'pill' },
          corners: 'rounded',
        }),
        header: {
          preset: 'default',
          logo: { light: 'https://cdn.example/l.png', dark: 'https://cdn.example/d.png' },
          links: [{ title: 'Blog', to: { kind: 'url', url: 'https://example.com' } }],
        },
        footer: { groups: [], copyright: '© Acme' },
        favicon: { emoji: '🎉' },
        announcement: { enabled: true, message: 'New!', style: 'info' },
        feedback: { enabled: true },
        socialAccounts: [{ platform: 'github', handle: 'acme', display: { footer: true, header: false } }],
      }),
    );
  });

  it('drops what does not fit the reference for the default, and unknown fields', () => {
    const out = normalizeSiteCustomization(
      {
        title: 'x',
        styling: { theme: 'neon', primaryColor: { light: 'red', dark: '#000' }, font: { custom: false }, codeTheme: { default: { light: 42 } } },
        header: { logo: { light: 'javascript:alert(1)', dark: 'https://a.example/x.png' }, links: 'nope' },
        favicon: { icon: { light: 'data:text/html,x', dark: 'x' } },
        feedback: { enabled: 'yes' },
        evil: '<script>',
        __proto__: { polluted: true },
      },
      'Site',
    );
    expect(out.title).toBe('Site');
    expect(out.styling).toEqual(DEFAULT_SITE_CUSTOMIZATION.styling);
    expect(out.header).toEqual(DEFAULT_SITE_CUSTOMIZATION.header);
    expect(out.favicon).toEqual({});
    expect(out.feedback).toEqual({ enabled: false });
    expect(out).not.toHaveProperty('evil');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('never throws, always gives every field of the defaults, and is idempotent', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({ styling: fc.anything(), header: fc.anything(), footer: fc.anything(), favicon: fc.anything(), title: fc.anything() }),
        ),
        (stored) => {
          const once = normalizeSiteCustomization(stored, 'Site');
          for (const key of Object.keys(DEFAULT_SITE_CUSTOMIZATION)) expect(once).toHaveProperty(key);
          expect(normalizeSiteCustomization(once, 'Other')).toEqual(once);
        },
      ),
      { numRuns: 200 },
    );
  });
});
