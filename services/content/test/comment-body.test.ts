import { commentMarkdown } from '../src/domain/comments/comment-body';

// A comment's body as stored: markdown as posted, or a posted JSONDocument written as markdown
// (@quire/formats' documentToMarkdown, tested there).

describe('commentMarkdown', () => {
  it('keeps markdown as given and refuses a document with no text', () => {
    expect(commentMarkdown({ markdown: 'as *is*' })).toBe('as *is*');
    expect(() => commentMarkdown({ document: { nodes: [{ object: 'block', type: 'paragraph', nodes: [] }] } })).toThrow(/body\.document/);
  });
});
