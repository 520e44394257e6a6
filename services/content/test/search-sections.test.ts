import { pageSections } from '../src/modules/revisions/domain/page-sections';

// What search indexes of one page: the title section, then one section per heading, as text.

describe('page sections', () => {
  it('starts with the title section holding the description, then one section per heading', () => {
    const sections = pageSections(
      { title: 'Install', description: 'Getting Quire running.' },
      'Intro words.\n\n## Requirements\n\nNode **20** and `npm`.\n\n### On Linux\n\n```sh\napt-get install nodejs\n```\n\n## Next steps\n\nRead [the guide](guide.md).',
    );
    expect(sections).toEqual([
      { position: 0, anchor: '', heading: '', body: 'Getting Quire running. Intro words.' },
      { position: 1, anchor: 'requirements', heading: 'Requirements', body: 'Node 20 and npm.' },
      { position: 2, anchor: 'on-linux', heading: 'On Linux', body: 'apt-get install nodejs' },
      { position: 3, anchor: 'next-steps', heading: 'Next steps', body: 'Read the guide.' },
    ]);
  });

  it('drops GitBook block tags and HTML tags, keeps image alt text and table cells', () => {
    const [, hint] = pageSections(
      { title: 'T' },
      '# Notes\n\n{% hint style="info" %}\nMind the **gap**.\n{% endhint %}\n\n<div class="x">raw words</div>\n\n![a diagram](d.png)\n\n| a | b |\n|---|---|\n| cell | more |',
    );
    expect(hint?.body).toBe('Mind the gap. raw words a diagram a b cell more');
  });

  it('answers only the title section for an empty page', () => {
    expect(pageSections({ title: 'Empty' }, '')).toEqual([{ position: 0, anchor: '', heading: '', body: '' }]);
  });
});

describe('page sections of hostile HTML blocks', () => {
  it('reads 1 MB of unclosed `<!--` in linear time', () => {
    const started = performance.now();
    const [title] = pageSections({ title: 'Comments' }, '<!--'.repeat(250_000));
    expect(performance.now() - started).toBeLessThan(2000);
    expect(title?.body).toHaveLength(60_000); // MAX_SECTION_TEXT
  });
});
