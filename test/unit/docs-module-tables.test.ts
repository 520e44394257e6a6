// The docs' pictures of the modules checked against the folders: docs/architecture.md's module table
// names, for every service, exactly the folders under `services/<name>/src/modules/`, and
// docs/content.md's module list names exactly content's. A module added, renamed or removed without
// its line in the docs fails here, naming the service and the difference.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

function moduleFolders(service: string): string[] {
  return readdirSync(join(ROOT, 'services', service, 'src', 'modules'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

function services(): string[] {
  return readdirSync(join(ROOT, 'services'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The back-quoted names of a markdown fragment, sorted. */
function quotedNames(text: string): string[] {
  return [...text.matchAll(/`([a-z0-9-]+)`/g)].map((m) => m[1] as string).sort();
}

/** The rows of the table that follows `**Modules.**` in docs/architecture.md: service → the modules it names. */
function architectureModuleTable(): Map<string, string[]> {
  const doc = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
  const start = doc.indexOf('**Modules.**');
  if (start < 0) throw new Error('docs/architecture.md has no **Modules.** paragraph');
  const lines = doc.slice(start).split('\n');
  const first = lines.findIndex((line) => line.startsWith('| service | modules |'));
  const rows = new Map<string, string[]>();
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    const [service, modules] = line
      .split('|')
      .slice(1, 3)
      .map((cell) => cell.trim());
    rows.set(service as string, quotedNames(modules as string));
  }
  return rows;
}

/** The modules docs/content.md lists under `## Modules` (each bullet opens with its back-quoted name). */
function contentModuleList(): string[] {
  const doc = readFileSync(join(ROOT, 'docs', 'content.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Modules'), doc.indexOf('\n## ', doc.indexOf('## Modules') + 1));
  return [...section.matchAll(/^- `([a-z0-9-]+)`/gm)].map((m) => m[1] as string).sort();
}

describe("the docs' module tables", () => {
  it('docs/architecture.md names every service once, with exactly its module folders', () => {
    const table = architectureModuleTable();
    expect([...table.keys()].sort()).toEqual(services());
    const differences = services().flatMap((service) => {
      const documented = table.get(service) ?? [];
      const folders = moduleFolders(service);
      const missing = folders.filter((m) => !documented.includes(m));
      const stale = documented.filter((m) => !folders.includes(m));
      return missing.length || stale.length ? [{ service, missing, stale }] : [];
    });
    expect(differences).toEqual([]);
  });

  it("docs/content.md lists exactly content's module folders", () => {
    expect(contentModuleList()).toEqual(moduleFolders('content'));
  });
});
