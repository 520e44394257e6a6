import { z } from '@quire/input';
import { scimBadRequest } from '../domain/scim-errors';
import type { PatchOperation } from '../domain/scim-patch';
import { listNumber, type ScimListQuery } from '../domain/scim-representation';
import { PATCH_SCHEMA } from '../domain/scim-schemas';
import type { AttributeSelection } from '../presenters/scim-resource.presenter';

// The SCIM service's inputs (RFC 7644). Its errors are SCIM error bodies with a scimType, so these
// readers throw ScimErrors rather than going through route()'s 400.

const text = (raw: unknown, name: string): string | undefined => {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw scimBadRequest('invalidValue', `Parameter "${name}" must be a string`);
  return raw;
};

/** filter, startIndex, count, attributes, excludedAttributes: from a query string or a /.search body. */
export function listQueryOf(source: Record<string, unknown>): { query: ScimListQuery; selection: AttributeSelection } {
  const list = (raw: unknown, name: string) => (Array.isArray(raw) ? raw.map((v) => text(v, name)).join(',') : text(raw, name));
  return {
    query: { filter: text(source.filter, 'filter'), startIndex: listNumber(source.startIndex, 'startIndex'), count: listNumber(source.count, 'count') },
    selection: { attributes: list(source.attributes, 'attributes'), excludedAttributes: list(source.excludedAttributes, 'excludedAttributes') },
  };
}

/** A resource body: a JSON object (RFC 7644 §3.3). */
export function resourceBodyOf(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw scimBadRequest('invalidSyntax', 'The body must be a JSON object');
  return body as Record<string, unknown>;
}

const patchOp = z.object({ op: z.string(), path: z.string().optional(), value: z.unknown().optional() }).passthrough();
const patchBody = z.object({ schemas: z.array(z.string()).optional(), Operations: z.array(patchOp).min(1) }).passthrough();

/** A PatchOp body (RFC 7644 §3.5.2): its Operations. */
export function patchOperationsOf(body: unknown): PatchOperation[] {
  const parsed = patchBody.safeParse(body);
  if (!parsed.success) throw scimBadRequest('invalidSyntax', 'The body must be a PatchOp message with a non-empty "Operations" list');
  if (parsed.data.schemas && !parsed.data.schemas.includes(PATCH_SCHEMA)) throw scimBadRequest('invalidSyntax', `"schemas" must list ${PATCH_SCHEMA}`);
  return parsed.data.Operations;
}
