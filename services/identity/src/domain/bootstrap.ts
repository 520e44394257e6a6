import type { Logger, SqlDatabase } from '@quire/common';
import { countUsers } from '../store/users.store';
import { createOrganization } from './organizations';
import { issueToken } from './tokens';

export interface BootstrapOptions {
  token?: string;
  email: string;
  organizationTitle: string;
}

export interface BootstrapResult {
  token: string;
  userId: string;
  organizationId: string;
}

/**
 * On first start with an empty identity store: an admin user, an organization and an API token
 * (BOOTSTRAP_TOKEN, or a generated one that is shown once). Returns null when already bootstrapped.
 */
export async function bootstrapIfEmpty(db: SqlDatabase, options: BootstrapOptions, now: Date, logger: Logger): Promise<BootstrapResult | null> {
  if ((await countUsers(db)) > 0) return null;
  const { organization, owner } = await createOrganization(db, { title: options.organizationTitle, ownerEmail: options.email }, now);
  const { token } = await issueToken(db, { email: owner.email, name: 'bootstrap', token: options.token });
  logger.info({ organizationId: organization.id, userId: owner.id, email: owner.email }, 'bootstrapped an empty identity store');
  return { token, userId: owner.id, organizationId: organization.id };
}
