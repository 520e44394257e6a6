import fc from 'fast-check';
import { SignJWT } from 'jose';
import { generateVisitorSigningKey, MAX_TOKEN_LENGTH, signVisitorToken, verifyVisitorToken } from '@quire/publishing';
import { b64, forge, inSeconds, NOW } from './token-helpers';

const KEY = generateVisitorSigningKey();
const HS256 = { alg: 'HS256', typ: 'JWT' };
const claims = { sub: 'visitor-1', exp: inSeconds(600), products: ['a', 'b'], isBetaUser: true };
const refusal = async (token: unknown, key = KEY) => {
  const checked = await verifyVisitorToken(token, key, NOW);
  return checked.ok ? 'accepted' : checked.reason;
};

describe('visitor tokens', () => {
  it('accepts a token the customer backend signed with the site key, and gives the visitor claims apart from registered ones', async () => {
    // As a backend does it with jose (jsonwebtoken's jwt.sign(claims, key) gives the same token).
    const token = await new SignJWT({ products: ['a', 'b'], isBetaUser: true })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('visitor-1')
      .setExpirationTime(inSeconds(600))
      .setIssuedAt(inSeconds(-5))
      .sign(new TextEncoder().encode(KEY));
    expect(await verifyVisitorToken(token, KEY, NOW)).toEqual({
      ok: true,
      visitor: { claims: { products: ['a', 'b'], isBetaUser: true }, subject: 'visitor-1', expiresAt: new Date(inSeconds(600) * 1000) },
    });
    expect(await refusal(forge(HS256, claims, KEY))).toBe('accepted');
  });

  it('generates a new 256-bit key each time, and a regenerated key refuses the tokens of the old one', async () => {
    const next = generateVisitorSigningKey();
    expect(next).toMatch(/^[0-9a-f]{64}$/);
    expect(next).not.toBe(KEY);
    expect(await refusal(forge(HS256, claims, KEY), next)).toBe('bad-signature');
  });

  it('refuses expired, not-yet-valid and never-expiring tokens', async () => {
    expect(await refusal(forge(HS256, { ...claims, exp: inSeconds(-31) }, KEY))).toBe('expired');
    expect(await refusal(forge(HS256, { ...claims, exp: inSeconds(-10) }, KEY))).toBe('accepted'); // within the clock tolerance
    expect(await refusal(forge(HS256, { ...claims, nbf: inSeconds(120) }, KEY))).toBe('not-yet-valid');
    expect(await refusal(forge(HS256, { sub: 'x' }, KEY))).toBe('missing-expiry');
    expect(await refusal(forge(HS256, { ...claims, exp: 'tomorrow' }, KEY))).toBe('invalid-claims');
  });

  it('refuses unsigned, wrongly signed and other-algorithm tokens', async () => {
    const valid = forge(HS256, claims, KEY);
    const [header, payload, signature] = valid.split('.');
    expect(await refusal(`${b64({ alg: 'none' })}.${payload}.`)).toBe('unsigned');
    expect(await refusal(`${b64({ alg: 'NONE', typ: 'JWT' })}.${payload}.${signature}`)).toBe('unsigned');
    expect(await refusal(`${header}.${payload}.`)).toBe('unsigned');
    expect(await refusal(forge(HS256, claims, 'another key'))).toBe('bad-signature');
    expect(await refusal(`${header}.${b64({ ...claims, isBetaUser: false })}.${signature}`)).toBe('bad-signature'); // tampered claims
    expect(await refusal(forge({ alg: 'HS512' }, claims, KEY, 'sha512'))).toBe('wrong-algorithm');
    expect(await refusal(`${b64({ alg: 'RS256' })}.${payload}.${signature}`)).toBe('wrong-algorithm'); // algorithm confusion
    expect(await refusal(`${b64({ alg: 'hs256' })}.${payload}.${signature}`)).toBe('wrong-algorithm');
    expect(await refusal(forge({ alg: 'HS256', crit: ['b64'], b64: false }, claims, KEY))).toBe('malformed');
  });

  it('refuses truncated, huge, non-JSON and NUL-laden tokens without reading them', async () => {
    const valid = forge(HS256, claims, KEY);
    expect(await refusal(valid.slice(0, -3))).toBe('bad-signature');
    expect(await refusal(valid.split('.').slice(0, 2).join('.'))).toBe('malformed');
    expect(await refusal(valid.slice(0, 20))).toBe('malformed');
    expect(await refusal(forge(HS256, { ...claims, pad: 'x'.repeat(MAX_TOKEN_LENGTH) }, KEY))).toBe('oversized');
    expect(await refusal(`${b64('not json')}.${b64('{')}.abc`)).toBe('malformed');
    expect(await refusal(forge(HS256, '[1,2]', KEY))).toBe('malformed');
    expect(await refusal(forge(HS256, 'null', KEY))).toBe('malformed');
    expect(await refusal(`${valid}\0`)).toBe('malformed');
    expect(await refusal(forge({ alg: 'HS256\0' }, claims, KEY))).toBe('wrong-algorithm');
    expect(await refusal(`${b64('[]')}.${b64('{}')}.x`)).toBe('malformed');
    for (const nothing of ['', undefined, null, 42, {}, ['a.b.c']]) expect(await refusal(nothing)).toBe('missing');
  });

  it('refuses any string that is not a token signed with the key, and never throws', async () => {
    const part = fc.oneof(
      fc.base64String().map((s) => s.replace(/=/g, '')),
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc.constant(b64(HS256)),
      fc.constant(b64({ alg: 'none' })),
      fc.jsonValue().map(b64),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 200 }),
          fc.tuple(part, part, part).map((p) => p.join('.')),
        ),
        async (token) => {
          const checked = await verifyVisitorToken(token, KEY, NOW);
          expect(checked.ok).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
    // Signed with the key, any JSON payload: accepted only with a numeric, future exp.
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (payload) => {
        const checked = await verifyVisitorToken(forge(HS256, payload, KEY), KEY, NOW);
        const exp = (payload as { exp?: unknown } | null)?.exp;
        expect(checked.ok).toBe(typeof payload === 'object' && payload !== null && !Array.isArray(payload) && typeof exp === 'number' && exp > inSeconds(-30));
      }),
      { numRuns: 300 },
    );
  });
});

describe('visitor tokens Quire signs (OpenID Connect readers)', () => {
  it('verifies under the site key with the claims and subject given, registered claims dropped', async () => {
    const expiresAt = new Date(NOW.getTime() + 600_000);
    const token = await signVisitorToken({ claims: { email: 'ada@example.test', exp: 1, iss: 'x' }, subject: 'ada', expiresAt }, KEY, NOW);
    const checked = await verifyVisitorToken(token, KEY, NOW);
    expect(checked).toEqual({
      ok: true,
      visitor: { claims: { email: 'ada@example.test' }, subject: 'ada', expiresAt: new Date(Math.floor(expiresAt.getTime() / 1000) * 1000) },
    });
    expect(await refusal(token, generateVisitorSigningKey())).toBe('bad-signature');
  });
});
