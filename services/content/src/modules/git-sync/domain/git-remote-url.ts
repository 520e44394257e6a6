// A Git remote as the API takes it: an http(s) URL that may carry credentials
// (`https://user:token@host/owner/repo.git`). Credentials are used by the job and never shown:
// everything Quire stores in clear, logs or answers is the redacted form.

/** The URL with its user and password removed; anything that is not a URL is shown as `<invalid URL>`. */
export function redactRemote(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return '<invalid URL>';
  }
}

/** Every occurrence of this URL's credentials in `text`, quoted whole or alone, replaced by `***` (libraries' errors and stacks may quote either). */
export function redactRemoteSecrets(text: string, url: string): string {
  let out = text.split(url).join(redactRemote(url));
  try {
    const { username, password } = new URL(url);
    for (const secret of [password, username, safeDecode(password), safeDecode(username)]) if (secret.length >= 3) out = out.split(secret).join('***');
  } catch {
    // not a URL: nothing to redact beyond the whole string
  }
  return out;
}

/** `owner/repo` of `https://host/owner/repo.git` (the reference's `repoName`). */
export function repositoryName(url: string): string {
  const path = new URL(url).pathname.replace(/\/+$/, '').replace(/\.git$/, '');
  return path.split('/').filter(Boolean).slice(-2).join('/') || new URL(url).host;
}

/** `refs/heads/main` for `main`; full refs are kept. */
export function fullRef(ref: string): string {
  return ref.startsWith('refs/') ? ref : `refs/heads/${ref}`;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
