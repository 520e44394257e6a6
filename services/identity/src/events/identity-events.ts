// Facts identity announces on the bus (documented in proto/TOPICS.md).
export const IDENTITY_TOPIC = 'identity.events';

export const IdentityEvent = {
  organizationCreated: 'organization.created',
  organizationUpdated: 'organization.updated',
  memberAdded: 'member.added',
  memberRoleChanged: 'member.role-changed',
  memberRemoved: 'member.removed',
  tokenRevoked: 'token.revoked',
  samlProviderCreated: 'saml-provider.created',
  samlProviderUpdated: 'saml-provider.updated',
  samlProviderDeleted: 'saml-provider.deleted',
  teamCreated: 'team.created',
  teamUpdated: 'team.updated',
  teamDeleted: 'team.deleted',
  teamMembersChanged: 'team.members-changed',
  inviteCreated: 'invite.created',
  inviteAccepted: 'invite.accepted',
  linkInviteCreated: 'link-invite.created',
  linkInviteUpdated: 'link-invite.updated',
  linkInviteDeleted: 'link-invite.deleted',
} as const;

export type IdentityEventType = (typeof IdentityEvent)[keyof typeof IdentityEvent];

/** An event about one organization, keyed by its id so that its events stay in order. */
export const organizationEvent = <D extends { organizationId: string }>(type: IdentityEventType, data: D) => ({
  topic: IDENTITY_TOPIC,
  key: data.organizationId,
  type,
  data,
});
