import type { Role } from '@quire/access';
import { answerTeams } from '../../teams';
import type { SamlProviderWithTeam } from '../store/saml-providers.store';

/** A provider with what its presenter needs: the caller's role and the spaces its default team reaches. */
export interface SamlProviderAnswer {
  provider: SamlProviderWithTeam;
  callerRole: Role;
  defaultTeamSpaces: number;
}

/** The default team is shown as the team endpoints show it, spaces count included: one batch count. */
export async function answerSamlProviders(providers: readonly SamlProviderWithTeam[], callerRole: Role): Promise<SamlProviderAnswer[]> {
  const teams = await answerTeams(
    providers.flatMap((p) => (p.defaultTeam ? [p.defaultTeam] : [])),
    callerRole,
  );
  const spaces = new Map(teams.map((t) => [t.team.id, t.spaces]));
  return providers.map((provider) => ({ provider, callerRole, defaultTeamSpaces: (provider.defaultTeam && spaces.get(provider.defaultTeam.id)) || 0 }));
}

export async function answerSamlProvider(provider: SamlProviderWithTeam, callerRole: Role): Promise<SamlProviderAnswer> {
  const [answer] = await answerSamlProviders([provider], callerRole);
  return answer ?? { provider, callerRole, defaultTeamSpaces: 0 };
}
