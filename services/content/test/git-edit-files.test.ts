import { gitBlobBase } from '../src/modules/space-content/domain/git-edit-files';

const sync = (over: Partial<Parameters<typeof gitBlobBase>[0] & object>) => ({
  remote: '',
  ref: 'refs/heads/main',
  treeUrl: null,
  projectDirectory: null,
  ...over,
});

describe('Edit on Git addresses', () => {
  it('reads the tree URL, then a GitHub or GitLab remote, with the project directory', () => {
    expect(gitBlobBase(sync({ treeUrl: 'https://github.com/acme/docs/tree/main' }))).toBe('https://github.com/acme/docs/blob/main/');
    expect(gitBlobBase(sync({ treeUrl: 'https://gitlab.com/acme/docs/-/tree/dev/' }))).toBe('https://gitlab.com/acme/docs/-/blob/dev/');
    expect(gitBlobBase(sync({ remote: 'https://github.com/acme/docs.git', projectDirectory: '/handbook/' }))).toBe(
      'https://github.com/acme/docs/blob/main/handbook/',
    );
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
});
