import { notFound, type ApiError } from '@quire/errors';

/**
 * The reference's integration paths (GitBook's hosted integrations platform: `/integrations*`, an
 * organization's `integrations*`, a space's `integrations` and `integration-blocks`, a site's
 * `integrations` and `integration-scripts`). Quire hosts no integrations, so each answers a 404 that
 * says so instead of "No route", for any method and before authentication (the answer is the same for
 * everyone and names nothing of anyone's).
 */
const INTEGRATION_PATH = /^\/v1(?:\/orgs\/[^/]+(?:\/sites\/[^/]+)?|\/spaces\/[^/]+)?\/integration(?:s|-blocks|-scripts)(?:\/|$)/;

export function isIntegrationPath(path: string): boolean {
  return INTEGRATION_PATH.test(path);
}

export function integrationsNotHosted(): ApiError {
  return notFound(
    "Quire does not host integrations: GitBook's integrations platform (integrations, installations, integration blocks and scripts) " +
      'is not part of Quire. API clients and tools work unchanged; for events, use webhooks (/v1/orgs/{organizationId}/webhooks). ' +
      'See "What Quire is not" in the README.',
  );
}
