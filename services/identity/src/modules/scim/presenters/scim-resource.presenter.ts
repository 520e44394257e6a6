import { projectAttributes } from '../domain/scim-attributes';
import { ERROR_SCHEMA } from '../domain/scim-schemas';
import { groupRepresentation, userRepresentation } from '../domain/scim-representation';
import type { ScimGroupRecord, ScimUserRecord } from '../model/scim-connection';

/** `attributes` / `excludedAttributes` of a request (RFC 7644 §3.4.2.5, §3.9). */
export interface AttributeSelection {
  attributes?: string;
  excludedAttributes?: string;
}

export const presentScimUser = (user: ScimUserRecord, baseUrl: string, selection: AttributeSelection = {}) =>
  projectAttributes(userRepresentation(user, baseUrl), selection);

export const presentScimGroup = (group: ScimGroupRecord, baseUrl: string, selection: AttributeSelection = {}) =>
  projectAttributes(groupRepresentation(group, baseUrl), selection);

/** A ListResponse with each resource projected. */
export function presentScimList<T extends { Resources: Record<string, unknown>[] }>(list: T, selection: AttributeSelection): T {
  return { ...list, Resources: list.Resources.map((r) => projectAttributes(r, selection)) };
}

/** The SCIM error body (RFC 7644 §3.12); `status` is a string there. */
export function presentScimError(status: number, detail: string, scimType?: string) {
  return { schemas: [ERROR_SCHEMA], status: String(status), ...(scimType ? { scimType } : {}), detail };
}
