import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// A module's face (its index.ts) is what other modules may import; it holds no code of its own, so
// what a module does is always found in its layers.

const MODULES = join(__dirname, '..', 'src', 'modules');

describe('reader module faces', () => {
  it.each(readdirSync(MODULES))('%s/index.ts only re-exports', (module) => {
    const text = readFileSync(join(MODULES, module, 'index.ts'), 'utf8');
    const statements = text
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\/\/.*$/gm, '')
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean);
    expect(statements.filter((s) => !/^export (type )?(\{[^}]*\}|\*) from '[^']+'$/.test(s))).toEqual([]);
  });
});
