import { checkSpecDocument, parseSpecText, type SpecCheck } from './spec-document';
import { operationOf, webhookOf } from './spec-operation';
import { componentSchemaOf } from './spec-schema';

// What a spec-document thread runs (spec-document-worker.ts), and the same functions run inline for
// small documents (spec-documents.ts): one code path, so both answer alike.

/** What an OpenAPI block asks of a document: an operation (also a `swagger` block's), a webhook, a component schema. */
export type SpecItem =
  { kind: 'operation'; path: string; method: string } | { kind: 'webhook'; name: string; method: string } | { kind: 'schema'; name: string };

/** An item's name among a version's answers: the same operation asked by two blocks is one answer. */
export function specItemKey(item: SpecItem): string {
  if (item.kind === 'operation') return `operation ${item.method.toLowerCase()} ${item.path}`;
  if (item.kind === 'webhook') return `webhook ${item.method.toLowerCase()} ${item.name}`;
  return `schema ${item.name}`;
}

/** Each item of a parsed document as its view's JSON, '' when the document has none there. */
export function itemJsonOf(document: unknown, items: readonly SpecItem[]): string[] {
  return items.map((item) => {
    const view =
      item.kind === 'operation'
        ? operationOf(document, item.path, item.method)
        : item.kind === 'webhook'
          ? webhookOf(document, item.name, item.method)
          : componentSchemaOf(document, item.name);
    return view ? JSON.stringify(view) : '';
  });
}

// A thread (and the main thread, for small documents) keeps the last document it parsed, by version (a
// version never changes): another page's blocks of it cost no second parse. One: a 9 MB YAML spec is
// hundreds of MB parsed.
let lastParsed: { key: string; document: unknown } | undefined;

export const SPEC_DOCUMENT_TASKS = {
  check: (text: string): Promise<SpecCheck> => checkSpecDocument(text),
  items: ({ key, text, items }: { key: string; text: string; items: SpecItem[] }): string[] => {
    if (lastParsed?.key !== key) {
      lastParsed = undefined;
      lastParsed = { key, document: parseSpecText(text) ?? null };
    }
    return itemJsonOf(lastParsed.document, items);
  },
};
