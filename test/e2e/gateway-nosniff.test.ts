import { currentStack } from '../support/stack';

// /openapi.json was once served without `X-Content-Type-Options: nosniff`. Every answer
// the gateway gives itself (not proxied) carries it, its JSON errors for /v1 included.

const stack = currentStack();

describe("the gateway's own answers", () => {
  it.each([
    '/openapi.json',
    '/healthz',
    '/readyz',
    '/metrics',
    '/docs',
    '/docs/assets/reference.js',
    '/docs/assets/none',
    '/no-such-path',
    '/v1/no-such-route',
  ])('%s says nosniff', async (path) => {
    const res = await fetch(`${stack.url}${path}`);
    await res.arrayBuffer();
    expect({ path, nosniff: res.headers.get('x-content-type-options') }).toEqual({ path, nosniff: 'nosniff' });
  });
});
