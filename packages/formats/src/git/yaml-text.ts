import type * as Yaml from 'yaml';
import { ImportRefused } from '../import/imported-content';

// YAML of a repository (.gitbook.yaml, front matter): a document that does not parse refuses the
// import with the parser's reason rather than importing the file half-read.

// yaml is loaded on the first document read or written (Git Sync, specs), not at start.
let yaml: typeof Yaml | undefined;
/** The yaml library, required on first use. */
export function yamlLibrary(): typeof Yaml {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily on purpose (see above)
  return (yaml ??= require('yaml') as typeof Yaml);
}

/** At most this many aliases per document: a "billion laughs" of aliases is refused, not expanded. */
const MAX_ALIASES = 100;

export function parseYaml(text: string, where: string): unknown {
  try {
    // logLevel 'error': errors throw; warnings (an unknown tag) are not printed.
    return yamlLibrary().parse(text, { logLevel: 'error', maxAliasCount: MAX_ALIASES });
  } catch (err) {
    const reason = (err instanceof Error ? err.message : String(err)).split('\n')[0];
    throw new ImportRefused(`${where} is not valid YAML: ${reason}`);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}
