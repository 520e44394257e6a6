import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICE_NAMES } from '@quire/platform/topology';
import { copyEmbeddedTemplate, embeddedTemplateDir } from '../src/template';

// The migrated template is named by its migrations: a changed or added file must never reuse an
// older template (a first start would then miss that migration's tables).

function modulesIn(root: string) {
  return Object.fromEntries(
    SERVICE_NAMES.map((name) => {
      const dir = mkdtempSync(join(root, `${name}-`));
      writeFileSync(join(dir, '001_init.sql'), `CREATE TABLE ${name}_things (id TEXT);`);
      return [name, { name, migrationsDir: dir }];
    }),
  ) as Parameters<typeof embeddedTemplateDir>[0];
}

it('names the template after every migration file, so a changed or new file makes another', () => {
  const modules = modulesIn(mkdtempSync(join(tmpdir(), 'quire-template-')));
  const first = embeddedTemplateDir(modules);
  expect(embeddedTemplateDir(modules)).toBe(first);

  writeFileSync(join(modules.content.migrationsDir, '001_init.sql'), 'CREATE TABLE content_things (id TEXT, title TEXT);');
  const changed = embeddedTemplateDir(modules);
  expect(changed).not.toBe(first);

  writeFileSync(join(modules.sites.migrationsDir, '002_more.sql'), 'SELECT 1;');
  expect(embeddedTemplateDir(modules)).not.toBe(changed);
});

it('leaves a new directory alone when no template was built for these migrations', () => {
  const modules = modulesIn(mkdtempSync(join(tmpdir(), 'quire-template-')));
  expect(copyEmbeddedTemplate(join(tmpdir(), 'quire-no-template'), modules)).toBe(false);
});
