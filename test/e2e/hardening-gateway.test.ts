import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { apiClient, expectError } from '../support/api';
import { expectSchema } from '../support/reference';
import { currentStack } from '../support/stack';

// What the HTTP edge answers to malformed, slow and unusual requests. The bracketed labels
// name the describe blocks below.

const stack = currentStack();
const api = apiClient(stack);
const { hostname, port } = new URL(stack.url);
const collections = `/v1/orgs/${stack.organizationId}/collections`;

/** Sends raw bytes and reads the whole answer (the server closes or `waitMs` passes). */
function rawRequest(
  chunks: (string | Buffer)[],
  options: { gapMs?: number; waitMs?: number } = {},
): Promise<{ status: number; headers: string; body: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(Number(port), hostname);
    let received = '';
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const [head = '', body = ''] = received.split('\r\n\r\n', 2);
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), headers: head, body, ms: Date.now() - started });
    };
    const timer = setTimeout(finish, options.waitMs ?? 20000);
    socket.on('data', (d) => (received += d.toString('utf8')));
    socket.on('close', finish);
    // Writing on after the server answered and closed resets the socket: the answer counts, not the reset.
    socket.on('error', (err) => (received ? finish() : reject(err)));
    socket.on('connect', async () => {
      for (const chunk of chunks) {
        if (socket.destroyed || received) return;
        socket.write(chunk);
        if (options.gapMs) await new Promise((r) => setTimeout(r, options.gapMs));
      }
    });
  });
}

function expectJsonError(res: { status: number; headers: string; body: string }, status: number, pattern?: RegExp): void {
  expect(res.status).toBe(status);
  expect(res.headers.toLowerCase()).toMatch(/content-type: application\/json/);
  const body = JSON.parse(res.body) as { error: { code: number; message: string } };
  expect(body.error.code).toBe(status);
  if (pattern) expect(body.error.message).toMatch(pattern);
}

describe('request bodies (A4, A6)', () => {
  it('refuses a body that is not encoded as its Content-Encoding says (400), and accepts a real gzip body', async () => {
    for (const encoding of ['gzip', 'br', 'deflate']) {
      const res = await api.request('POST', collections, {
        rawBody: '{"title":"plain"}',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
      });
      expectError(res, 400, /Content-Encoding/);
    }
    const unknown = await api.request('POST', collections, {
      rawBody: '{"title":"plain"}',
      headers: { 'content-type': 'application/json', 'content-encoding': 'zstd-nope' },
    });
    expectError(unknown, 415, /Content-Encoding/);

    const zipped = await fetch(stack.url + collections, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.token}`, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync(Buffer.from('{"title":"Zipped"}')),
    });
    expect(zipped.status).toBe(201);
    const created = (await zipped.json()) as { title: string };
    expect(created.title).toBe('Zipped');
    expectSchema('Collection', created);
  });

  it('answers 415 for a body that is not JSON, and takes JSON with a charset or no body at all', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      expectError(await api.request('POST', collections, { rawBody: '{"title":"x"}', headers: { 'content-type': type } }), 415, /application\/json/);
    }
    const untyped = await fetch(stack.url + collections, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.token}` },
      body: Buffer.from('{"title":"x"}'),
    });
    expect(untyped.status).toBe(415);
    expect(((await untyped.json()) as { error: { message: string } }).error.message).toMatch(/\(none\)/);

    const charset = await api.request('POST', collections, { rawBody: '{"title":"Charset"}', headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(charset.status).toBe(201);
    expect(charset.body.title).toBe('Charset');

    const empty = await api.request('POST', collections); // every field of the body is optional
    expect(empty.status).toBe(201);
    expectSchema('Collection', empty.body);
  });
});

describe('slow and incomplete bodies (A5)', () => {
  it('answers 408 (JSON) when the body does not arrive in time, short or trickling, instead of holding the request', async () => {
    const body = '{"title":"never finished"}';
    const head = (length: number) =>
      `POST ${collections} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${stack.token}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
    const [short, trickle] = await Promise.all([
      rawRequest([head(body.length + 50), body]),
      rawRequest([head(body.length), ...body.split('')], { gapMs: 2000 }), // one byte every 2 s
    ]);
    for (const res of [short, trickle]) {
      expectJsonError(res, 408, /did not arrive within/);
      expect(res.ms).toBeLessThan(15000); // the default BODY_TIMEOUT_MS is 10 s; the upstream timeout is 30 s
    }
  });
});

describe('methods and authorization (A10, A11)', () => {
  it('serves HEAD on GET routes without a body, and 405 where the path has no GET', async () => {
    const head = await fetch(`${stack.url}/v1/orgs/${stack.organizationId}`, { method: 'HEAD', headers: { authorization: `Bearer ${stack.token}` } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/application\/json/);
    expect(await head.text()).toBe('');
    const notGet = await fetch(`${stack.url}/v1/orgs/${stack.organizationId}/invites`, { method: 'HEAD', headers: { authorization: `Bearer ${stack.token}` } });
    expect(notGet.status).toBe(405);
  });

  it('reads the auth scheme case-insensitively', async () => {
    for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
      const res = await api.get('/v1/user', { token: null, headers: { authorization: `${scheme} ${stack.token}` } });
      expect(res.status).toBe(200);
      expectSchema('User', res.body);
    }
  });

  it('refuses two Authorization headers with 400', async () => {
    const res = await rawRequest([
      `GET /v1/user HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${stack.token}\r\nAuthorization: Bearer qr_someoneelse123\r\nConnection: close\r\n\r\n`,
    ]);
    expectJsonError(res, 400, /one Authorization header/);
  });
});

describe("errors Node's HTTP layer answers (A12)", () => {
  it('answers 431 as JSON for headers over 16 KB', async () => {
    const res = await rawRequest([`GET /v1/user HTTP/1.1\r\nHost: ${hostname}\r\nX-Big: ${'a'.repeat(20000)}\r\n\r\n`]);
    expectJsonError(res, 431, /too large/);
  });

  it('answers 400 as JSON for a duplicate Content-Length and for bad header bytes', async () => {
    const duplicate = await rawRequest([`POST ${collections} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}`]);
    expectJsonError(duplicate, 400, /Content-Length/);
    const badBytes = await rawRequest([`GET /v1/user HTTP/1.1\r\nHost: ${hostname}\r\nX-Bad\u0001Name: 1\r\n\r\n`]);
    expectJsonError(badBytes, 400);
  });
});

describe('paths and lists through the gateway (A2, A8)', () => {
  it('answers a malformed id in any service with 404, never 500', async () => {
    for (const path of [
      '/v1/spaces/%00',
      '/v1/collections/%00',
      `/v1/orgs/%00`,
      `/v1/orgs/${stack.organizationId}/sites/%00`,
      `/v1/orgs/${stack.organizationId}/teams/%00`,
    ]) {
      expectError(await api.get(path), 404);
    }
  });

  it('answers limit=0 with no items and the true count', async () => {
    await api.post(collections, { title: 'Counted' });
    const all = await api.get(`${collections}?limit=1000`);
    const none = await api.get(`${collections}?limit=0`);
    expect(none.status).toBe(200);
    expect(none.body.items).toEqual([]);
    expect(none.body.count).toBe(all.body.count);
    expect(none.body.count).toBeGreaterThan(0);
    expect(none.body.next).toBeUndefined();
    expectError(await api.get(`${collections}?limit=1001`), 400, /limit/);
  });
});
