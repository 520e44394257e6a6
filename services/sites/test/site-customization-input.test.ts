import { ApiError } from '@quire/errors';
import { DEFAULT_SITE_CUSTOMIZATION } from '@quire/publishing';
import { validateCustomizationInput } from '../src/modules/sites/domain/customization-input';

function refusal(body: Record<string, unknown>): string {
  try {
    validateCustomizationInput(body, 'Site');
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(400);
    return (err as ApiError).message;
  }
  throw new Error('accepted');
}

describe('customization input', () => {
  it('accepts the defaults, a partial body and a GET answer put back (updatedAt ignored)', () => {
    expect(validateCustomizationInput({ ...DEFAULT_SITE_CUSTOMIZATION, title: 'Docs' }, 'Site')).toMatchObject({ title: 'Docs' });
    expect(validateCustomizationInput({ styling: { primaryColor: { light: '#112233', dark: '#abc' } } }, 'Site')).toEqual({
      styling: { primaryColor: { light: '#112233', dark: '#abc' } },
    });
    expect(validateCustomizationInput({ title: 'Docs 📘', updatedAt: '2026-01-01T00:00:00.000Z' }, 'Site')).toEqual({ title: 'Docs 📘' });
  });

  it('names the field of a bad colour, URL, option, text or unknown field', () => {
    expect(refusal({ styling: { primaryColor: { light: 'red', dark: '#000' } } })).toContain('"styling.primaryColor');
    expect(refusal({ header: { logo: { light: 'javascript:alert(1)', dark: 'https://x.example/l.png' } } })).toContain('"header.logo');
    expect(refusal({ styling: { theme: 'neon' } })).toContain('"styling.theme"');
    expect(refusal({ title: 'x'.repeat(129) })).toContain('"title"');
    expect(refusal({ surprise: true })).toContain('"surprise"');
    expect(refusal({ socialAccounts: [{ platform: 'myspace', handle: 'a', display: { footer: true, header: false } }] })).toContain('"socialAccounts"');
  });

  it('names the header or footer link whose address the pages would refuse, disguised schemes included', () => {
    const link = (url: string) => ({ title: 'Docs', to: { kind: 'url', url } });
    for (const url of ['javascript:alert(1)', '%6Aavascript:alert(1)', '&#106;avascript:alert(1)', 'java%09script:alert(1)', 'data:text/html,x']) {
      expect(refusal({ header: { links: [link(url)] } })).toContain('"header.links"');
      expect(refusal({ header: { links: [{ title: 'Menu', links: [link(url)] }] } })).toContain('"header.links"');
      expect(refusal({ footer: { groups: [{ title: 'More', links: [link(url)] }] } })).toContain('"footer.groups"');
    }
    const kept = { header: { links: [link('https://acme.test/blog'), link('/docs/Help%3AContents'), link('mailto:team@acme.test')] } };
    expect(validateCustomizationInput(kept, 'Site')).toEqual(kept);
  });

  it('refuses a huge body', () => {
    expect(refusal({ footer: { copyright: 'x'.repeat(300 * 1024) } })).toContain('at most');
  });
});
