import { atLeast, isRole } from '@quire/access';
import type { UrlBuilder } from '@quire/urls';
import type { Organization } from '../model/organization';

/**
 * Reference schema: Organization; `permissions` are the caller's. Today's client (0.202.0) also
 * requires `trial.count` and `permissions.access` (optional extras under the 0.143.2 contract).
 */
export function presentOrganization(org: Organization & { callerOwnsTeam?: boolean }, callerRole: string | null, urls: UrlBuilder) {
  const role = isRole(callerRole) ? callerRole : null;
  const isAdmin = atLeast(role, 'admin');
  return {
    object: 'organization' as const,
    id: org.id,
    title: org.title,
    createdAt: org.createdAt.toISOString(),
    emailDomains: org.emailDomains,
    ...(org.hostname ? { hostname: org.hostname } : {}),
    type: org.type,
    ...(org.useCase ? { useCase: org.useCase } : {}),
    ...(org.communityType ? { communityType: org.communityType } : {}),
    defaultRole: org.defaultRole,
    ...(org.defaultContent ? { defaultContent: org.defaultContent } : {}),
    sso: org.sso,
    ai: org.ai,
    inviteLinks: org.inviteLinks,
    plan: org.plan,
    mergeRules: org.mergeRules,
    urls: {
      location: urls.api(`/orgs/${org.id}`),
      app: urls.app(`/o/${org.id}`),
      ...(org.logoUrl ? { logo: org.logoUrl } : {}),
    },
    // Self-hosted: no billing, so no trial applies and none was ever consumed.
    trial: { status: 'notapplicable' as const, count: 0 },
    permissions: {
      view: role !== null,
      // Seeing the organization in the app: what any member may, as `view`.
      access: role !== null,
      admin: isAdmin,
      ownTeam: org.callerOwnsTeam === true,
      createContent: atLeast(role, 'create'),
      createOpenAPISpec: atLeast(role, 'create'),
      listMembers: role !== null,
      listTeams: role !== null,
      // What Quire does not offer, to anyone: conversation ingest, billing, and GitBook's hosted
      // integrations platform (/v1/integrations* answers 404, README "What Quire is not").
      ingestConversations: false,
      viewBilling: false,
      listIntegrations: false,
      listInstallations: false,
      installIntegration: false,
    },
  };
}
