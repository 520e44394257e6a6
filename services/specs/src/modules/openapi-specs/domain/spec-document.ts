import { createHash } from 'node:crypto';
import type * as OpenapiParser from '@readme/openapi-parser';
import type * as Yaml from 'yaml';
import type { ProcessError } from '../model/openapi-spec';

export interface ParsedSpec {
  sha256: string;
  /** The file name the version's filesystem stores the document under. */
  fileName: string;
  mediaType: 'application/json' | 'application/yaml';
}

/** A failed check: the first errors (at most MAX_ERRORS, then a line that counts the rest) and how many there were. */
export type SpecCheck = { ok: true; spec: ParsedSpec } | { ok: false; errors: ProcessError[]; errorCount: number };

const MAX_ERRORS = 20;

// Path-parameter consistency is a lint of the parser, not a schema error: published specs such as
// GitHub's trip it, and their users still expect them accepted. Everything else stays an error.
const LENIENT_RULES = { 'path-parameters-not-in-parameters': 'warning', 'path-parameters-not-in-path': 'warning' } as const;

export function sha256Of(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * Parses a document (JSON, else YAML) and validates it as Swagger 2.0 or OpenAPI 3.0/3.1.
 * External `$ref`s are never followed: the parser would read local files and fetch URLs by
 * default (the options are `resolve.external`/`resolve.file`; `http: false` is not one of them).
 */
// Required by the first check, not at import: the parser and its schemas cost a process ~70 ms of
// CPU, and an embedded start would pay it for a spec it may never receive.
let openapiParser: typeof OpenapiParser | undefined;
function loadOpenapiParser(): typeof OpenapiParser {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (see above)
  return (openapiParser ??= require('@readme/openapi-parser') as typeof OpenapiParser);
}

// yaml likewise: loaded on the first YAML document.
let yaml: typeof Yaml | undefined;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily on purpose (see above)
const loadYaml = (): typeof Yaml => (yaml ??= require('yaml') as typeof Yaml);

export async function checkSpecDocument(text: string): Promise<SpecCheck> {
  const parsed = parseText(text);
  if ('errors' in parsed) return { ok: false, errors: parsed.errors, errorCount: parsed.errorCount };
  if (!isObject(parsed.value) || !(typeof parsed.value.openapi === 'string' || typeof parsed.value.swagger === 'string')) {
    return {
      ok: false,
      errors: [{ code: 'NOT_OPENAPI', message: 'The document has no "openapi" or "swagger" version field: it is not an OpenAPI or Swagger document' }],
      errorCount: 1,
    };
  }
  try {
    const result = await loadOpenapiParser().validate(parsed.value as never, {
      resolve: { external: false, file: false },
      validate: { rules: { openapi: LENIENT_RULES, swagger: LENIENT_RULES } },
    });
    if (!result.valid) {
      const errors = result.errors.slice(0, MAX_ERRORS).map((e) => ({ code: 'INVALID', message: e.message }));
      if (result.additionalErrors > 0) errors.push({ code: 'INVALID', message: `…and ${result.additionalErrors} more errors` });
      return { ok: false, errors, errorCount: result.errors.length + result.additionalErrors };
    }
  } catch (err) {
    return { ok: false, errors: [{ code: 'INVALID', message: (err as Error).message }], errorCount: 1 };
  }
  return {
    ok: true,
    spec: { sha256: sha256Of(text), fileName: parsed.json ? 'openapi.json' : 'openapi.yaml', mediaType: parsed.json ? 'application/json' : 'application/yaml' },
  };
}

/** A stored (already validated) document as data: JSON, else YAML; undefined when it does not parse. */
export function parseSpecText(text: string): unknown {
  const parsed = parseText(text);
  return 'errors' in parsed ? undefined : parsed.value;
}

function parseText(text: string): { value: unknown; json: boolean } | { errors: ProcessError[]; errorCount: number } {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return { value: JSON.parse(text) as unknown, json: true };
    } catch {
      // Not JSON after all (YAML flow style): YAML below names the line.
    }
  }
  const doc = loadYaml().parseDocument(text, { prettyErrors: true, uniqueKeys: false });
  if (doc.errors.length > 0) {
    return {
      errors: doc.errors.slice(0, MAX_ERRORS).map((e) => {
        const at = e.linePos?.[0];
        return { code: e.code, message: at ? `line ${at.line}, column ${at.col}: ${firstLine(e.message)}` : firstLine(e.message) };
      }),
      errorCount: doc.errors.length,
    };
  }
  return { value: doc.toJS({ maxAliasCount: 1000 }) as unknown, json: false };
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
