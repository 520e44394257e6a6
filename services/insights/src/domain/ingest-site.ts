import { notFound, type MembershipResolver, type SitesClient } from '@quire/common';

/** How long "site S belongs to organization O" (or not) is remembered: sites rarely move or go. */
const SITE_TTL_MS = 30_000;
const MAX_ENTRIES = 100_000;

/**
 * Answers whether a site belongs to an organization, asking the sites service over gRPC and
 * remembering the answer briefly, so a steady stream of event batches costs no gRPC call each.
 */
export class SiteOwnership {
  private readonly entries = new Map<string, { belongs: boolean; expiresAt: number }>();

  constructor(
    private readonly sites: () => SitesClient,
    private readonly now: () => number = Date.now,
  ) {}

  async belongs(organizationId: string, siteId: string): Promise<boolean> {
    const key = `${organizationId}:${siteId}`;
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) return hit.belongs;
    const answer = await this.sites().getSite({ organizationId, siteId });
    const belongs = answer.exists && answer.organizationId === organizationId;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { belongs, expiresAt: this.now() + SITE_TTL_MS });
    return belongs;
  }
}

/**
 * Tracking is an API-token call of the organization: any member may track. A non-member, an
 * unknown organization or a site of another organization all get the same 404 (ids do not leak).
 */
export async function authorizeTracking(
  deps: { membership: MembershipResolver; sites: SiteOwnership },
  organizationId: string,
  siteId: string,
  userId: string,
): Promise<void> {
  const { role } = await deps.membership.membership(organizationId, userId);
  if (!role || !(await deps.sites.belongs(organizationId, siteId))) throw notFound(`Site ${siteId} not found`);
}
