import type { Metadata } from '@grpc/grpc-js';
import { hashToken, isRole, verifyAdminCall } from '@quire/access';
import { ApiError, badRequest, notFound } from '@quire/errors';
import { bind } from '@quire/platform/grpc';
import type { ServiceContext } from '@quire/platform/runtime';
import { identity } from '@quire/proto';
import { addMember } from '../domain/members';
import { createOrganization } from '../domain/organizations';
import { issueToken, revokeTokenById } from '../domain/tokens';
import { organizationExists } from '../store/organizations.store';
import { findActiveTokenByHash } from '../store/tokens.store';

export const ADMIN_METADATA_KEY = 'x-quire-admin';

/** `local@domain` whose domain has a dot inside it; the dot is found by hand (`[^\s@]+\.[^\s@]+` backtracks on dots). */
const EMAIL = /^[^\s@]+@[^\s@]+$/;
const hasInnerDot = (email: string) => email.slice(email.indexOf('@') + 2, -1).includes('.');

/** Administration for the CLI, authorized by an HMAC of INTERNAL_SECRET, never by an API token. */
export function identityAdminGrpc({ db, cache, clock, config }: Pick<ServiceContext, 'db' | 'cache' | 'clock' | 'config' | 'outbox'>) {
  const authorize = (method: string, metadata: Metadata) => {
    const value = metadata.get(ADMIN_METADATA_KEY)[0];
    if (!verifyAdminCall(method, typeof value === 'string' ? value : undefined, config.internalSecret)) {
      throw new ApiError(401, 'Admin calls need a valid x-quire-admin signature (INTERNAL_SECRET)');
    }
  };
  const email = (value: string) => {
    if (!EMAIL.test(value) || !hasInnerDot(value) || value.length > 254) throw badRequest(`Invalid e-mail address "${value}"`);
    return value;
  };

  return bind<identity.IdentityAdminServer>(identity.IdentityAdminService, {
    createToken: async (req, metadata) => {
      authorize('createToken', metadata);
      const issued = await issueToken(db, { email: email(req.email), displayName: req.displayName || undefined, name: req.tokenName, now: clock() });
      return { token: issued.token, userId: issued.userId, tokenId: issued.tokenId };
    },
    revokeToken: async (req, metadata) => {
      authorize('revokeToken', metadata);
      const tokenId = req.tokenId || (req.token ? (await findActiveTokenByHash(db, hashToken(req.token)))?.id : undefined);
      if (!tokenId || !(await revokeTokenById(db, cache, tokenId, clock()))) throw notFound('Token not found');
      return {};
    },
    createOrganization: async (req, metadata) => {
      authorize('createOrganization', metadata);
      const title = req.title.trim();
      if (title.length < 2 || title.length > 255) throw badRequest('Invalid title: must be 2 to 255 characters');
      const { organization } = await createOrganization(db, { title, ownerEmail: email(req.ownerEmail) }, clock());
      return { organizationId: organization.id };
    },
    addMember: async (req, metadata) => {
      authorize('addMember', metadata);
      if (!isRole(req.role)) throw badRequest(`Invalid role "${req.role}": must be one of admin, create, review, edit, comment, read`);
      if (!(await organizationExists(db, req.organizationId))) throw notFound(`Organization ${req.organizationId} not found`);
      const { user } = await addMember(db, { organizationId: req.organizationId, email: email(req.email), role: req.role }, clock());
      return { userId: user.id };
    },
  });
}
