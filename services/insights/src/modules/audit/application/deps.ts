import type { Principal } from '@quire/access';
import type { ServiceContext } from '@quire/platform/runtime';
import type { AuditAccessDeps } from '../policies/audit.policy';

/** What the audit reads use: the service's database and the membership rule. */
export type AuditDeps = Pick<ServiceContext, 'db'> & AuditAccessDeps;

/** Who calls a read: the authenticated principal. */
export type Caller = Pick<Principal, 'userId'>;
