import { gitBlobBase, gitFilesOf } from '../src/modules/space-content/domain/git-edit-files';
import type { StoredPage } from '../src/modules/revisions';

const sync = (over: Partial<Parameters<typeof gitBlobBase>[0] & object>) => ({
  remote: '',
  ref: 'refs/heads/main',
  treeUrl: null,
  projectDirectory: null,
  ...over,
});

describe('Edit on Git addresses', () => {
  it('reads the tree URL, then a GitHub or GitLab remote: the repository root, the project directory being in the files', () => {
    expect(gitBlobBase(sync({ treeUrl: 'https://github.com/acme/docs/tree/main' }))).toBe('https://github.com/acme/docs/blob/main/');
    expect(gitBlobBase(sync({ treeUrl: 'https://gitlab.com/acme/docs/-/tree/dev/' }))).toBe('https://gitlab.com/acme/docs/-/blob/dev/');
    expect(gitBlobBase(sync({ remote: 'https://github.com/acme/docs.git', projectDirectory: '/handbook/' }))).toBe('https://github.com/acme/docs/blob/main/');
    expect(gitBlobBase(sync({ remote: 'https://gitlab.example.org/acme/docs.git', ref: 'refs/heads/release/2' }))).toBe(
      'https://gitlab.example.org/acme/docs/-/blob/release/2/',
    );
  });

  it('gives none for another host, scheme or an unknown sync', () => {
    expect(gitBlobBase(null)).toBe('');
    expect(gitBlobBase(sync({ remote: 'http://127.0.0.1:9/docs.git' }))).toBe('');
    expect(gitBlobBase(sync({ treeUrl: 'javascript:alert(1)//tree/main' }))).toBe('');
    expect(gitBlobBase(sync({ treeUrl: 'http://github.com/acme/docs/tree/main' }))).toBe('');
    expect(gitBlobBase(sync({ remote: 'https://github.com/acme/docs.git', ref: 'refs/tags/v1' }))).toBe('');
  });

  const page = (id: string, title: string, slug: string, parentId: string | null = null) =>
    ({ id, kind: 'document', title, slug, parentId }) as unknown as StoredPage;
  const children = new Map<string | null, StoredPage[]>([
    [null, [page('p1', 'Overview', 'overview'), page('p2', 'Setup', 'setup')]],
    ['p2', [page('p3', 'Proxy', 'proxy', 'p2')]],
  ]);

  it("gives each page's path from the repository root: as Git Sync recorded it (a .gitbook.yaml root), else the export's file", () => {
    // Imported from a repository whose .gitbook.yaml says `root: ./docs/`: the recorded paths hold it.
    const recorded = {
      p1: { oid: 'a', path: 'docs/README.md' },
      p2: { oid: 'b', path: 'docs/setup/README.md' },
      f1: { oid: 'c', path: 'docs/.gitbook/assets/x.png' },
    };
    expect(Object.fromEntries(gitFilesOf(children, { projectDirectory: null }, recorded))).toEqual({
      p1: 'docs/README.md',
      p2: 'docs/setup/README.md',
      p3: 'setup/proxy.md',
    });
    // No record (a revision made in Quire): the export's layout, under the project directory.
    expect(Object.fromEntries(gitFilesOf(children, { projectDirectory: '/handbook/' }, null))).toEqual({
      p1: 'handbook/README.md',
      p2: 'handbook/setup/README.md',
      p3: 'handbook/setup/proxy.md',
    });
  });
});
