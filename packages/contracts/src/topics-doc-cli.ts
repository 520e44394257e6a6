import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EVENT_TOPICS } from './catalog';
import { renderTopicsDoc } from './topics-doc';

// npm run events:doc — rewrites proto/TOPICS.md's tables from the event schemas.
// npm run events:doc -- --check — exits 1 when the document is not what the schemas give.

const path = join(__dirname, '..', '..', '..', 'proto', 'TOPICS.md');
const current = readFileSync(path, 'utf8');
const rendered = renderTopicsDoc(current, EVENT_TOPICS);
if (process.argv.includes('--check')) {
  if (rendered !== current) {
    process.stderr.write('proto/TOPICS.md is stale: run npm run events:doc\n');
    process.exit(1);
  }
} else if (rendered !== current) {
  writeFileSync(path, rendered);
  process.stdout.write('proto/TOPICS.md updated\n');
}
