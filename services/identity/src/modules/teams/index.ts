// The teams module's face: teams and their members. SAML providers present a provider's default
// team through it; the wiring mounts its routes.
export { teamsRoutes } from './http/teams.routes';
export { teamsGrpc } from './grpc/teams.grpc';
export { getMemberTeamIds, getTeamIdsByMember } from './application/get-member-team-ids';
export { answerTeams, type TeamAnswer } from './application/team-answer';
export { presentTeam } from './presenters/team.presenter';
export type { TeamSummary } from './model/team';
export { createProvisionedTeam, deleteProvisionedTeam, syncProvisionedTeam } from './application/provisioned-teams';
