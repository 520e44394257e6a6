import type { Logger } from '@quire/platform/logger';
import type { BootstrapOptions } from '../../../settings';
import { createOrganizationIn } from './create-organization';
import { issueTokenIn } from './issue-token';
import { countUsers, lockBootstrap } from '../store/users.store';
import type { IdentityDeps } from './deps';

export interface BootstrapResult {
  token: string;
  userId: string;
  organizationId: string;
}

/**
 * On first start with an empty identity store: an admin user, an organization and an API token
 * (BOOTSTRAP_TOKEN, or a generated one that is shown once). Returns null when already bootstrapped.
 */
export async function bootstrapIdentity({ db, clock }: IdentityDeps, options: BootstrapOptions, logger: Logger): Promise<BootstrapResult | null> {
  const now = clock();
  // One transaction under a lock: replicas starting together bootstrap once.
  const result = await db.transaction(async (tx) => {
    await lockBootstrap(tx);
    if ((await countUsers(tx)) > 0) return null;
    const { organization, owner } = await createOrganizationIn(tx, { title: options.organizationTitle, ownerEmail: options.email }, now);
    const { token } = await issueTokenIn(tx, { email: owner.email, name: 'bootstrap', token: options.token, now });
    return { token, userId: owner.id, organizationId: organization.id };
  });
  if (result) logger.info({ organizationId: result.organizationId, userId: result.userId }, 'bootstrapped an empty identity store');
  return result;
}
