import { hostname } from 'node:os';
import type { EventEnvelope, MessageBus } from './bus/bus';
import { parseEnvelope } from './bus/bus';
import type { IdentityClient } from './grpc/clients';
import type { Logger } from './logger';
import { isRole, type Role } from './permissions';

export interface Membership {
  organizationExists: boolean;
  role: Role | null;
}

/** Identity's topic and the member events that change someone's access. */
export const IDENTITY_EVENTS_TOPIC = 'identity.events';
const ACCESS_EVENTS = new Set(['member.removed', 'member.role-changed', 'member.added']);

/**
 * A member's role for services other than identity: asked over gRPC (GetMembership) and kept
 * in-process for a few seconds. Identity's member events evict entries at once; the short TTL
 * bounds staleness even if an event is late, so a removed member loses access within seconds.
 */
export class MembershipResolver {
  private readonly entries = new Map<string, { membership: Membership; expiresAt: number }>();

  constructor(
    private readonly identity: () => IdentityClient,
    private readonly ttlMs = 3000,
    private readonly now: () => number = Date.now,
  ) {}

  async membership(organizationId: string, userId: string): Promise<Membership> {
    const key = `${organizationId}:${userId}`;
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) return hit.membership;
    const answer = await this.identity().getMembership({ organizationId, userId });
    const membership: Membership = { organizationExists: answer.organizationExists, role: isRole(answer.role) ? answer.role : null };
    if (this.entries.size > 100000) this.entries.clear();
    this.entries.set(key, { membership, expiresAt: this.now() + this.ttlMs });
    return membership;
  }

  /** Applies an identity event; returns true when it evicted something. */
  apply(event: EventEnvelope): boolean {
    if (!ACCESS_EVENTS.has(event.type)) return false;
    const data = event.data as { organizationId?: string; userId?: string };
    if (!data.organizationId || !data.userId) return false;
    return this.entries.delete(`${data.organizationId}:${data.userId}`);
  }

  /**
   * Every process needs every member event, so each subscribes in a group of its own and reads
   * only new events (older ones are covered by the TTL).
   */
  async subscribe(bus: MessageBus, service: string, logger: Logger): Promise<void> {
    await bus.subscribe({
      groupId: `${service}-membership-${hostname()}-${process.pid}`,
      topics: [IDENTITY_EVENTS_TOPIC],
      fromBeginning: false,
      handle: async (message) => {
        const event = parseEnvelope(message.value);
        if (event && this.apply(event)) logger.debug({ type: event.type }, 'membership cache entry evicted');
      },
    });
  }
}
