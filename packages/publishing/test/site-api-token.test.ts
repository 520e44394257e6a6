import { apiTokenExpiry, apiTokenMayReadSpace, issueSiteApiToken, verifySiteApiToken } from '@quire/publishing';
import { b64, forge } from './token-helpers';

const SECRET = 'a server secret of at least 32 characters';
const scope = { organization: 'org1', site: 'site1', siteSpace: 'ss1', space: 'sp2', spaces: ['sp3', 'sp2'] };
const at = (iso: string) => new Date(iso);

describe('published-content API token', () => {
  it('carries the reference claims and expires at the end of the UTC day plus a grace hour', async () => {
    const { token, expiresAt } = await issueSiteApiToken(scope, SECRET, at('2026-11-27T08:15:00Z'));
    expect(expiresAt).toEqual(at('2026-11-28T01:00:00Z'));
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(payload).toEqual({
      kind: 'site',
      organization: 'org1',
      site: 'site1',
      siteSpace: 'ss1',
      space: 'sp2',
      spaces: ['sp2', 'sp3'],
      exp: Date.parse('2026-11-28T01:00:00Z') / 1000,
    });
    expect(apiTokenExpiry(at('2026-11-27T23:59:59Z'))).toBe(Date.parse('2026-11-28T01:00:00Z') / 1000);
    expect(apiTokenExpiry(at('2026-11-28T00:00:00Z'))).toBe(Date.parse('2026-11-29T01:00:00Z') / 1000);
  });

  it('is the same token all day for the same scope, and another one the next day', async () => {
    const morning = await issueSiteApiToken(scope, SECRET, at('2026-11-27T00:00:01Z'));
    const evening = await issueSiteApiToken({ ...scope, spaces: ['sp3', 'sp2', 'sp3'] }, SECRET, at('2026-11-27T23:59:59Z'));
    const tomorrow = await issueSiteApiToken(scope, SECRET, at('2026-11-28T00:00:01Z'));
    expect(evening.token).toBe(morning.token);
    expect(tomorrow.token).not.toBe(morning.token);
  });

  it('verifies until exp (with the grace hour), then refuses it', async () => {
    const { token } = await issueSiteApiToken(scope, SECRET, at('2026-11-27T23:59:00Z'));
    const ok = await verifySiteApiToken(token, SECRET, at('2026-11-28T00:30:00Z'));
    expect(ok).toEqual({ ok: true, claims: expect.objectContaining({ kind: 'site', space: 'sp2', spaces: ['sp2', 'sp3'] }) });
    expect(await verifySiteApiToken(token, SECRET, at('2026-11-28T01:01:00Z'))).toEqual({ ok: false, reason: 'expired' });
  });

  it('reads only the spaces it lists', async () => {
    const { token } = await issueSiteApiToken({ ...scope, spaces: undefined }, SECRET);
    const checked = await verifySiteApiToken(token, SECRET);
    if (!checked.ok) throw new Error(checked.reason);
    expect(checked.claims.spaces).toEqual(['sp2']);
    expect(apiTokenMayReadSpace(checked.claims, 'sp2')).toBe(true);
    expect(apiTokenMayReadSpace(checked.claims, 'sp3')).toBe(false);
  });

  it('refuses another secret, tampered claims, another kind, bad claims and an unsigned token', async () => {
    const now = at('2026-11-27T12:00:00Z');
    const { token } = await issueSiteApiToken(scope, SECRET, now);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(await verifySiteApiToken(token, `${SECRET}!`, now)).toEqual({ ok: false, reason: 'bad-signature' });
    expect(await verifySiteApiToken(`${header}.${b64({ ...claims, spaces: ['sp2', 'other'] })}.${signature}`, SECRET, now)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
    expect(await verifySiteApiToken(forge({ alg: 'HS256' }, { ...claims, kind: 'user' }, SECRET), SECRET, now)).toEqual({ ok: false, reason: 'wrong-kind' });
    expect(await verifySiteApiToken(forge({ alg: 'HS256' }, { ...claims, spaces: ['other'] }, SECRET), SECRET, now)).toEqual({
      ok: false,
      reason: 'invalid-claims',
    });
    expect(await verifySiteApiToken(forge({ alg: 'HS256' }, { ...claims, site: 7 }, SECRET), SECRET, now)).toEqual({ ok: false, reason: 'invalid-claims' });
    expect(await verifySiteApiToken(`${b64({ alg: 'none' })}.${payload}.`, SECRET, now)).toEqual({ ok: false, reason: 'unsigned' });
    expect(await verifySiteApiToken(forge({ alg: 'HS256' }, { ...claims, exp: undefined }, SECRET), SECRET, now)).toEqual({
      ok: false,
      reason: 'missing-expiry',
    });
  });

  it('refuses to sign or verify with a short secret', async () => {
    await expect(issueSiteApiToken(scope, 'short')).rejects.toThrow(/at least 32/);
  });
});
