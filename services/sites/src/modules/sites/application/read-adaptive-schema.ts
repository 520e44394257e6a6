import { adaptiveSchemaOf } from '../domain/adaptive-schema';
import { authorizeSite } from '../policies/site.policy';
import type { SiteCallerDeps, SiteRef } from './deps';

/** getSiteAdaptiveSchema: any member reads it. */
export async function readAdaptiveSchema(deps: SiteCallerDeps, callerId: string, ref: SiteRef): Promise<ReturnType<typeof adaptiveSchemaOf>> {
  return adaptiveSchemaOf(await authorizeSite(deps, ref.organizationId, ref.siteId, callerId, 'read'));
}
