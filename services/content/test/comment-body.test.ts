import { markdownBody } from '../src/modules/comments/domain/comment-body';
import { testConversions } from './conversion-threads';

// A comment's body as stored: markdown as posted, or a posted JSONDocument written as markdown
// (@quire/formats' documentToMarkdown, tested there) in a conversion thread.

describe('markdownBody', () => {
  it('keeps markdown as given, converts a document and refuses a document with no text', async () => {
    expect(await markdownBody({ markdown: 'as *is*' }, testConversions())).toEqual({ markdown: 'as *is*' });
    const document = { nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Hello', marks: [] }] }] }] };
    expect(await markdownBody({ document }, testConversions())).toEqual({ markdown: 'Hello' });
    await expect(markdownBody({ document: { nodes: [{ object: 'block', type: 'paragraph', nodes: [] }] } }, testConversions())).rejects.toThrow(
      /body\.document/,
    );
  });
});
