import { hashToken, isRole } from '@quire/access';
import { notFound } from '@quire/errors';
import { bind } from '@quire/platform/grpc';
import type { ServiceContext } from '@quire/platform/runtime';
import { identity } from '@quire/proto';
import { findMembership } from '../store/members.store';
import { findActiveTokenByHash, touchToken } from '../store/tokens.store';
import { findUsersByIds } from '../store/users.store';
import { findOrganizationsForUser, organizationExists } from '../store/organizations.store';
import { presentOrganization } from '../presenters/organization.presenter';

const MAX_USERS_PER_CALL = 1000;
const MAX_ORGANIZATIONS_PER_CALL = 1000;

export function identityGrpc({ db, clock, logger, urls }: Pick<ServiceContext, 'db' | 'clock' | 'logger' | 'urls'>) {
  return bind<identity.IdentityServer>(identity.IdentityService, {
    // Ready when the database answers, as /readyz and the other services' Check report it.
    check: async () => ({
      service: 'identity',
      ready: await db.ping().then(
        () => true,
        () => false,
      ),
    }),

    authenticate: async ({ token }) => {
      const row = token ? await findActiveTokenByHash(db, hashToken(token)) : null;
      if (!row) throw notFound('Unknown or revoked token');
      touchToken(db, row.id, clock()).catch((err: Error) => logger.warn({ err: err.message }, 'could not record token use'));
      return { userId: row.userId, tokenId: row.id };
    },

    getMembership: async ({ organizationId, userId }) => {
      const [exists, member] = await Promise.all([organizationExists(db, organizationId), findMembership(db, organizationId, userId)]);
      const role = member && !member.disabled && isRole(member.role) ? member.role : '';
      return { organizationExists: exists, role };
    },

    getUsers: async ({ userIds }) => {
      const ids = [...new Set(userIds)].slice(0, MAX_USERS_PER_CALL);
      const rows = await findUsersByIds(db, ids);
      return { users: rows.map((u) => ({ id: u.id, displayName: u.displayName, email: u.email, photoUrl: u.photoUrl ?? '' })) };
    },

    // Other services embed full Organization objects (content's link items): the one presenter writes them.
    getOrganizations: async ({ organizationIds, userId }) => {
      const ids = [...new Set(organizationIds)].slice(0, MAX_ORGANIZATIONS_PER_CALL);
      const rows = await findOrganizationsForUser(db, ids, userId);
      const organizations = rows.map((org) => {
        const role = org.callerRole && isRole(org.callerRole) ? org.callerRole : '';
        return { id: org.id, role, json: JSON.stringify(presentOrganization(org, role || null, urls)) };
      });
      return { organizations };
    },
  });
}
