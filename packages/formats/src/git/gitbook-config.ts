import { ImportRefused } from '../import/imported-content';
import { configuredPath } from './repo-paths';
import { isRecord, parseYaml, yamlLibrary } from './yaml-text';

// `.gitbook.yaml`, Git Sync's configuration: where the content lives (`root`), its first page and
// table of contents (`structure.readme`, `structure.summary`), and `redirects`.
// https://gitbook.com/docs/getting-started/git-sync/content-configuration

export const CONFIG_FILE = '.gitbook.yaml';

export interface GitBookConfig {
  /** The content's folder, relative to the project directory ('' for it). */
  root: string;
  /** Relative to `root`. */
  readme: string;
  /** Relative to `root`. */
  summary: string;
  redirects: Record<string, string>;
}

export const DEFAULT_CONFIG: GitBookConfig = { root: '', readme: 'README.md', summary: 'SUMMARY.md', redirects: {} };

export function readGitBookConfig(text: string, where: string): GitBookConfig {
  const yaml = parseYaml(text, where) ?? {};
  if (!isRecord(yaml)) throw new ImportRefused(`${where} must be a YAML mapping (root, structure, redirects)`);
  const structure = yaml.structure ?? {};
  if (!isRecord(structure)) throw new ImportRefused(`${where}: structure must be a mapping (readme, summary)`);
  const redirects = yaml.redirects ?? {};
  if (!isRecord(redirects)) throw new ImportRefused(`${where}: redirects must be a mapping of old paths to files`);
  const path = (value: unknown, key: string, fallback: string) => {
    if (value === undefined || value === null) return fallback;
    if (typeof value !== 'string') throw new ImportRefused(`${where}: ${key} must be a path`);
    return configuredPath(value, `${where}: ${key}`);
  };
  return {
    root: path(yaml.root, 'root', DEFAULT_CONFIG.root),
    readme: path(structure.readme, 'structure.readme', DEFAULT_CONFIG.readme) || DEFAULT_CONFIG.readme,
    summary: path(structure.summary, 'structure.summary', DEFAULT_CONFIG.summary) || DEFAULT_CONFIG.summary,
    redirects: Object.fromEntries(Object.entries(redirects).filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
  };
}

/** The file as writeGitLayout writes it: `root` only when set, redirects sorted (same content, same bytes). */
export function gitBookConfigText(config: GitBookConfig): string {
  const redirects = Object.keys(config.redirects).sort();
  return yamlLibrary().stringify({
    ...(config.root ? { root: `./${config.root}/` } : {}),
    structure: { readme: config.readme, summary: config.summary },
    ...(redirects.length ? { redirects: Object.fromEntries(redirects.map((from) => [from, config.redirects[from]])) } : {}),
  });
}
