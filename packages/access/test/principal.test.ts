import { principalVerifier, signAdminCall, signPrincipal, verifyAdminCall, verifyPrincipal } from '../src';

const SECRET = 'a-secret-of-enough-length';

describe('signed principal headers', () => {
  it('verifies what it signed', () => {
    const { principal, signature } = signPrincipal({ userId: 'u1', tokenId: 't1' }, SECRET);
    expect(verifyPrincipal(principal, signature, SECRET)).toEqual({ userId: 'u1', tokenId: 't1' });
  });

  it('rejects another secret, a tampered payload, a missing header and a stale signature', () => {
    const now = Date.now();
    const { principal, signature } = signPrincipal({ userId: 'u1', tokenId: 't1' }, SECRET, now);
    expect(verifyPrincipal(principal, signature, 'another-secret-entirely')).toBeNull();
    const tampered = Buffer.from(JSON.stringify({ u: 'admin', t: 't1', iat: Math.floor(now / 1000) })).toString('base64url');
    expect(verifyPrincipal(tampered, signature, SECRET)).toBeNull();
    expect(verifyPrincipal(undefined, signature, SECRET)).toBeNull();
    expect(verifyPrincipal(principal, signature, SECRET, now + 301_000)).toBeNull();
  });

  it('signs admin calls per method', () => {
    const value = signAdminCall('createToken', SECRET);
    expect(verifyAdminCall('createToken', value, SECRET)).toBe(true);
    expect(verifyAdminCall('addMember', value, SECRET)).toBe(false);
    expect(verifyAdminCall('createToken', value, 'wrong-secret-wrong')).toBe(false);
    expect(verifyAdminCall('createToken', undefined, SECRET)).toBe(false);
  });
});

describe('principalVerifier (a service remembers signatures it computed)', () => {
  const verify = principalVerifier(SECRET);

  it('answers as verifyPrincipal does, the first time and again', () => {
    const { principal, signature } = signPrincipal({ userId: 'u1', tokenId: 't1' }, SECRET);
    expect(verify(principal, signature)).toEqual({ userId: 'u1', tokenId: 't1' });
    expect(verify(principal, signature)).toEqual({ userId: 'u1', tokenId: 't1' });
  });

  it('still refuses a wrong signature for a principal it has seen signed', () => {
    const { principal, signature } = signPrincipal({ userId: 'u2', tokenId: 't2' }, SECRET);
    expect(verify(principal, signature)).not.toBeNull();
    expect(
      verify(
        principal,
        signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
      ),
    ).toBeNull();
    expect(verify(principal, undefined)).toBeNull();
    expect(principalVerifier('another-secret-entirely')(principal, signature)).toBeNull();
  });

  it('still refuses a remembered principal once it is stale', () => {
    const now = Date.now();
    const { principal, signature } = signPrincipal({ userId: 'u3', tokenId: 't3' }, SECRET, now);
    expect(verify(principal, signature, now)).not.toBeNull();
    expect(verify(principal, signature, now + 301_000)).toBeNull();
  });
});
