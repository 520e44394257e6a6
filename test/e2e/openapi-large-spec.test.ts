import { eventually } from '../support/eventually';
import { buildRoleCast, type OrgClient } from '../support/factories';
import { largeYamlSpec } from '../support/openapi-specs';
import { currentStack } from '../support/stack';

// A large YAML spec is parsed and validated in the specs service's worker threads (docs/specs.md,
// "Parsing off the event loop"): on its event loop, this one took seconds, and every other request
// of the process (in embedded mode, of every service) waited that long.

const stack = currentStack();
let org: OrgClient;

beforeAll(async () => {
  ({ org } = await buildRoleCast(stack, 'Large specs org'));
});

describe('A large YAML spec', () => {
  it('is processed to a version while the specs service keeps answering', async () => {
    const text = largeYamlSpec(10_000);
    expect(text.length).toBeGreaterThan(7_000_000);
    const path = `/v1/orgs/${org.id}/openapi/large-yaml`;
    const put = await org.api.put(path, { source: { text } });
    expect(put.status).toBe(201);

    // The spec itself, read every 100 ms while it is processed: each read is a request to specs.
    const reads: number[] = [];
    let spec: { processingState: string; lastVersion?: string; lastProcessErrorCode?: string } = { processingState: 'pending' };
    await eventually(async () => {
      const started = performance.now();
      const res = await org.api.get<typeof spec>(path);
      reads.push(performance.now() - started);
      expect(res.status).toBe(200);
      spec = res.body;
      return spec.processingState === 'complete';
    }, 120_000);
    expect(spec.lastProcessErrorCode).toBeUndefined();
    expect(spec.lastVersion).toEqual(expect.any(String));
    // Validating this document on the loop stalls it for 3 s and more; generous for a loaded machine.
    expect(reads.length).toBeGreaterThan(5);
    expect(Math.max(...reads)).toBeLessThan(2_000);

    const content = await org.api.get<{ filesystem: Record<string, string> }>(`${path}/versions/latest/content`);
    expect(content.status).toBe(200);
    expect(content.body.filesystem['openapi.yaml']).toBe(text);
  });
});
