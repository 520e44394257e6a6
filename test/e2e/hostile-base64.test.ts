import { apiClient, expectError, type ApiClient } from '../support/api';
import { buildOrganization, buildUser } from '../support/factories';
import { probeHealthDuring } from '../support/health-probes';
import { currentStack } from '../support/stack';

// One `insert_files` whose base64 was spaces and a "!" took time in the square of
// its length (3 s at 48,000, minutes at the schema's maximum) on the one event loop, from any
// token: the body was validated before the caller was authorized. The pattern is linear now, and
// a caller who cannot edit the change request is answered before the body is parsed.

const stack = currentStack();
const hostile = (spaces: number) => ({
  changes: [{ operation: 'insert_files', files: [{ name: 'x.bin', base64: ' '.repeat(spaces) + '!', contentType: 'application/octet-stream' }] }],
});
/** 200,000 spaces, and the most the schema's 1,400,000 characters allow. */
const SIZES = [200_000, 1_399_999];
/**
 * An answer well inside this is linear: the quadratic pattern took about 50 s at 200,000 spaces
 * and minutes at the most, on the one event loop. It is not 1 s: on CI's loaded machine a
 * stranger's answer once took 2,003 ms, its membership call past the 2 s gRPC deadline.
 */
const ANSWERED_WITHIN_MS = 5000;

let member: ApiClient;
let stranger: ApiClient;
let path: string;

beforeAll(async () => {
  const own = await buildOrganization(stack, 'Hostile base64 org');
  member = apiClient(stack, own.admin.token);
  stranger = apiClient(stack, (await buildUser(stack, 'base64-stranger')).token);
  const space = await member.post(`/v1/orgs/${own.id}/spaces`, { title: 'Hostile base64' });
  expect(space.status).toBe(201);
  const cr = await member.post(`/v1/spaces/${space.body.id}/change-requests`, { subject: 'files' });
  expect(cr.status).toBe(201);
  path = `/v1/spaces/${space.body.id}/change-requests/${cr.body.id}/content`;
});

/** Runs `send` while every /healthz the body could block is asked every 20 ms (every probe must answer 200); its time and the probes' latencies. */
async function whileProbing<T>(send: () => Promise<T>): Promise<{ result: T; elapsed: number; latencies: number[] }> {
  const started = performance.now();
  const work = send().then((result) => ({ result, elapsed: performance.now() - started }));
  const latencies = await probeHealthDuring(stack, work);
  return { ...(await work), latencies };
}

describe('a base64 field of spaces and "!"', () => {
  it.each(SIZES)('answers a member 400 naming the field in linear time (%i spaces), /healthz answering within a second', async (spaces) => {
    const { result, elapsed, latencies } = await whileProbing(() => member.post(path, hostile(spaces)));
    expectError(result, 400, /"changes\.0\.files\.0\.base64": must be base64/);
    // Before the fix: about 50 s at 200,000 spaces, with the process frozen throughout.
    expect(elapsed).toBeLessThan(ANSWERED_WITHIN_MS);
    expect(Math.max(...latencies)).toBeLessThan(1000);
  });

  it.each(SIZES)('answers a stranger the 404 a non-member gets, before parsing the body (%i spaces)', async (spaces) => {
    const { result, elapsed, latencies } = await whileProbing(() => stranger.post(path, hostile(spaces)));
    expectError(result, 404, /not found/i);
    expect(elapsed).toBeLessThan(ANSWERED_WITHIN_MS);
    // Probes ran meanwhile, every one answered 200 (probeHealthDuring throws on any other).
    expect(latencies.length).toBeGreaterThan(0);
    // A space that does not exist is the same 404.
    expectError(await stranger.post('/v1/spaces/AAAAAAAAAAAAAAAAAAAA/change-requests/AAAAAAAAAAAAAAAAAAAA/content', hostile(spaces)), 404);
  });

  it('still refuses a bad body from a stranger with 404, not the field (authorization runs first)', async () => {
    expectError(await stranger.post(path, { changes: 'none' }), 404);
    expectError(await member.post(path, { changes: 'none' }), 400, /"changes"/);
    // Comment bodies too (markdown, or a document of 10,000 nodes).
    const comments = path.replace(/\/content$/, '/comments');
    expectError(await stranger.post(comments, { body: { markdown: 1 } }), 404);
    expectError(await member.post(comments, { body: { markdown: 1 } }), 400, /"body\.markdown"/);
  });
});
