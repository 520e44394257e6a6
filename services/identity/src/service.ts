import { join } from 'node:path';
import type { ServiceContext, ServiceModule } from '@quire/platform/runtime';
import { bootstrapIfEmpty, type BootstrapOptions, type BootstrapResult } from './domain/bootstrap';
import { identityAdminGrpc } from './grpc/admin.grpc';
import { identityGrpc } from './grpc/identity.grpc';
import { emailDomainsRoutes } from './http/email-domains/email-domains.routes';
import { invitesRoutes } from './http/invites/invites.routes';
import { linkInvitesRoutes } from './http/link-invites/link-invites.routes';
import { membersRoutes } from './http/members/members.routes';
import { organizationsRoutes } from './http/orgs/orgs.routes';
import { samlRoutes } from './http/saml/saml.routes';
import { teamsRoutes } from './http/teams/teams.routes';
import { usersRoutes } from './http/users/users.routes';

export interface IdentityOptions {
  bootstrap: BootstrapOptions;
  /** Called once, on the first start of an empty store, with the token to show the operator. */
  onBootstrap?: (result: BootstrapResult) => void;
}

export function identityModule(options: IdentityOptions): ServiceModule {
  return {
    name: 'identity',
    migrationsDir: join(__dirname, '..', 'migrations'),
    build: async (ctx: ServiceContext) => {
      const bootstrapped = await bootstrapIfEmpty(ctx.db, options.bootstrap, ctx.clock(), ctx.logger);
      if (bootstrapped) options.onBootstrap?.(bootstrapped);
      return {
        routes: (app) => {
          app.use(usersRoutes(ctx));
          app.use(organizationsRoutes(ctx));
          app.use(membersRoutes(ctx));
          app.use(teamsRoutes(ctx));
          app.use(samlRoutes(ctx));
          app.use(invitesRoutes(ctx));
          app.use(linkInvitesRoutes(ctx));
          app.use(emailDomainsRoutes(ctx));
        },
        grpc: [identityGrpc(ctx), identityAdminGrpc(ctx)],
      };
    },
  };
}

export type { BootstrapResult };
export { ADMIN_METADATA_KEY } from './grpc/admin.grpc';
export { bootstrapOptionsFromEnv } from './bootstrap-env';
