import { atLeast, isRole, type UrlBuilder } from '@quire/common';
import type { OrganizationRow } from '../store/organizations.store';

/** Reference schema: Organization; `permissions` are the caller's. */
export function presentOrganization(org: OrganizationRow & { caller_owns_team?: boolean }, callerRole: string | null, urls: UrlBuilder) {
  const role = isRole(callerRole) ? callerRole : null;
  const isAdmin = atLeast(role, 'admin');
  return {
    object: 'organization' as const,
    id: org.id,
    title: org.title,
    createdAt: org.created_at.toISOString(),
    emailDomains: org.email_domains,
    ...(org.hostname ? { hostname: org.hostname } : {}),
    type: org.type,
    ...(org.use_case ? { useCase: org.use_case } : {}),
    ...(org.community_type ? { communityType: org.community_type } : {}),
    defaultRole: org.default_role,
    ...(org.default_content ? { defaultContent: org.default_content } : {}),
    sso: org.sso,
    ai: org.ai,
    inviteLinks: org.invite_links,
    plan: org.plan,
    mergeRules: org.merge_rules,
    urls: {
      location: urls.api(`/orgs/${org.id}`),
      app: urls.app(`/o/${org.id}`),
      ...(org.logo_url ? { logo: org.logo_url } : {}),
    },
    // Self-hosted: no billing, so no trial applies.
    trial: { status: 'notapplicable' as const },
    permissions: {
      view: role !== null,
      admin: isAdmin,
      ownTeam: org.caller_owns_team === true,
      createContent: atLeast(role, 'create'),
      createOpenAPISpec: atLeast(role, 'create'),
      ingestConversations: isAdmin,
      viewBilling: isAdmin,
      listMembers: role !== null,
      listTeams: role !== null,
      listIntegrations: role !== null,
      listInstallations: isAdmin,
      installIntegration: isAdmin,
    },
  };
}
