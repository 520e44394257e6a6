import { hostname } from 'node:os';
import type { MessageBus } from './bus/bus';
import { identityEvents, type IdentityEventEnvelope, parseEvent, IDENTITY_TOPIC } from '@quire/contracts';
import type { IdentityClient } from './grpc/clients';
import type { Logger } from './logger';
import { TtlCache } from '@quire/helpers';
import { authorizeLevel, isRole, siteReaderScope, type Role } from '@quire/access';

export interface Membership {
  organizationExists: boolean;
  /** Null for a non-member and for a guest. */
  role: Role | null;
  /** A guest of the organization: only their grants give them anything (docs/permissions.md). */
  guest: boolean;
  /** The organization's teams the user belongs to. */
  teamIds: string[];
}

/**
 * A member's role for services other than identity: asked over gRPC (GetMembership) and kept
 * in-process for a few seconds. Identity's member events evict entries at once; the short TTL
 * bounds staleness even if an event is late, so a removed member loses access within seconds.
 */
export class MembershipResolver {
  private readonly entries: TtlCache<Membership>;

  constructor(
    private readonly identity: () => IdentityClient,
    ttlMs = 3000,
    now: () => number = Date.now,
  ) {
    this.entries = new TtlCache(ttlMs, 100_000, now);
  }

  membership(organizationId: string, userId: string): Promise<Membership> {
    // A site reader (a published site's apiToken) is no member of anything: policies that admit it say so themselves.
    if (siteReaderScope(userId)) return Promise.resolve({ organizationExists: true, role: null, guest: false, teamIds: [] });
    return this.entries.getOrLoad(`${organizationId}:${userId}`, async () => {
      const answer = await this.identity().getMembership({ organizationId, userId });
      return {
        organizationExists: answer.organizationExists,
        role: isRole(answer.role) ? answer.role : null,
        guest: answer.guest === true,
        teamIds: answer.teamIds ?? [],
      };
    });
  }

  /** Applies an identity event; returns true when it evicted something. */
  apply(event: IdentityEventEnvelope): boolean {
    const changed = accessChanges(event);
    if (!changed) return false;
    let evicted = false;
    for (const userId of changed.userIds) {
      const key = `${changed.organizationId}:${userId}`;
      if (this.entries.get(key) !== undefined) evicted = true;
      this.entries.delete(key);
    }
    return evicted;
  }

  /**
   * Every process needs every member event, so each subscribes in a group of its own and reads
   * only new events (older ones are covered by the TTL). Its dead letters are filed under one
   * name for all processes of the service (`bus` is the service's guarded bus, ctx.bus): a message
   * that is not a declared identity event is parked there.
   */
  async subscribe(bus: MessageBus, service: string, logger: Logger): Promise<void> {
    await bus.subscribe({
      groupId: `${service}-membership-${hostname()}-${process.pid}`,
      consumer: `${service}-membership`,
      topics: [IDENTITY_TOPIC],
      fromBeginning: false,
      handle: async (message) => {
        const event = parseEvent(identityEvents, message.value);
        if (this.apply(event)) logger.debug({ type: event.type }, 'membership cache entry evicted');
      },
    });
  }
}

/**
 * The users an identity event changes the membership of: member events (guests' too, whose role is
 * null) change the role or the guest flag, team events the team ids.
 */
function accessChanges(event: IdentityEventEnvelope): { organizationId: string; userIds: string[] } | null {
  switch (event.type) {
    case 'member.added':
    case 'member.role-changed':
    case 'member.removed':
      return { organizationId: event.data.organizationId, userIds: [event.data.userId] };
    case 'team.created':
    case 'team.deleted':
      return { organizationId: event.data.organizationId, userIds: event.data.members };
    case 'team.members-changed':
      return { organizationId: event.data.organizationId, userIds: [...event.data.added, ...event.data.removed] };
    default:
      return null;
  }
}

/**
 * A caller's organization role checked with the one access rule (`authorizeLevel`): a non-member
 * or an unknown organization is a 404 for `what`, a role below `required` a 403.
 */
export async function authorizeMember(
  membership: Pick<MembershipResolver, 'membership'>,
  organizationId: string,
  userId: string,
  required: Role,
  what = `Organization ${organizationId}`,
): Promise<Role> {
  const { role } = await membership.membership(organizationId, userId);
  return authorizeLevel(role, required, what);
}

/** One person of an organization as the access rule needs them. */
export interface OrganizationPerson {
  userId: string;
  /** Null for a guest. */
  orgRole: Role | null;
  teamIds: string[];
  /** When they joined; undefined for someone identity does not list yet. */
  joinedAt?: Date;
}

/**
 * Everyone who may reach an organization's content, for listings of who can access it: its active
 * members and guests with their roles and teams (identity's ListMembers), and anyone in `granted`
 * identity does not list yet (a guest is made from their first grant a moment later), asked one by one.
 */
export async function organizationPeople(
  identity: IdentityClient,
  membership: Pick<MembershipResolver, 'membership'>,
  organizationId: string,
  granted: readonly string[],
): Promise<OrganizationPerson[]> {
  const { members } = await identity.listMembers({ organizationId });
  const people: OrganizationPerson[] = members.map((m) => ({
    userId: m.userId,
    orgRole: isRole(m.role) ? m.role : null,
    teamIds: m.teamIds,
    joinedAt: new Date(m.joinedAt),
  }));
  const listed = new Set(people.map((p) => p.userId));
  const late = await Promise.all(
    [...new Set(granted)]
      .filter((userId) => !listed.has(userId))
      .map(async (userId): Promise<OrganizationPerson> => {
        const m = await membership.membership(organizationId, userId);
        return { userId, orgRole: m.role, teamIds: m.teamIds };
      }),
  );
  return [...people, ...late];
}
