// The sites service's own settings and their one set of defaults. Sites reads none from the
// environment today (its limits are rules of the spec, in the sites module's domain/); a setting
// it gains goes here, read once by service.ts like specs' and webhooks' settings.ts. The bottom of
// the service: imports nothing of it.

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no settings yet (see above)
export interface SitesSettings {}

export function sitesSettingsFromEnv(_env: NodeJS.ProcessEnv = process.env): SitesSettings {
  return {};
}
