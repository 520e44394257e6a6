// Facts identity announces on the bus (documented in proto/TOPICS.md).
export const IDENTITY_TOPIC = 'identity.events';

export const IdentityEvent = {
  organizationCreated: 'organization.created',
  organizationUpdated: 'organization.updated',
  memberAdded: 'member.added',
  memberRoleChanged: 'member.role-changed',
  memberRemoved: 'member.removed',
  tokenRevoked: 'token.revoked',
} as const;
