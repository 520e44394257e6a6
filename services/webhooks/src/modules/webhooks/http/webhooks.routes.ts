import { Router } from 'express';
import { listEnvelope, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { createWebhook } from '../application/create-webhook';
import { deleteWebhook } from '../application/delete-webhook';
import { getDelivery } from '../application/get-delivery';
import { getWebhook } from '../application/get-webhook';
import { listDeliveries } from '../application/list-deliveries';
import { listWebhooks } from '../application/list-webhooks';
import { pingWebhook } from '../application/ping-webhook';
import { redeliverDelivery } from '../application/redeliver-delivery';
import { rotateWebhookSecret } from '../application/rotate-webhook-secret';
import { updateWebhook } from '../application/update-webhook';
import { presentDelivery, presentDeliveryDetail } from '../presenters/delivery.presenter';
import { presentWebhook, presentWebhookWithSecret, webhookPath } from '../presenters/webhook.presenter';
import type { WebhooksHttpDeps } from './deps';
import { createWebhookBody, deliveryListQuery, deliveryParams, orgParams, updateWebhookBody, webhookListQuery, webhookParams } from './webhooks.schema';

const base = '/v1/orgs/:organizationId/webhooks';
const one = `${base}/:webhookId`;

// Only organization admins see or change webhooks (webhooks.policy); each use case checks it.
export function webhooksRoutes(deps: WebhooksHttpDeps): Router {
  const router = Router();
  webhookRoutes(router, deps);
  deliveryRoutes(router, deps);
  return router;
}

function webhookRoutes(router: Router, deps: WebhooksHttpDeps): void {
  const { clock, urls } = deps;
  router.get(
    base,
    route({ params: orgParams, query: webhookListQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const { rows, total } = await listWebhooks(deps, principal, params.organizationId, page);
      const now = clock();
      res.json(
        listEnvelope(
          rows.map((w) => presentWebhook(w, urls, now)),
          total,
          page,
        ),
      );
    }),
  );

  router.post(
    base,
    route({ params: orgParams, body: createWebhookBody }, async ({ params, body, principal }, res) => {
      const now = clock();
      const { webhook, secret } = await createWebhook(deps, principal, params.organizationId, body, now);
      res
        .status(201)
        .location(urls.api(webhookPath(webhook)))
        .json(presentWebhookWithSecret(webhook, secret, urls, now));
    }),
  );

  router.get(
    one,
    route({ params: webhookParams }, async ({ params, principal }, res) => {
      res.json(presentWebhook(await getWebhook(deps, principal, params), urls, clock()));
    }),
  );

  router.patch(
    one,
    route({ params: webhookParams, body: updateWebhookBody }, async ({ params, body, principal }, res) => {
      const now = clock();
      res.json(presentWebhook(await updateWebhook(deps, principal, params, body, now), urls, now));
    }),
  );

  router.delete(
    one,
    route({ params: webhookParams }, async ({ params, principal }, res) => {
      await deleteWebhook(deps, principal, params);
      res.status(204).end();
    }),
  );

  router.post(
    `${one}/rotate-secret`,
    route({ params: webhookParams }, async ({ params, principal }, res) => {
      const now = clock();
      const { webhook, secret } = await rotateWebhookSecret(deps, principal, params, now);
      res.json(presentWebhookWithSecret(webhook, secret, urls, now));
    }),
  );

  router.post(
    `${one}/ping`,
    route({ params: webhookParams }, async ({ params, principal }, res) => {
      const { webhook, delivery } = await pingWebhook(deps, principal, params, clock());
      // 202: the ping is scheduled; its delivery shows how the endpoint answered.
      res.status(202).json(presentDelivery(delivery, webhook.organizationId, urls));
    }),
  );
}

function deliveryRoutes(router: Router, deps: WebhooksHttpDeps): void {
  const { clock, urls } = deps;
  router.get(
    `${one}/deliveries`,
    route({ params: webhookParams, query: deliveryListQuery }, async ({ params, query, principal }, res) => {
      const page = pageRequest(query);
      const { webhook, deliveries } = await listDeliveries(deps, principal, params, page);
      res.json(
        listEnvelope(
          deliveries.rows.map((d) => presentDelivery(d, webhook.organizationId, urls)),
          deliveries.total,
          page,
        ),
      );
    }),
  );

  router.get(
    `${one}/deliveries/:deliveryId`,
    route({ params: deliveryParams }, async ({ params, principal }, res) => {
      const { webhook, delivery, attempts } = await getDelivery(deps, principal, params);
      res.json(presentDeliveryDetail(delivery, attempts, webhook.organizationId, urls));
    }),
  );

  router.post(
    `${one}/deliveries/:deliveryId/redeliver`,
    route({ params: deliveryParams }, async ({ params, principal }, res) => {
      const { webhook, delivery } = await redeliverDelivery(deps, principal, params, clock());
      // 202: scheduled again at once, with a fresh retry schedule.
      res.status(202).json(presentDelivery(delivery, webhook.organizationId, urls));
    }),
  );
}
