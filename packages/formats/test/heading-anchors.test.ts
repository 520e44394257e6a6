import { headingAnchors } from '../src/markdown/heading-anchors';

describe('heading anchors', () => {
  it('names ATX headings outside code, as documents anchor them', () => {
    const markdown = ['# Set **up** now', 'text', '```', '# not a heading', '```', '## [Linked](x.md) title ##', '####### seven'].join('\n');
    expect([...headingAnchors(markdown)]).toEqual(['set-up-now', 'linked-title']);
  });
});
