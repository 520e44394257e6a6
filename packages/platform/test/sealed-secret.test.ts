import { openSecret, sealSecret } from '../src/secrets';

// Secrets stored so that a database dump alone cannot use them (Git remotes, webhook signing secrets).

describe('sealed secrets', () => {
  const key = 'internal-secret-of-the-service';

  it('opens what it sealed, and seals the same text differently each time', () => {
    const a = sealSecret(key, 'git-sync-remote', 'https://u:token@host/r.git');
    const b = sealSecret(key, 'git-sync-remote', 'https://u:token@host/r.git');
    expect(a).not.toBe(b);
    expect(a).not.toContain('token');
    expect(openSecret(key, 'git-sync-remote', a)).toBe('https://u:token@host/r.git');
  });

  it('refuses another key, another purpose, a tampered value and a value that is not sealed', () => {
    const sealed = sealSecret(key, 'webhook-secret', 'whsec_abc');
    expect(() => openSecret('another-internal-secret', 'webhook-secret', sealed)).toThrow();
    expect(() => openSecret(key, 'git-sync-remote', sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = `${parts[3]!.slice(0, -2)}${parts[3]!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(() => openSecret(key, 'webhook-secret', parts.join('.'))).toThrow();
    expect(() => openSecret(key, 'webhook-secret', 'plain text')).toThrow(/not a sealed secret/);
  });
});
