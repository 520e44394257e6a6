import { forbidden } from '@quire/errors';
import type { User } from '../model/user';

/** The operator's setting (QUIRE_ORG_CREATION, QUIRE_INSTANCE_ADMINS; services/identity/src/settings.ts). */
export interface OrganizationCreationRule {
  who: 'anyone' | 'instance-admins';
  instanceAdmins: readonly string[];
}

/** Whether `user` may create an organization under the operator's rule (403 when not). */
export function authorizeOrganizationCreation(rule: OrganizationCreationRule, user: Pick<User, 'email'>): void {
  if (rule.who === 'anyone') return;
  if (rule.instanceAdmins.includes(user.email.toLowerCase())) return;
  throw forbidden('Only the instance admins may create organizations on this instance (QUIRE_ORG_CREATION=instance-admins)');
}
