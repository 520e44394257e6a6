import { createHmac } from 'node:crypto';
import { signPrincipal, siteReaderId, siteReaderMayReadSpace, siteReaderScope, verifyPrincipal } from '../src';

const SECRET = 'a-secret-of-enough-length';
const scope = { organizationId: 'org1', siteId: 'site1', spaceIds: ['s1', 's2'] };

describe('site readers (a published site apiToken as a principal)', () => {
  it('carry their scope through the signed principal header, with a userId derived from it', () => {
    const { principal, signature } = signPrincipal({ userId: '', tokenId: 'site-token:abc', site: scope }, SECRET);
    const verified = verifyPrincipal(principal, signature, SECRET);
    expect(verified).toEqual({ userId: siteReaderId(scope), tokenId: 'site-token:abc', site: scope });
    expect(siteReaderScope(verified!.userId)).toEqual(scope);
  });

  it('never take the userId a payload claims: a user principal cannot pass for a reader, nor a reader for a user', () => {
    const now = Date.now();
    const { principal, signature } = signPrincipal({ userId: 'u1', tokenId: 't1' }, SECRET, now);
    expect(siteReaderScope(verifyPrincipal(principal, signature, SECRET, now)!.userId)).toBeNull();
    const reader = signPrincipal({ userId: 'u1', tokenId: 't', site: scope }, SECRET, now);
    expect(verifyPrincipal(reader.principal, reader.signature, SECRET, now)!.userId).toBe(siteReaderId(scope));
  });

  it('refuse a signed scope of the wrong shape', () => {
    const payload = Buffer.from(JSON.stringify({ u: '', t: 't', iat: Math.floor(Date.now() / 1000), s: { o: 'org1', s: 'site1', sp: [1] } })).toString(
      'base64url',
    );
    const signature = createHmac('sha256', SECRET).update(payload).digest('base64url');
    expect(verifyPrincipal(payload, signature, SECRET)).toBeNull();
  });

  it('read only the spaces listed, of their organization', () => {
    expect(siteReaderMayReadSpace(scope, { id: 's1', organizationId: 'org1' })).toBe(true);
    expect(siteReaderMayReadSpace(scope, { id: 's3', organizationId: 'org1' })).toBe(false);
    expect(siteReaderMayReadSpace(scope, { id: 's1', organizationId: 'org2' })).toBe(false);
  });

  it('are told apart from user ids, whatever the string', () => {
    for (const id of ['u1', '', 'site', 'site:', 'site:!!!', `site:${Buffer.from('[1,2,3]').toString('base64url')}`]) expect(siteReaderScope(id)).toBeNull();
  });
});
