import { GitSyncError } from './git-sync-error';

// What a Git remote may be: a smart-HTTP URL (http or https), optionally with `user:token@`
// credentials, and a branch or full ref name. Everything else is refused before any request.

export interface GitRemoteAddress {
  /** The URL as given (credentials included), without trailing slashes: requests go to `${url}/info/refs…`. */
  url: string;
  /** The same URL without credentials, for messages. */
  display: string;
  /** Removes the credentials from a text (a message from the remote or from isomorphic-git). */
  redact: (text: string) => string;
}

export function parseRemoteUrl(raw: string): GitRemoteAddress {
  const text = raw.trim();
  // scp-like syntax (git@github.com:owner/repo.git) is Git's ssh transport.
  if (/^[^/:@\s]+@[^/:\s]+:/.test(text) && !/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    throw new GitSyncError('invalid-url', 'ssh remotes (user@host:path) are not supported: use the repository’s https URL');
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new GitSyncError('invalid-url', 'not a URL: give the repository’s https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new GitSyncError('invalid-url', `only http and https Git remotes are supported (got ${url.protocol.replace(/:$/, '')})`);
  }
  if (!url.hostname) throw new GitSyncError('invalid-url', 'the URL has no host');
  if (url.search || url.hash) throw new GitSyncError('invalid-url', 'a Git remote URL has no query or fragment');
  const secrets = [url.password, safeDecode(url.password), url.username, safeDecode(url.username)].filter((s) => s.length >= 4);
  const trimmed = url.toString().replace(/\/+$/, '');
  const bare = new URL(trimmed);
  bare.username = '';
  bare.password = '';
  return {
    url: trimmed,
    display: bare.toString(),
    redact: (message) => secrets.reduce((acc, secret) => acc.split(secret).join('***'), message),
  };
}

/**
 * The full ref a caller means: `main` → `refs/heads/main`, `refs/…` as given, `HEAD` (the remote's
 * default branch) only where `allowHead`. Names follow git-check-ref-format's rules.
 */
export function fullRefName(ref: string, allowHead: boolean): string {
  const name = ref.trim();
  if (name === 'HEAD') {
    if (allowHead) return name;
    throw new GitSyncError('invalid-ref', 'push to a branch, not HEAD');
  }
  const full = name.startsWith('refs/') ? name : `refs/heads/${name}`;
  const isValid =
    !/[\x00-\x20\x7f~^:?*[\\]/.test(full) &&
    !full.includes('..') &&
    !full.includes('@{') &&
    !full.endsWith('/') &&
    !full.endsWith('.lock') &&
    !full.split('/').some((part) => part === '' || part.startsWith('.'));
  if (!isValid || full === 'refs/heads/') throw new GitSyncError('invalid-ref', `not a valid branch or ref name: ${JSON.stringify(name)}`);
  return full;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
