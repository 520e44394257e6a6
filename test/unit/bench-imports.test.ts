import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../support/stack';

// The benches are plain JavaScript that no build checks: a name they take from a Quire package
// must still be exported by it (the house split of #34 moved LocalStack to @quire/stack, and the
// distributed benches failed only when run).
const BENCH = join(REPO_ROOT, 'bench');
const imports = readdirSync(BENCH)
  .filter((file) => file.endsWith('.js'))
  .flatMap((file) =>
    [...readFileSync(join(BENCH, file), 'utf8').matchAll(/const \{ ([^}]+) \} = require\('(@quire\/[^']+)'\)/g)].map((m) => ({
      file,
      names: (m[1] as string).split(',').map((n) => n.trim().split(':')[0]!.trim()),
      from: m[2] as string,
    })),
  );

it('finds the benches’ imports', () => {
  expect(imports.length).toBeGreaterThan(3);
});

it.each(imports.map((i) => [i.file, i.from, i.names] as const))('%s: %s exports %j', (_file, from, names) => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the same require the bench makes
  const module = require(from) as Record<string, unknown>;
  for (const name of names) expect({ name, exported: module[name] !== undefined }).toEqual({ name, exported: true });
});
