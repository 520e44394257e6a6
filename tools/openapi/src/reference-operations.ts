import { readFileSync } from 'node:fs';

/* eslint-disable @typescript-eslint/no-explicit-any -- OpenAPI documents are untyped JSON here */
type Json = any;

/** An operation of a GitBook reference document, found by method and path. */
export interface ReferenceOperation {
  operationId: string;
  tags: string[];
  summary?: string;
  description?: string;
  /** The success answers (2xx) as the reference declares them, `$ref`s into `components` below. */
  responses: Record<string, Json>;
  /** The reference document the operation came from (for its components). */
  source: ReferenceDocument;
}

export interface ReferenceDocument {
  /** `0.143.2` (the contract), `0.91.0` (custom fields only) or `0.202.0` (batch content edits only). */
  version: string;
  document: Json;
}

/**
 * The reference documents installed as dev dependencies: 0.143.2 (the contract) first, then 0.91.0
 * for custom fields, then 0.202.0 for what only today's client has (batch content edits).
 */
export function loadReferences(): ReferenceDocument[] {
  const load = (pkg: string, version: string): ReferenceDocument => ({
    version,
    document: JSON.parse(readFileSync(require.resolve(`${pkg}/spec/openapi.json`), 'utf8')),
  });
  return [load('@gitbook/api', '0.143.2'), load('gitbook-api-091', '0.91.0'), load('gitbook-api-0202', '0.202.0')];
}

/** The reference operation with this method and path (`/v1` stripped, parameter names ignored). */
export function findReferenceOperation(references: ReferenceDocument[], method: string, path: string): ReferenceOperation | undefined {
  const shape = pathShape(path.replace(/^\/v1(?=\/)/, ''));
  for (const source of references) {
    for (const [refPath, item] of Object.entries<Json>(source.document.paths)) {
      const operation = item[method.toLowerCase()];
      if (!operation || pathShape(refPath) !== shape) continue;
      const responses = Object.fromEntries(Object.entries<Json>(operation.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status)));
      return {
        operationId: operation.operationId,
        tags: operation.tags ?? [],
        summary: operation.summary,
        description: operation.description,
        responses,
        source,
      };
    }
  }
  return undefined;
}

const pathShape = (path: string) => path.replace(/\{[^{}]+\}/g, '{}');
