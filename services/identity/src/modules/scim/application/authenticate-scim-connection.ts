import { hashToken } from '@quire/access';
import type { Logger } from '@quire/platform/logger';
import type { IdentityDeps } from '../../accounts';
import { ScimError } from '../domain/scim-errors';
import type { ScimConnection } from '../model/scim-connection';
import { findScimConnectionByToken, touchScimConnection } from '../store/scim-connections.store';

/** The connection a SCIM request is for, if its bearer token is that connection's current one; else a 401. */
export async function authenticateScimConnection(
  { db, clock }: IdentityDeps,
  logger: Logger,
  input: { connectionId: string; authorization: string | undefined },
): Promise<ScimConnection> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(input.authorization ?? '');
  const connection = match?.[1] ? await findScimConnectionByToken(db, input.connectionId, hashToken(match[1])) : null;
  if (!connection) throw new ScimError(401, "A valid bearer token of this SCIM connection is required (Authorization: Bearer <the connection's token>)");
  touchScimConnection(db, connection.id, clock()).catch((err: Error) => logger.warn({ err: err.message }, 'could not record SCIM connection use'));
  return connection;
}
