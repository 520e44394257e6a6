import { createOrganizationIn } from '../domain/organizations';
import type { IdentityDeps } from './deps';

/** The operator's `orgs create`: an organization with its owner as admin (the owner user is created when missing). */
export async function createOrganization({ db, clock }: IdentityDeps, input: { title: string; ownerEmail: string }) {
  const now = clock();
  return db.transaction((tx) => createOrganizationIn(tx, input, now));
}
