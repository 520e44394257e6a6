import { httpUrl, pageQuery, resourceId, text, z } from '@quire/input';
import { WEBHOOK_EVENT_TYPES } from '../domain/event-mapping';

export const orgParams = z.object({ organizationId: resourceId });
export const webhookParams = orgParams.extend({ webhookId: resourceId });
export const deliveryParams = webhookParams.extend({ deliveryId: resourceId });
export const webhookListQuery = pageQuery;
export const deliveryListQuery = pageQuery;

const eventType = z.enum(['*', ...WEBHOOK_EVENT_TYPES] as [string, ...string[]]);
const ids = z.array(resourceId).min(1).max(100);

// docs/webhooks.md, API.
const fields = {
  url: httpUrl.describe(
    'Where events are POSTed; an address that is not globally reachable is refused unless allow-listed; `user:password@` is sent as Basic authorization, stored sealed and never shown',
  ),
  events: z
    .array(eventType)
    .min(1)
    .max(WEBHOOK_EVENT_TYPES.length + 1)
    .describe('Event types to receive, or ["*"] for all'),
  spaceIds: ids.nullable().describe('Only events about these spaces (null: all)'),
  siteIds: ids.nullable().describe('Only events about these sites (null: all)'),
  description: text({ max: 500 }).nullable(),
  active: z.boolean(),
};

export const createWebhookBody = z
  .object({
    ...fields,
    spaceIds: fields.spaceIds.optional(),
    siteIds: fields.siteIds.optional(),
    description: fields.description.optional(),
    active: fields.active.optional(),
  })
  .strict();

export const updateWebhookBody = z
  .object({
    url: fields.url.optional(),
    events: fields.events.optional(),
    spaceIds: fields.spaceIds.optional(),
    siteIds: fields.siteIds.optional(),
    description: fields.description.optional(),
    active: fields.active.optional(),
  })
  .strict();
