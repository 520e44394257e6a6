import { htmlToMarkdown } from '../src/import/html-to-markdown';

describe('htmlToMarkdown', () => {
  it('keeps the main content and drops the page chrome', () => {
    const html = `<html><head><title>Install guide</title><style>p{}</style></head><body>
      <header><a href="/">Home</a></header><nav><ul><li>Menu item</li></ul></nav>
      <main><h1>Install</h1><p>Run <code>npm i</code> <strong>now</strong>, <em>then</em> <del>never</del>.</p>
      <ul><li>one</li><li>two</li></ul><img src="img/a.png" alt="A"><p><a href="other.html#x">Other</a></p></main>
      <footer>Copyright</footer><script>alert(1)</script></body></html>`;
    const { title, markdown } = htmlToMarkdown(html);
    expect(title).toBe('Install guide');
    expect(markdown).toContain('# Install');
    expect(markdown).toContain('Run `npm i` **now**, *then* ~~never~~.');
    expect(markdown).toMatch(/^- {1,3}one$/m);
    expect(markdown).toContain('![A](img/a.png)');
    expect(markdown).toContain('[Other](other.html#x)');
    for (const chrome of ['Menu item', 'Copyright', 'alert', 'Home', 'p{}']) expect(markdown).not.toContain(chrome);
  });

  it('takes the first heading as title when there is no <title>', () => {
    expect(htmlToMarkdown('<h2>Only heading</h2><p>x</p>').title).toBe('Only heading');
    expect(htmlToMarkdown('<p>no title</p>').title).toBeUndefined();
  });

  it('writes fenced code with its language and pipe tables, a header-less one with an empty header', () => {
    const { markdown } = htmlToMarkdown(
      '<pre><code class="language-js">const a = 1;\n</code></pre><table><tr><th>K</th><th>V</th></tr><tr><td>a|b</td><td>2</td></tr></table><table><tr><td>x</td><td>y</td></tr></table>',
    );
    expect(markdown).toContain('```js\nconst a = 1;\n```');
    expect(markdown).toContain('| K | V |\n| --- | --- |\n| a\\|b | 2 |');
    expect(markdown).toContain('|  |  |\n| --- | --- |\n| x | y |');
  });
});
