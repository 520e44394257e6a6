import { join } from 'node:path';
import type { ServiceContext, ServiceModule } from '@quire/platform/runtime';
import {
  bootstrapIdentity,
  emailDomainsRoutes,
  identityAdminGrpc,
  identityGrpc,
  invitesRoutes,
  linkInvitesRoutes,
  membersRoutes,
  organizationsRoutes,
  subscribeToPermissionEvents,
  usersRoutes,
  type BootstrapResult,
} from './modules/accounts';
import { samlRoutes } from './modules/saml';
import { scimConnectionsRoutes, scimRoutes } from './modules/scim';
import { getMemberTeamIds, getTeamIdsByMember, teamsGrpc, teamsRoutes } from './modules/teams';
import { ANYONE_CREATES_ORGANIZATIONS, type BootstrapOptions, type OrganizationCreationOptions } from './settings';

export interface IdentityOptions {
  bootstrap: BootstrapOptions;
  /** Called once, on the first start of an empty store, with the token to show the operator. */
  onBootstrap?: (result: BootstrapResult) => void;
  /** Who may create organizations through the API (default: anyone signed in). */
  organizationCreation?: OrganizationCreationOptions;
}

export function identityModule(options: IdentityOptions): ServiceModule {
  return {
    name: 'identity',
    migrationsDir: join(__dirname, '..', 'migrations'),
    writesEvents: true,
    build: async (ctx: ServiceContext) => {
      const bootstrapped = await bootstrapIdentity(ctx, options.bootstrap, ctx.logger);
      if (bootstrapped) options.onBootstrap?.(bootstrapped);
      return {
        routes: (app) => {
          app.use(usersRoutes(ctx));
          app.use(organizationsRoutes(ctx, options.organizationCreation ?? ANYONE_CREATES_ORGANIZATIONS));
          app.use(membersRoutes(ctx));
          app.use(teamsRoutes(ctx));
          app.use(samlRoutes(ctx));
          app.use(scimConnectionsRoutes(ctx));
          app.use(scimRoutes(ctx));
          app.use(invitesRoutes(ctx));
          app.use(linkInvitesRoutes(ctx));
          app.use(emailDomainsRoutes(ctx));
        },
        grpc: [
          identityGrpc(ctx, {
            calls: teamsGrpc(ctx),
            memberTeamIds: (input) => getMemberTeamIds(ctx, input),
            teamIdsByMember: (orgId) => getTeamIdsByMember(ctx, orgId),
          }),
          identityAdminGrpc(ctx),
        ],
        start: () => subscribeToPermissionEvents(ctx),
      };
    },
  };
}

export type { BootstrapResult };
export type { BootstrapOptions };
export { ADMIN_METADATA_KEY } from './modules/accounts';
export { bootstrapOptionsFromEnv, organizationCreationFromEnv, type OrganizationCreationOptions } from './settings';
