import { z } from 'zod';
import { defineTopic, type EventDataOf, type EventOf, type EventTypeOf } from './event-schema';
import { IDENTITY_TOPIC } from './topics';

// identity.events: what identity announces. Every data carries organizationId except the token events (a token is a user's).

export const IdentityEvent = {
  organizationCreated: 'organization.created',
  organizationUpdated: 'organization.updated',
  memberAdded: 'member.added',
  memberRoleChanged: 'member.role-changed',
  memberRemoved: 'member.removed',
  tokenCreated: 'token.created',
  tokenRevoked: 'token.revoked',
  samlProviderCreated: 'saml-provider.created',
  samlProviderUpdated: 'saml-provider.updated',
  samlProviderDeleted: 'saml-provider.deleted',
  scimConnectionCreated: 'scim-connection.created',
  scimConnectionTokenRotated: 'scim-connection.token-rotated',
  scimConnectionDeleted: 'scim-connection.deleted',
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

const organizationId = z.string();
const role = z.string().describe('organization role');
const memberRole = z.string().nullable().describe('organization role; null: a guest (docs/permissions.md)');
const fields = z.array(z.string()).describe('names of the fields the PATCH changed');
const userIds = z.array(z.string()).describe('user ids');

export const identityEvents = defineTopic(IDENTITY_TOPIC, 'the organization id (token events: the user id)', {
  [IdentityEvent.organizationCreated]: z.object({
    organizationId,
    title: z.string(),
    createdBy: z.string().optional().describe('the user who created it through the API (absent: the operator)'),
    withDefaultSite: z.boolean().optional().describe('createOrganization asked for a default site: sites creates it'),
  }),
  [IdentityEvent.organizationUpdated]: z.object({ organizationId, fields }),
  [IdentityEvent.memberAdded]: z.object({ organizationId, userId: z.string(), role: memberRole }),
  [IdentityEvent.memberRoleChanged]: z.object({ organizationId, userId: z.string(), role, previousRole: memberRole }),
  [IdentityEvent.memberRemoved]: z
    .object({ organizationId, userId: z.string(), role: memberRole.describe('the role they had; null: a guest') })
    .describe('their team memberships are gone with them'),
  [IdentityEvent.tokenCreated]: z
    .object({
      tokenId: z.string(),
      userId: z.string(),
      organizationIds: z.array(z.string()).describe("the user's organizations then (each audit log records it)"),
    })
    .describe('an API token was issued (`tokens create`); never the token itself'),
  [IdentityEvent.tokenRevoked]: z.object({
    tokenId: z.string(),
    userId: z.string(),
    organizationIds: z.array(z.string()).optional().describe("the user's organizations then (absent in events of older builds)"),
  }),
  [IdentityEvent.samlProviderCreated]: z.object({ organizationId, samlProviderId: z.string(), label: z.string() }),
  [IdentityEvent.samlProviderUpdated]: z.object({ organizationId, samlProviderId: z.string(), fields }),
  [IdentityEvent.samlProviderDeleted]: z.object({ organizationId, samlProviderId: z.string() }),
  [IdentityEvent.scimConnectionCreated]: z.object({ organizationId, scimConnectionId: z.string(), label: z.string(), provider: z.string() }),
  [IdentityEvent.scimConnectionTokenRotated]: z
    .object({ organizationId, scimConnectionId: z.string() })
    .describe('a new bearer token was issued; the previous one is refused from then on'),
  [IdentityEvent.scimConnectionDeleted]: z.object({ organizationId, scimConnectionId: z.string() }),
  [IdentityEvent.teamCreated]: z.object({ organizationId, teamId: z.string(), title: z.string(), members: userIds }),
  [IdentityEvent.teamUpdated]: z.object({ organizationId, teamId: z.string(), title: z.string() }),
  [IdentityEvent.teamDeleted]: z.object({ organizationId, teamId: z.string(), members: userIds }),
  [IdentityEvent.teamMembersChanged]: z.object({
    organizationId,
    teamId: z.string(),
    added: userIds,
    removed: userIds,
    roles: z.record(z.string(), z.string()).describe('team role of every user who joins or whose role changes, by user id'),
  }),
  [IdentityEvent.inviteCreated]: z
    .object({ organizationId, inviteId: z.string(), email: z.string(), role, invitedBy: z.string() })
    .describe('a pending invite for an address with no user yet'),
  [IdentityEvent.inviteAccepted]: z
    .object({ organizationId, inviteId: z.string(), userId: z.string(), role })
    .describe('the user was created and joined; `member.added` comes first'),
  [IdentityEvent.linkInviteCreated]: z.object({ organizationId, inviteId: z.string(), role }),
  [IdentityEvent.linkInviteUpdated]: z.object({ organizationId, inviteId: z.string(), role }),
  [IdentityEvent.linkInviteDeleted]: z.object({ organizationId, inviteId: z.string() }),
});

export type IdentityEventType = EventTypeOf<typeof identityEvents>;
export type IdentityEventData<K extends IdentityEventType> = EventDataOf<typeof identityEvents, K>;
export type IdentityEventEnvelope = EventOf<typeof identityEvents>;
