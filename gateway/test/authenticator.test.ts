import { authCacheKey, hashToken } from '@quire/access';
import { ApiError } from '@quire/errors';
import { MemoryCache, type Cache } from '@quire/platform/cache';
import type { IdentityClient } from '@quire/platform/grpc';
import { createLogger } from '@quire/platform/logger';
import { Authenticator } from '../src/auth/authenticator';

const logger = createLogger('test', 'silent');

function fakeIdentity(valid: Record<string, string>) {
  const calls: string[] = [];
  const client = {
    authenticate: async ({ token }: { token: string }) => {
      calls.push(token);
      const userId = valid[token];
      if (!userId) throw new ApiError(404, 'Unknown or revoked token');
      return { userId, tokenId: `tok-${userId}` };
    },
  } as unknown as IdentityClient;
  return { client, calls };
}

describe('Authenticator', () => {
  it('asks identity once, then answers from the local cache and from the shared cache', async () => {
    const { client, calls } = fakeIdentity({ qr_validtoken123: 'u1' });
    const cache = new MemoryCache();
    const auth = new Authenticator(() => client, cache, logger, { cacheTtlSeconds: 60, localTtlMs: 5000 });
    await expect(auth.authenticate('Bearer qr_validtoken123')).resolves.toMatchObject({ principal: { userId: 'u1' } });
    await auth.authenticate('Bearer qr_validtoken123');
    expect(calls).toHaveLength(1);
    expect(await cache.get(authCacheKey(hashToken('qr_validtoken123')))).toContain('u1');

    const otherWorker = new Authenticator(() => client, cache, logger, { cacheTtlSeconds: 60, localTtlMs: 5000 });
    await otherWorker.authenticate('Bearer qr_validtoken123');
    expect(calls).toHaveLength(1);
  });

  it.each([
    [undefined, /Missing/],
    ['Basic abc', /Malformed/],
    ['Bearer', /Malformed/],
    ['Bearer a b', /Malformed/],
  ])('rejects %p with 401', async (header, message) => {
    const auth = new Authenticator(() => fakeIdentity({}).client, new MemoryCache(), logger, { cacheTtlSeconds: 60, localTtlMs: 0 });
    await expect(auth.authenticate(header)).rejects.toMatchObject({ code: 401, message: expect.stringMatching(message) });
  });

  it('reads the scheme case-insensitively (RFC 7235) and refuses several Authorization headers', async () => {
    const auth = new Authenticator(() => fakeIdentity({ qr_validtoken123: 'u1' }).client, new MemoryCache(), logger, { cacheTtlSeconds: 60, localTtlMs: 0 });
    await expect(auth.authenticate('bearer qr_validtoken123')).resolves.toMatchObject({ principal: { userId: 'u1' } });
    await expect(auth.authenticate('BEARER  qr_validtoken123')).resolves.toMatchObject({ principal: { userId: 'u1' } });
    await expect(auth.authenticate('Bearer qr_validtoken123', 2)).rejects.toMatchObject({
      code: 400,
      message: expect.stringMatching(/one Authorization header/),
    });
  });

  it('turns an unknown token into 401 and keeps identity outages as they are', async () => {
    const auth = new Authenticator(() => fakeIdentity({}).client, new MemoryCache(), logger, { cacheTtlSeconds: 60, localTtlMs: 0 });
    await expect(auth.authenticate('Bearer qr_unknowntoken1')).rejects.toMatchObject({ code: 401 });
    const down = { authenticate: async () => Promise.reject(new ApiError(503, 'identity down')) } as unknown as IdentityClient;
    const auth2 = new Authenticator(() => down, new MemoryCache(), logger, { cacheTtlSeconds: 60, localTtlMs: 0 });
    await expect(auth2.authenticate('Bearer qr_sometoken123')).rejects.toMatchObject({ code: 503 });
  });

  it('still authenticates when the shared cache is down', async () => {
    const broken = { get: async () => Promise.reject(new Error('down')), set: async () => Promise.reject(new Error('down')) } as unknown as Cache;
    const auth = new Authenticator(() => fakeIdentity({ qr_validtoken123: 'u1' }).client, broken, logger, { cacheTtlSeconds: 60, localTtlMs: 0 });
    await expect(auth.authenticate('Bearer qr_validtoken123')).resolves.toMatchObject({ principal: { userId: 'u1' } });
  });
});
