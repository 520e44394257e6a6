import { fullRef, redactRemote, redactRemoteSecrets, repositoryName } from '../src/modules/git-sync/domain/git-remote-url';

// A remote's credentials are used by the job and never shown.

describe('Git remote URLs', () => {
  const url = 'https://bot:s3cr%40t-token@git.example.com/acme/docs.git';

  it('drops the user and password from what Quire stores and shows', () => {
    expect(redactRemote(url)).toBe('https://git.example.com/acme/docs.git');
    expect(redactRemote('not a url')).toBe('<invalid URL>');
  });

  it('removes the credentials from any text, the URL quoted whole or the token alone, encoded or not', () => {
    const text = `fetch ${url} failed; auth s3cr%40t-token / s3cr@t-token rejected for bot`;
    const clean = redactRemoteSecrets(text, url);
    expect(clean).not.toMatch(/s3cr/);
    expect(clean).toContain('https://git.example.com/acme/docs.git');
  });

  it('names the repository and completes refs as the reference writes them', () => {
    expect(repositoryName(url)).toBe('acme/docs');
    expect(repositoryName('http://127.0.0.1:9418/docs.git')).toBe('docs');
    expect(fullRef('main')).toBe('refs/heads/main');
    expect(fullRef('refs/tags/v1')).toBe('refs/tags/v1');
  });
});
