// No import cycle between modules of the source (insights' event-details ↔ event-row was
// one). ESLint's no-restricted-imports cannot see cycles, so this walks the relative imports of every
// package's src/ and fails naming the modules of each cycle it finds (Tarjan's strongly connected
// components).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const SOURCES = [
  'proto/src',
  'gateway/src',
  ...['packages', 'apps', 'tools'].flatMap((room) => readdirSync(join(ROOT, room)).map((name) => `${room}/${name}/src`)),
  ...readdirSync(join(ROOT, 'services')).map((name) => `services/${name}/src`),
];
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s+'(\.{1,2}\/[^']*)'|(?:^|\n)\s*import\s+'(\.{1,2}\/[^']*)'/g;

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'gen' ? [] : sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolve(from: string, specifier: string): string | null {
  const base = join(dirname(from), specifier);
  return [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate)) ?? null;
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of SOURCES.flatMap((dir) => sourceFiles(join(ROOT, dir)))) {
    const targets = [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) => resolve(file, (m[1] ?? m[2]) as string));
    graph.set(
      file,
      targets.filter((t): t is string => t !== null),
    );
  }
  return graph;
}

/** The strongly connected components of more than one module: each is at least one cycle. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop() as string;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('imports', () => {
  it('form no cycle in any package', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(300);
    expect(cycles(graph).map((cycle) => cycle.map((file) => relative(ROOT, file)))).toEqual([]);
  });

  it('would name a cycle', () => {
    expect(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', ['a']],
          ['c', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b']]);
  });
});
