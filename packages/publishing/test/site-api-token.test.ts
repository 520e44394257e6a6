import { accessStampOf, apiTokenExpiry, apiTokenMayReadSpace, issueSiteApiToken, verifySiteApiToken } from '@quire/publishing';
import { b64, forge } from './token-helpers';

const SECRET = 'a server secret of at least 32 characters';
const scope = { organization: 'org1', site: 'site1', siteSpace: 'ss1', space: 'sp2', spaces: ['sp3', 'sp2'], as: 'stamp123456' };
const at = (iso: string) => new Date(iso);

describe('published-content API token', () => {
  it('carries the reference claims and its access stamp, and expires at the end of the UTC hour plus ten minutes', async () => {
    const { token, expiresAt } = await issueSiteApiToken(scope, SECRET, at('2026-11-27T08:15:00Z'));
    expect(expiresAt).toEqual(at('2026-11-27T09:10:00Z'));
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(payload).toEqual({
      kind: 'site',
      organization: 'org1',
      site: 'site1',
      siteSpace: 'ss1',
      space: 'sp2',
      spaces: ['sp2', 'sp3'],
      as: 'stamp123456',
      exp: Date.parse('2026-11-27T09:10:00Z') / 1000,
    });
    expect(apiTokenExpiry(at('2026-11-27T08:59:59Z'))).toBe(Date.parse('2026-11-27T09:10:00Z') / 1000);
    expect(apiTokenExpiry(at('2026-11-27T09:00:00Z'))).toBe(Date.parse('2026-11-27T10:10:00Z') / 1000);
  });

  it('never outlives the visitor JWT it was issued for', async () => {
    const now = at('2026-11-27T08:15:00Z');
    const { expiresAt, token } = await issueSiteApiToken(scope, SECRET, now, { notAfter: at('2026-11-27T08:16:30Z') });
    expect(expiresAt).toEqual(at('2026-11-27T08:16:30Z'));
    expect((await verifySiteApiToken(token, SECRET, at('2026-11-27T08:17:30Z'))).ok).toBe(false);
    // A visitor JWT that outlives the hour leaves the hour's bound.
    expect((await issueSiteApiToken(scope, SECRET, now, { notAfter: at('2026-11-28T00:00:00Z') })).expiresAt).toEqual(at('2026-11-27T09:10:00Z'));
  });

  it('is the same token all hour for the same scope, and another one the next hour', async () => {
    const early = await issueSiteApiToken(scope, SECRET, at('2026-11-27T08:00:01Z'));
    const late = await issueSiteApiToken({ ...scope, spaces: ['sp3', 'sp2', 'sp3'] }, SECRET, at('2026-11-27T08:59:59Z'));
    const next = await issueSiteApiToken(scope, SECRET, at('2026-11-27T09:00:01Z'));
    expect(late.token).toBe(early.token);
    expect(next.token).not.toBe(early.token);
  });

  it('stays short: its access stamp adds under 30 characters (11-character hash), whatever the site', async () => {
    const ids = { organization: 'Ab3dEf6hIj9kLm2nOp5q', site: 'site_Ab3dEf6hIj9kLm2nO', siteSpace: 'sitesp_Ab3dEf6hIj9kLm2n', space: 'Ab3dEf6hIj9kLm2nOp5r' };
    const stamp = accessStampOf({ site: ids.site, visibility: 'share-link', credential: 'a-share-key' });
    expect(stamp).toMatch(/^[\w-]{11}$/);
    const { token } = await issueSiteApiToken({ ...ids, as: stamp }, SECRET);
    const { as: _stamp, ...claims } = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as Record<string, unknown>;
    expect(token.length - forge({ alg: 'HS256', typ: 'JWT' }, claims, SECRET).length).toBeLessThan(30);
  });

  it('verifies until exp (with the grace), then refuses it', async () => {
    const { token } = await issueSiteApiToken(scope, SECRET, at('2026-11-27T08:59:00Z'));
    const ok = await verifySiteApiToken(token, SECRET, at('2026-11-27T09:05:00Z'));
    expect(ok).toEqual({ ok: true, claims: expect.objectContaining({ kind: 'site', space: 'sp2', spaces: ['sp2', 'sp3'], as: 'stamp123456' }) });
    expect(await verifySiteApiToken(token, SECRET, at('2026-11-27T09:11:00Z'))).toEqual({ ok: false, reason: 'expired' });
  });

  it('names an audience by site, visibility and credential', () => {
    const base = { site: 'site1', visibility: 'share-link', credential: 'k1' };
    expect(accessStampOf(base)).toBe(accessStampOf({ ...base }));
    expect(new Set([base, { ...base, site: 'site2' }, { ...base, visibility: 'public' }, { ...base, credential: 'k2' }].map(accessStampOf)).size).toBe(4);
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
    // A token of before access stamps (no `as`) is no token of ours any more.
    expect(await verifySiteApiToken(forge({ alg: 'HS256' }, { ...claims, as: undefined }, SECRET), SECRET, now)).toEqual({
      ok: false,
      reason: 'invalid-claims',
    });
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
