// One name, one function, per module: a store is named for what it does to rows (insertSpaceRow,
// findSpace…), a use case for what the user does (updateSpace), so no import needs an `as` rename
// to tell them apart. This lists every exported function (and exported const arrow) of every
// module of every service and fails on a name exported by two files of one module.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const EXPORTED = /^export (?:async )?function\*? (\w+)|^export const (\w+)\s*(?::[^=]+)?=\s*(?:async\s*)?(?:\([^)]*\)|\w+)\s*(?::[^=]+)?=>/gm;

function duplicatedNames(): string[] {
  const found: string[] = [];
  for (const service of readdirSync(join(ROOT, 'services'))) {
    const modules = join(ROOT, 'services', service, 'src', 'modules');
    let names: string[];
    try {
      names = readdirSync(modules);
    } catch {
      continue;
    }
    for (const module of names) {
      const owners = new Map<string, string[]>();
      for (const file of filesUnder(join(modules, module))) {
        if (file.endsWith('/index.ts') && relative(join(modules, module), file) === 'index.ts') continue; // the face re-exports
        for (const m of readFileSync(file, 'utf8').matchAll(EXPORTED)) {
          const name = (m[1] ?? m[2]) as string;
          owners.set(name, [...(owners.get(name) ?? []), relative(ROOT, file)]);
        }
      }
      for (const [name, files] of owners) if (files.length > 1) found.push(`${service}/${module}: ${name} in ${files.join(', ')}`);
    }
  }
  return found.sort();
}

describe('function names within a module', () => {
  it('are exported by one file each', () => {
    expect(duplicatedNames()).toEqual([]);
  });
});
