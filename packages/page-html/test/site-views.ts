import { block, doc, p, render, t } from './document-builders';
import type { SitePageView, SiteInfo } from '../src';

// A published site as the reader would describe it: two sections (one in a group), two variants,
// a page tree with a group, nested and hidden pages, and a page rendered by renderPageDocument.

export const SITE: SiteInfo = {
  title: 'Acme Docs',
  lang: 'en',
  url: 'https://docs.acme.test/',
  searchUrl: 'https://docs.acme.test/search',
  customization: {
    title: 'Acme Docs',
    styling: { theme: 'clean', primaryColor: { light: '#346DDB', dark: '#6f9cf0' }, tint: { color: { light: '#346DDB', dark: '#346DDB' } } },
    themes: { default: 'light', toggeable: true },
    favicon: { icon: { light: 'https://cdn.acme.test/icon.png', dark: 'https://cdn.acme.test/icon-dark.png' } },
    header: {
      preset: 'default',
      logo: { light: 'https://cdn.acme.test/logo.png', dark: 'https://cdn.acme.test/logo-dark.png' },
      links: [
        { title: 'Blog', to: { kind: 'url', url: 'https://acme.test/blog' } },
        { title: 'Products', links: [{ title: 'Rockets', to: { kind: 'url', url: 'https://acme.test/rockets' } }] },
      ],
    },
    footer: {
      groups: [{ title: 'Company', links: [{ title: 'About', to: { kind: 'url', url: 'https://acme.test/about' } }] }],
      copyright: '© 2026 Acme',
    },
    socialAccounts: [{ platform: 'github', handle: 'acme', display: { footer: true, header: false } }],
    socialPreview: { url: 'https://cdn.acme.test/preview.png' },
  },
};

export async function samplePageView(overrides: Partial<SitePageView> = {}): Promise<SitePageView> {
  const rendered = await render(
    doc(
      p('Acme rockets take you anywhere.'),
      block('heading-1', [t('Install')], { id: 'install' }),
      p('Run the installer.'),
      block('code', [block('code-line', [t('npm install acme')])], { syntax: 'bash' }),
      block('heading-2', [t('Configure')], { id: 'configure' }),
      p('Set the fuel.'),
    ),
  );
  return {
    site: SITE,
    sections: [
      { kind: 'section', title: 'Guides', url: 'https://docs.acme.test/', isCurrent: true },
      { kind: 'group', title: 'More', sections: [{ title: 'API', url: 'https://docs.acme.test/api' }] },
    ],
    variants: [
      { title: 'v2', url: 'https://docs.acme.test/', isCurrent: true },
      { title: 'v1', url: 'https://docs.acme.test/v1' },
    ],
    pages: [
      { kind: 'document', id: 'intro', title: 'Introduction', url: 'https://docs.acme.test/' },
      {
        kind: 'group',
        id: 'g1',
        title: 'Getting started',
        pages: [
          {
            kind: 'document',
            id: 'quick',
            title: 'Quickstart',
            url: 'https://docs.acme.test/getting-started/quickstart',
            pages: [{ kind: 'document', id: 'install', title: 'Installing', url: 'https://docs.acme.test/getting-started/quickstart/installing' }],
          },
          { kind: 'document', id: 'secret', title: 'Secret draft', url: 'https://docs.acme.test/secret', hidden: true },
        ],
      },
      { kind: 'link', id: 'l1', title: 'Status', url: 'https://status.acme.test/' },
    ],
    breadcrumbs: [
      { title: 'Getting started', url: 'https://docs.acme.test/getting-started' },
      { title: 'Quickstart', url: 'https://docs.acme.test/getting-started/quickstart' },
    ],
    previous: { title: 'Quickstart', url: 'https://docs.acme.test/getting-started/quickstart' },
    next: { title: 'Status', url: 'https://status.acme.test/' },
    page: {
      id: 'install',
      title: 'Installing',
      description: 'Install Acme rockets in two steps.',
      html: rendered.html,
      headings: rendered.headings,
      updatedAt: '2026-11-20T09:30:00.000Z',
      canonicalUrl: 'https://docs.acme.test/getting-started/quickstart/installing',
      markdownUrl: 'https://docs.acme.test/getting-started/quickstart/installing.md',
    },
    ...overrides,
  };
}
