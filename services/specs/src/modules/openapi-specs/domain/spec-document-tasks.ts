import { checkSpecDocument, parseSpecText, type SpecCheck } from './spec-document';
import { operationOf } from './spec-operation';

// What a spec-document thread runs (spec-document-worker.ts), and the same functions run inline for
// small documents (spec-documents.ts): one code path, so both answer alike.

/** An operation asked of a document. */
export interface OperationAt {
  path: string;
  method: string;
}

/** Each operation of a parsed document as its view's JSON, '' when the document has none there. */
export function operationJsonOf(document: unknown, refs: readonly OperationAt[]): string[] {
  return refs.map((ref) => {
    const view = operationOf(document, ref.path, ref.method);
    return view ? JSON.stringify(view) : '';
  });
}

// A thread (and the main thread, for small documents) keeps the last document it parsed, by version (a
// version never changes): another page's blocks of it cost no second parse. One: a 9 MB YAML spec is
// hundreds of MB parsed.
let lastParsed: { key: string; document: unknown } | undefined;

export const SPEC_DOCUMENT_TASKS = {
  check: (text: string): Promise<SpecCheck> => checkSpecDocument(text),
  operations: ({ key, text, refs }: { key: string; text: string; refs: OperationAt[] }): string[] => {
    if (lastParsed?.key !== key) {
      lastParsed = undefined;
      lastParsed = { key, document: parseSpecText(text) ?? null };
    }
    return operationJsonOf(lastParsed.document, refs);
  },
};
