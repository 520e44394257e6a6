import { htmlLinks } from '../src/import/html-links';
import { htmlPage, markdownPage } from '../src/import/single-page';

// One fetched document as one page (the markdown and html imports, the fetch aside), and the links
// a crawl follows from a page.

describe('markdownPage', () => {
  it('titles by front matter, else by the opening heading (dropped from the body), else by the file name', () => {
    expect(markdownPage('---\ntitle: From front matter\ndescription: Short\n---\n# Heading\n\nBody.\n', 'https://x.test/a.md')).toEqual({
      title: 'From front matter',
      markdown: '# Heading\n\nBody.',
      source: 'https://x.test/a.md',
      description: 'Short',
      pages: [],
    });
    expect(markdownPage('# Heading\n\nBody.\n', 'https://x.test/a.md')).toMatchObject({ title: 'Heading', markdown: 'Body.' });
    expect(markdownPage('Just text.\n', 'https://x.test/docs/getting-started.md')).toMatchObject({ title: 'getting-started', markdown: 'Just text.' });
  });
});

describe('htmlPage', () => {
  it('keeps the main content, titled by <title>, without repeating the title heading', () => {
    const page = htmlPage(
      '<html><head><title>Guide</title></head><body><nav>menu</nav><main><h1>Guide</h1><p>Text.</p></main></body></html>',
      'https://x.test/g',
    );
    expect(page).toEqual({ title: 'Guide', markdown: 'Text.', source: 'https://x.test/g', pages: [] });
  });
});

describe('htmlLinks', () => {
  it('lists hrefs in order, skips nofollow, and resolves against a same-origin <base> only', () => {
    const html = '<base href="/docs/"><a href="a">A</a><a rel="nofollow" href="b">B</a><a href="https://other.test/c">C</a>';
    expect(htmlLinks(html, 'https://x.test/start')).toEqual({ base: 'https://x.test/docs/', hrefs: ['a', 'https://other.test/c'] });
    expect(htmlLinks('<base href="https://evil.test/"><a href="a">A</a>', 'https://x.test/start').base).toBe('https://x.test/start');
  });
});
