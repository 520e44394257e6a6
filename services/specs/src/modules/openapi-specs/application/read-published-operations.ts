import type { SqlDatabase } from '@quire/platform/sql';
import { parseSpecText } from '../domain/spec-document';
import { operationOf } from '../domain/spec-operation';
import { findSpecBySlug } from '../store/openapi-specs.store';
import { findSpecVersionDocument } from '../store/spec-versions.store';

/** Operations and distinct specs one call reads at most (one rendered page's blocks); the rest answer not found. */
export const MAX_OPERATIONS = 20;
export const MAX_OPERATION_SPECS = 5;
/** Parsed documents kept per process (a 6 MB spec is tens of MB parsed), and operations answered from memory. */
const MAX_PARSED_DOCUMENTS = 2;
const MAX_CACHED_OPERATIONS = 1_000;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface OperationRef {
  spec: string;
  path: string;
  method: string;
}

export interface OperationAnswer extends OperationRef {
  found: boolean;
  operationJson: string;
}

/**
 * A small LRU: versions never change, so an entry is right until it is evicted. Parsing a large
 * document is the costly step (hundreds of ms for a 6 MB JSON): the same operation is then answered
 * from memory, and another operation of the same version needs no second parse.
 */
class Lru<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
  }
}

const parsedDocuments = new Lru<unknown>(MAX_PARSED_DOCUMENTS);
const operations = new Lru<string>(MAX_CACHED_OPERATIONS);

/**
 * Operations of an organization's specs, from each spec's latest version (the reader's
 * `openapi-operation` blocks). Only `organizationId`'s specs are read: the caller takes it from the
 * verified site apiToken. A missing spec, version or operation is `found: false`, never an error.
 */
export async function readPublishedOperations(db: SqlDatabase, organizationId: string, refs: readonly OperationRef[]): Promise<OperationAnswer[]> {
  const versionOf = new Map<string, Promise<string | undefined>>();
  const latestVersion = (slug: string) => {
    let version = versionOf.get(slug);
    if (!version) {
      version =
        versionOf.size < MAX_OPERATION_SPECS && SLUG.test(slug)
          ? findSpecBySlug(db, organizationId, slug).then((s) => s?.lastVersionId ?? undefined)
          : Promise.resolve(undefined);
      versionOf.set(slug, version);
    }
    return version;
  };
  const answers: OperationAnswer[] = [];
  for (const [i, ref] of refs.entries()) {
    const missing = { ...ref, found: false, operationJson: '' };
    const versionId = i < MAX_OPERATIONS ? await latestVersion(ref.spec) : undefined;
    if (!versionId) {
      answers.push(missing);
      continue;
    }
    const key = `${versionId} ${ref.method.toLowerCase()} ${ref.path}`;
    let json = operations.get(key);
    if (json === undefined) {
      const view = operationOf(await documentOf(db, versionId), ref.path, ref.method);
      json = view ? JSON.stringify(view) : '';
      operations.set(key, json);
    }
    answers.push(json ? { ...ref, found: true, operationJson: json } : missing);
  }
  return answers;
}

async function documentOf(db: SqlDatabase, versionId: string): Promise<unknown> {
  const cached = parsedDocuments.get(versionId);
  if (cached !== undefined) return cached;
  const stored = await findSpecVersionDocument(db, versionId);
  const parsed = stored ? (parseSpecText(stored.document) ?? null) : null;
  parsedDocuments.set(versionId, parsed);
  return parsed;
}
