// The accounts module's face: users and their API tokens, organizations, members, e-mail and link
// invites. Teams and SAML reach it only through what is exported here.
export { getMember } from './application/get-member';
export { getMembership } from './application/get-membership';
export { findOrCreateUser } from './application/find-or-create-user';
export { deprovisionMember, evictRevokedTokens, provisionMember } from './application/provisioned-members';
export { bootstrapIdentity, type BootstrapResult } from './application/bootstrap-identity';
export type { Caller, IdentityDeps, IdentityEntryDeps } from './application/deps';
export { subscribeToPermissionEvents } from './consumers/permission-events.consumer';
export { ADMIN_METADATA_KEY, identityAdminGrpc } from './grpc/admin.grpc';
export { identityGrpc, type TeamsPort } from './grpc/identity.grpc';
export { emailDomainsRoutes } from './http/email-domains/email-domains.routes';
export { invitesRoutes } from './http/invites/invites.routes';
export { linkInvitesRoutes } from './http/link-invites/link-invites.routes';
export { membersRoutes } from './http/members/members.routes';
export { organizationsRoutes } from './http/orgs/orgs.routes';
export { memberParams, orgParams, trimmedText } from './http/params.schema';
export { usersRoutes } from './http/users/users.routes';
export { authorizeOrganization, type AuthorizedOrganization, type OrganizationAction } from './policies/organization.policy';
export { presentMember } from './presenters/member.presenter';
export type { MemberWithUser } from './model/member';
