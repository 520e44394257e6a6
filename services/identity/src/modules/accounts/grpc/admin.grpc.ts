import type { Metadata } from '@grpc/grpc-js';
import { isRole, verifyAdminCall } from '@quire/access';
import { ApiError, badRequest } from '@quire/errors';
import { newId } from '@quire/ids';
import { bind } from '@quire/platform/grpc';
import { runAsActor, scriptActor } from '@quire/platform/outbox';
import type { ServiceContext } from '@quire/platform/runtime';
import { identity } from '@quire/proto';
import { addMember } from '../application/add-member';
import { createOrganization } from '../application/create-organization';
import { issueToken } from '../application/issue-token';
import { revokeToken } from '../application/revoke-token';

export const ADMIN_METADATA_KEY = 'x-quire-admin';

/** `local@domain` whose domain has a dot inside it; the dot is found by hand (`[^\s@]+\.[^\s@]+` backtracks on dots). */
const EMAIL = /^[^\s@]+@[^\s@]+$/;
const hasInnerDot = (email: string) => email.slice(email.indexOf('@') + 2, -1).includes('.');

/** Administration for the CLI, authorized by an HMAC of INTERNAL_SECRET, never by an API token. */
export function identityAdminGrpc(deps: Pick<ServiceContext, 'db' | 'cache' | 'clock' | 'config'>) {
  /** Verifies the signature, then runs the call as the CLI: its events are audited with source `script`. */
  const asOperator = async <T>(method: string, metadata: Metadata, call: () => Promise<T>): Promise<T> => {
    const value = metadata.get(ADMIN_METADATA_KEY)[0];
    if (!verifyAdminCall(method, typeof value === 'string' ? value : undefined, deps.config.internalSecret)) {
      throw new ApiError(401, 'Admin calls need a valid x-quire-admin signature (INTERNAL_SECRET)');
    }
    return runAsActor(scriptActor(newId()), call);
  };
  const email = (value: string) => {
    if (!EMAIL.test(value) || !hasInnerDot(value) || value.length > 254) throw badRequest(`Invalid e-mail address "${value}"`);
    return value;
  };

  return bind<identity.IdentityAdminServer>(identity.IdentityAdminService, {
    createToken: (req, metadata) =>
      asOperator('createToken', metadata, async () => {
        const issued = await issueToken(deps, { email: email(req.email), displayName: req.displayName || undefined, name: req.tokenName });
        return { token: issued.token, userId: issued.userId, tokenId: issued.tokenId };
      }),
    revokeToken: (req, metadata) =>
      asOperator('revokeToken', metadata, async () => {
        await revokeToken(deps, { tokenId: req.tokenId || undefined, token: req.token || undefined });
        return {};
      }),
    createOrganization: (req, metadata) =>
      asOperator('createOrganization', metadata, async () => {
        const title = req.title.trim();
        if (title.length < 2 || title.length > 255) throw badRequest('Invalid title: must be 2 to 255 characters');
        const { organization } = await createOrganization(deps, { title, ownerEmail: email(req.ownerEmail) });
        return { organizationId: organization.id };
      }),
    addMember: (req, metadata) =>
      asOperator('addMember', metadata, async () => {
        if (!isRole(req.role)) throw badRequest(`Invalid role "${req.role}": must be one of admin, create, review, edit, comment, read`);
        const { user } = await addMember(deps, { organizationId: req.organizationId, email: email(req.email), role: req.role });
        return { userId: user.id };
      }),
  });
}
