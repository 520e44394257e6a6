import { ROUTE_TABLE, type RouteEntry } from '@quire/gateway/route-table';
import { apiClient, type ApiResponse } from '../support/api';
import { currentStack, runCli } from '../support/stack';

// Hostile input on every route of every service, as an admin of the
// organization (so requests reach the deepest code). Whatever is sent, the answer is never a 5xx
// and always the error shape; the probes that found the 500s are kept here as a regression net.

const stack = currentStack();

const HOSTILE_SEGMENTS = [
  '%00',
  'a%00b',
  '%F0%9F%92%A9'.repeat(40),
  'x'.repeat(300),
  '%E2%80%AE%2E%2E',
  '99999999999999999999999',
  '-1',
  '%C0%AF',
  '%25',
  "'%20OR%201=1--",
];
const HOSTILE_QUERY = [
  'limit=%00&page=%00',
  'limit=99999999999999999999&page=x',
  'limit=-1',
  'limit=1.5',
  'page=eyJ2IjoxLCJvIjotMX0',
  'owner=%00&space=%00&search=%00&title=%00&status=%00&published=%00&type=%00&role=%00&sort=%00',
  'owner=x&owner=y&limit=1&limit=2',
];
const DEEP = '['.repeat(5000) + ']'.repeat(5000);
// Bytes no JSON text may hold: a lone continuation byte, an overlong '/', an encoded surrogate.
const INVALID_UTF8 = Buffer.concat([Buffer.from('{"title":"'), Buffer.from([0xff, 0xfe, 0xc0, 0xaf, 0xed, 0xa0, 0x80]), Buffer.from('"}')]);
const HOSTILE_BODIES: (string | Uint8Array<ArrayBuffer>)[] = [
  INVALID_UTF8,
  '{"title":"x","limit":123456789012345678901234567890,"position":1e400,"count":-0}',
  '{"title":"a\\u0000b","name":"a\\u0000b","label":"a\\u0000b","email":"a\\u0000@example.com"}',
  JSON.stringify({ title: '💩'.repeat(2000), description: '\u{10FFFF}'.repeat(300), name: '\ud800' }),
  '{"title":1e308,"limit":-1e308,"role":{"$ne":null},"parent":[],"spaces":[null],"position":{"before":{"type":"space","space":"\\u0000"}}}',
  '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
  '[]',
  '"just a string"',
  'null',
  DEEP,
  '{"values":{"\\u0000":{"value":"x"}},"add":["\\u0000"],"memberships":{"\\u0000":{"role":"admin"}}}',
];

/** Tokens of the same admin, each with its own rate-limit allowance, used in turn. */
async function adminTokens(count: number): Promise<string[]> {
  const me = await apiClient(stack).get('/v1/user');
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) tokens.push((await runCli(stack, ['tokens', 'create', '--email', me.body.email, '--name', `fuzz-${i}`])).stdout.trim());
  return tokens;
}

function pathFor(route: RouteEntry, hostile: string, hostileParam: string): string {
  return route.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    name === hostileParam ? hostile : name === 'organizationId' ? stack.organizationId : 'does-not-exist',
  );
}

describe('hostile input on every route', () => {
  let tokens: string[] = [];
  let sent = 0;
  const failures: string[] = [];

  const send = async (method: string, path: string, rawBody?: string | Uint8Array<ArrayBuffer>, contentType = 'application/json'): Promise<void> => {
    const token = tokens[Math.floor(sent++ / 200) % tokens.length] as string;
    const headers: Record<string, string> = rawBody === undefined ? {} : { 'content-type': contentType };
    let res: ApiResponse;
    try {
      res = await apiClient(stack, token).request(method, path, { rawBody, headers });
    } catch (err) {
      failures.push(`${method} ${path}: no answer (${(err as Error).message})`);
      return;
    }
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    const shaped = res.status < 400 || (res.body?.error?.code === res.status && typeof res.body?.error?.message === 'string');
    if (res.status >= 500 || !shaped)
      failures.push(`${method} ${path.slice(0, 120)} ${String(rawBody ?? '').slice(0, 60)} → ${res.status} ${res.text.slice(0, 120)}`);
  };

  const statuses = new Map<number, number>();

  beforeAll(async () => {
    tokens = await adminTokens(8);
    for (const token of tokens) expect((await apiClient(stack, token).get('/v1/user')).status).toBe(200);
  });

  beforeEach(() => {
    failures.length = 0;
  });

  afterAll(() => {
    // What the probes reached: mostly 400/404/415, and some 2xx for harmless queries.
    expect(statuses.get(401) ?? 0).toBe(0);
    expect([...statuses.keys()].some((s) => s < 300)).toBe(true); // some probes got through to a normal answer
    expect(statuses.get(429) ?? 0).toBe(0);
  });

  it('answers hostile path segments with a 4xx error, never a 5xx', async () => {
    for (const route of ROUTE_TABLE) {
      const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
      for (const param of params)
        for (const hostile of HOSTILE_SEGMENTS)
          await send(route.method, pathFor(route, hostile, param), route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}');
    }
    expect(failures).toEqual([]);
    // Every path parameter of every route (270 operations) with every hostile segment, one after the other.
  }, 240_000);

  it('answers hostile query strings with a 4xx error or a normal answer, never a 5xx', async () => {
    for (const route of ROUTE_TABLE.filter((r) => r.method === 'GET')) {
      for (const query of HOSTILE_QUERY) await send('GET', `${pathFor(route, 'does-not-exist', '')}?${query}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers hostile bodies and content types with a 4xx error, never a 5xx', async () => {
    for (const route of ROUTE_TABLE.filter((r) => r.method !== 'GET')) {
      const path = pathFor(route, 'does-not-exist', '');
      for (const body of HOSTILE_BODIES) await send(route.method, path, body);
      await send(route.method, path, '{"title":"x"}', 'text/plain');
      await send(route.method, path, 'title=x', 'application/x-www-form-urlencoded');
      await send(route.method, path, '{"title":', 'application/json');
    }
    expect(failures).toEqual([]);
  });
});
