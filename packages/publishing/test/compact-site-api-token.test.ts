import { issueCompactSiteApiToken, issueSiteApiToken, verifyCompactSiteApiToken, verifySiteApiToken } from '@quire/publishing';

const SECRET = 'a server secret of at least 32 characters';
const at = (iso: string) => new Date(iso);
// Quire's ids are 20 characters (@quire/ids newId), a stamp 11.
const scope = { organization: 'o'.repeat(20), site: 's'.repeat(20), as: 'a'.repeat(11) };

describe('the compact published-content API token', () => {
  it('stays under 200 characters and decodes as a JWT with its claims', async () => {
    const { token, expiresAt } = await issueCompactSiteApiToken(scope, SECRET, at('2026-11-27T08:15:00Z'));
    expect(token.length).toBeLessThan(200);
    expect(expiresAt).toEqual(at('2026-11-27T09:10:00Z'));
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as unknown);
    expect(header).toEqual({ alg: 'HS256' });
    expect(payload).toEqual({ k: 'ss', o: scope.organization, s: scope.site, as: scope.as, exp: Date.parse('2026-11-27T09:10:00Z') / 1000 });
  });

  it('verifies its own tokens and refuses the full token, a tampered one and an expired one', async () => {
    const now = at('2026-11-27T08:15:00Z');
    const { token } = await issueCompactSiteApiToken(scope, SECRET, now);
    expect(await verifyCompactSiteApiToken(token, SECRET, now)).toEqual({ ok: true, claims: { ...scope, exp: Date.parse('2026-11-27T09:10:00Z') / 1000 } });
    const full = await issueSiteApiToken({ ...scope, siteSpace: 'ss1', space: 'sp1' }, SECRET, now);
    expect(await verifyCompactSiteApiToken(full.token, SECRET, now)).toEqual({ ok: false, reason: 'wrong-kind' });
    expect(await verifySiteApiToken(token, SECRET, now)).toEqual({ ok: false, reason: 'wrong-kind' });
    expect((await verifyCompactSiteApiToken(token, `${SECRET}!`, now)).ok).toBe(false);
    expect(await verifyCompactSiteApiToken(token, SECRET, at('2026-11-27T10:00:00Z'))).toEqual({ ok: false, reason: 'expired' });
  });

  it('never outlives the visitor JWT it was issued for', async () => {
    const { expiresAt } = await issueCompactSiteApiToken(scope, SECRET, at('2026-11-27T08:15:00Z'), { notAfter: at('2026-11-27T08:16:30Z') });
    expect(expiresAt).toEqual(at('2026-11-27T08:16:30Z'));
  });
});
