import { notFound } from '@quire/errors';
import { newId } from '@quire/ids';

export const SCIM_TOKEN_PREFIX = 'qscim_';

/** A new bearer token: 40 base62 characters behind a recognisable prefix (like API tokens). */
export function generateScimToken(): string {
  return SCIM_TOKEN_PREFIX + newId(40);
}

/** What the connection shows of its token (GitBook's tokenHint): its last four characters. */
export function tokenHintOf(token: string): string {
  return token.slice(-4);
}

export const scimConnectionNotFound = (id: string) => notFound(`SCIM connection ${id} not found`);

/** The connection's SCIM base URL, under PUBLIC_URL (the gateway routes /scim/v2 to identity). */
export const scimBasePath = (connectionId: string) => `/scim/v2/${encodeURIComponent(connectionId)}`;
