import type { SqlDatabase } from '@quire/platform/sql';
import type { SpecDocuments } from '../domain/spec-documents';
import { findSpecBySlug } from '../store/openapi-specs.store';
import { findSpecVersionDocument } from '../store/spec-versions.store';

/** Operations and distinct specs one call reads at most (one rendered page's blocks); the rest answer not found. */
export const MAX_OPERATIONS = 20;
export const MAX_OPERATION_SPECS = 5;
/** Stored documents kept per process (their text: parsing happens where spec-documents.ts says), and operations answered from memory. */
const MAX_STORED_DOCUMENTS = 2;
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
 * document is the costly step (seconds for a large YAML, in a thread): the same operation is then
 * answered from memory, and another operation of the same version needs no second read of the store.
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

const storedDocuments = new Lru<string | null>(MAX_STORED_DOCUMENTS);
const operations = new Lru<string>(MAX_CACHED_OPERATIONS);

export interface PublishedOperationsDeps {
  db: SqlDatabase;
  documents: Pick<SpecDocuments, 'operations'>;
}

/**
 * Operations of an organization's specs, from each spec's latest version (the reader's
 * `openapi-operation` blocks). Only `organizationId`'s specs are read: the caller takes it from the
 * verified site apiToken. A missing spec, version or operation is `found: false`, never an error; so
 * is an operation of a document that could not be parsed in time (not remembered: asked again next call).
 */
export async function readPublishedOperations(
  deps: PublishedOperationsDeps,
  organizationId: string,
  refs: readonly OperationRef[],
): Promise<OperationAnswer[]> {
  const versionOf = new Map<string, Promise<string | undefined>>();
  const latestVersion = (slug: string) => {
    let version = versionOf.get(slug);
    if (!version) {
      version =
        versionOf.size < MAX_OPERATION_SPECS && SLUG.test(slug)
          ? findSpecBySlug(deps.db, organizationId, slug).then((s) => s?.lastVersionId ?? undefined)
          : Promise.resolve(undefined);
      versionOf.set(slug, version);
    }
    return version;
  };
  const answers: OperationAnswer[] = refs.map((ref) => ({ ...ref, found: false, operationJson: '' }));
  const found = (i: number, json: string) => {
    if (json) answers[i] = { ...answers[i]!, found: true, operationJson: json };
  };
  // Operations not yet answered from memory, by version: one parse (one thread task) per version.
  const unanswered = new Map<string, number[]>();
  for (const [i, ref] of refs.entries()) {
    const versionId = i < MAX_OPERATIONS ? await latestVersion(ref.spec) : undefined;
    if (!versionId) continue;
    const json = operations.get(operationKey(versionId, ref));
    if (json !== undefined) found(i, json);
    else unanswered.set(versionId, [...(unanswered.get(versionId) ?? []), i]);
  }
  for (const [versionId, indexes] of unanswered) {
    const asked = indexes.map((i) => refs[i]!);
    const text = await documentOf(deps.db, versionId);
    const jsons = text === null ? asked.map(() => '') : await deps.documents.operations(versionId, text, asked);
    if (!jsons) continue;
    for (const [n, i] of indexes.entries()) {
      const json = jsons[n] ?? '';
      operations.set(operationKey(versionId, asked[n]!), json);
      found(i, json);
    }
  }
  return answers;
}

function operationKey(versionId: string, ref: OperationRef): string {
  return `${versionId} ${ref.method.toLowerCase()} ${ref.path}`;
}

/** A version's stored document, null when there is none. */
async function documentOf(db: SqlDatabase, versionId: string): Promise<string | null> {
  const cached = storedDocuments.get(versionId);
  if (cached !== undefined) return cached;
  const stored = await findSpecVersionDocument(db, versionId);
  const text = stored?.document ?? null;
  storedDocuments.set(versionId, text);
  return text;
}
