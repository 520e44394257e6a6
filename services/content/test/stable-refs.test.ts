import { RevisionIndex } from '../src/modules/revisions/domain/content-refs';
import { resolveBatchLinks } from '../src/modules/change-requests/domain/batch-links';
import { withStableRefs } from '../src/modules/revisions/domain/stable-refs';
import type { RevisionTree } from '../src/modules/revisions/model/revision-tree';
import { storedPage } from './stored-page';

// `format.markdown.refs=stable` (today's client, 0.202.0): a body's links by id instead of by path.

const TREE: RevisionTree = {
  pages: [storedPage('intro', null), storedPage('guide', null), storedPage('install', 'guide')],
  files: [{ id: 'f1', name: 'logo.png', contentType: 'image/png', size: 1, blob: 'b' }],
};
const index = new RevisionIndex(TREE);

describe('withStableRefs', () => {
  const stored = [
    'See [the guide](../guide.md) and [its setup](install.md#setup).',
    '![Logo](../.gitbook/assets/logo.png)',
    'Elsewhere: [docs](https://example.com/x), [above](#top), [gone](./missing.md).',
    '```',
    '[kept in code](../guide.md)',
    '```',
  ].join('\n');

  it('links pages as /pages/<id> (anchors kept) and files as /files/<id>; URLs, in-page anchors, broken links and code stay', () => {
    expect(withStableRefs(stored, 'install', index).split('\n')).toEqual([
      'See [the guide](/pages/guide) and [its setup](/pages/install#setup).',
      '![Logo](/files/f1)',
      'Elsewhere: [docs](https://example.com/x), [above](#top), [gone](./missing.md).',
      '```',
      '[kept in code](../guide.md)',
      '```',
    ]);
  });

  it('reads back through a batch content edit to the body it came from', () => {
    const stable = withStableRefs(stored, 'install', index);
    const resolved = resolveBatchLinks(stable, 'install', index, new Map());
    // The broken link is the one difference: a batch edit turns a link that leads nowhere into its text.
    expect(resolved).toBe(stored.replace('[gone](./missing.md)', 'gone'));
  });
});
