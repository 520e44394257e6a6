import type { TeamSummary } from '../../teams';

export interface SamlProvider {
  id: string;
  organizationId: string;
  label: string;
  entityId: string | null;
  certificate: string | null;
  ssoUrl: string | null;
  defaultTeamId: string | null;
  defaultRole: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface SamlProviderWithTeam extends SamlProvider {
  /** The default team as the team endpoints present it (reference: OrganizationTeam). */
  defaultTeam: TeamSummary | null;
}
