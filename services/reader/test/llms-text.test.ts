import { linkText, linkUrl, LlmsFullText, llmsFullEntry, llmsTxt, MAX_LLMS_PAGES, oneLine } from '../src/modules/machine-readable/domain/llms-text';
import { readRequestKind } from '../src/modules/pages/domain/request-kind';

describe('llms.txt', () => {
  it('has the title, the summary and per site space a list of its pages’ markdown links', () => {
    const text = llmsTxt({ title: 'Acme Docs', summary: 'All of Acme.' }, [
      {
        title: 'Guides — v2',
        pages: [
          { title: 'Install', url: 'https://docs.acme.test/guides/install.md', description: 'Get it running' },
          { title: 'Use', url: 'https://docs.acme.test/guides/use.md', description: '' },
        ],
      },
      { title: 'Empty', pages: [] },
    ]);
    expect(text).toBe(
      [
        '# Acme Docs',
        '',
        '> All of Acme.',
        '',
        '## Guides — v2',
        '',
        '- [Install](https://docs.acme.test/guides/install.md): Get it running',
        '- [Use](https://docs.acme.test/guides/use.md)',
        '',
      ].join('\n'),
    );
  });

  it('escapes titles that would end the link early and flattens newlines everywhere', () => {
    const text = llmsTxt({ title: 'Site\n# injected', summary: 'one\ntwo' }, [
      { title: 'Sec\n## fake', pages: [{ title: 'a] (b) [c\\\nd', url: 'https://x.test/p (1).md', description: 'line\n- [fake](https://evil.test)' }] },
    ]);
    const lines = text.split('\n');
    expect(lines[0]).toBe('# Site # injected');
    expect(lines[2]).toBe('> one two');
    expect(lines).toContain('## Sec ## fake');
    expect(lines).toContain('- [a\\] (b) \\[c\\\\ d](https://x.test/p%20%281%29.md): line - [fake](https://evil.test)');
    // Every page is one list line: no line starts a link of its own.
    expect(lines.filter((l) => l.startsWith('- ['))).toHaveLength(1);
  });

  it('lists at most MAX_LLMS_PAGES pages', () => {
    const pages = Array.from({ length: MAX_LLMS_PAGES + 5 }, (_, i) => ({ title: `P${i}`, url: `https://x.test/p${i}.md`, description: '' }));
    const text = llmsTxt({ title: 'Big', summary: '' }, [{ title: 'A', pages }]);
    expect(text.split('\n').filter((l) => l.startsWith('- ['))).toHaveLength(MAX_LLMS_PAGES);
  });

  it('helpers: one line, link text, link URL', () => {
    expect(oneLine(' a\r\n\tb\u2028c  ')).toBe('a b c');
    expect(linkText('')).toBe('Untitled');
    expect(linkText('[x]')).toBe('\\[x\\]');
    expect(linkUrl('https://x.test/a b)<c>')).toBe('https://x.test/a%20b%29%3Cc%3E');
  });
});

describe('llms-full.txt', () => {
  it('has each page preceded by its title and URL', () => {
    expect(llmsFullEntry({ title: 'Install\nnow', url: 'https://x.test/install.md' }, '\nSteps.\n\n')).toBe(
      '# Install now\n\nSource: https://x.test/install.md\n\nSteps.\n',
    );
  });

  it('keeps whole entries within its byte cap, then says how many pages were left out and where the list is', () => {
    const full = new LlmsFullText('https://x.test/llms.txt', 100);
    expect(full.add('a'.repeat(60))).toBe(true);
    expect(full.add('b'.repeat(60))).toBe(false);
    // Once full, a small entry is left out too: the file keeps tree order with no holes.
    expect(full.add('c')).toBe(false);
    expect(full.full).toBe(true);
    full.skip(2);
    const text = full.text();
    expect(text).toContain('a'.repeat(60));
    expect(text).not.toContain('b'.repeat(60));
    expect(text).not.toMatch(/^c$/m);
    expect(text).toContain('> 4 more pages left out (limits: 10,000 pages, 20 MB). Every page: https://x.test/llms.txt');
  });

  it('skipping pages past the page cap does not stop the entries that fit', () => {
    const full = new LlmsFullText('https://x.test/llms.txt', 1000);
    full.skip(3);
    expect(full.add('first')).toBe(true);
    expect(full.full).toBe(false);
    expect(full.text()).toContain('> 3 more pages left out');
  });
});

describe('site files', () => {
  it('llms.txt and llms-full.txt are the site root’s', () => {
    expect(readRequestKind('https://d.test/sites/o/docs/llms.txt')).toEqual({ kind: 'llms', url: 'https://d.test/sites/o/docs/' });
    expect(readRequestKind('https://d.test/llms-full.txt')).toEqual({ kind: 'llms-full', url: 'https://d.test/' });
  });
});

describe('llms-full.txt links', () => {
  it('resolves a page’s relative links and images against its own .md address, leaving absolute ones, anchors and code', () => {
    const markdown = [
      'See [Quickstart](quickstart.md), [Up](../index.md "Home") and [Spaced](<my page.md>).',
      '![Diagram](../.gitbook/assets/cluster%20diagram.png) [Site](https://example.com/x) [Here](#install) [Mail](mailto:a@b.c)',
      '```md',
      '[Kept](quickstart.md)',
      '```',
    ].join('\n');
    expect(llmsFullEntry({ title: 'Install', url: 'https://docs.test/v1/guides/install.md' }, markdown)).toBe(
      '# Install\n\nSource: https://docs.test/v1/guides/install.md\n\n' +
        'See [Quickstart](https://docs.test/v1/guides/quickstart.md), [Up](https://docs.test/v1/index.md "Home") and [Spaced](https://docs.test/v1/guides/my%20page.md).\n' +
        '![Diagram](https://docs.test/v1/.gitbook/assets/cluster%20diagram.png) [Site](https://example.com/x) [Here](#install) [Mail](mailto:a@b.c)\n' +
        '```md\n[Kept](quickstart.md)\n```\n',
    );
  });
});
