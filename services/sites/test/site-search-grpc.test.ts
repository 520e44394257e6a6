import { ApiError } from '@quire/errors';
import { siteSearchGrpc } from '../src/modules/site-search';

// Sites.SearchPublishedSite's gate (the reader's search page): bounded input first (INVALID_ARGUMENT
// through the gRPC layer's 400 mapping), then the site apiToken, before anything is read.

const nothingRead = new Proxy({}, { get: () => () => Promise.reject(new Error('nothing may be read before the gate')) });
const grpc = siteSearchGrpc({ db: nothingRead, clients: nothingRead, urls: nothingRead, membership: nothingRead, serviceSecret: 's'.repeat(32) } as never);
const call = (request: Partial<{ apiToken: string; query: string }>) =>
  grpc.searchPublishedSite({ apiToken: 'x', query: 'install', siteSpaceId: '', offset: 0, limit: 0, allSiteSpaces: false, ...request }, undefined as never);

it.each([
  ['', 'must'],
  ['   ', 'must not be blank'],
  ['x'.repeat(257), 'at most 256 characters'],
  [Array.from({ length: 33 }, (_, i) => `-w${i}`).join(' '), 'at most 32 terms'],
  ['\ud800', 'lone surrogate'],
])('refuses the query %j as a 400 naming the field', async (query, message) => {
  const err = (await call({ query }).catch((e: unknown) => e)) as ApiError;
  expect(err).toBeInstanceOf(ApiError);
  expect(err.code).toBe(400);
  expect(err.message).toMatch(/^Invalid field "query": /);
  expect(err.reason).toBe('search-query-refused');
  expect(err.message).toContain(message);
});

it('takes 256 astral characters, and refuses a token sites did not sign with 401', async () => {
  for (const query of ['😀'.repeat(256), 'install']) {
    const err = (await call({ query, apiToken: 'eyJhbGciOiJIUzI1NiJ9.e30.c2ln' }).catch((e: unknown) => e)) as ApiError;
    expect(err.code).toBe(401);
  }
});
