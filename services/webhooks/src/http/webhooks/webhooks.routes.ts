import { Router } from 'express';
import { notFound } from '@quire/errors';
import { listEnvelope, pageRequest } from '@quire/input';
import { route } from '@quire/platform/http';
import { changeWebhook, createWebhook, pingWebhook, redeliver, removeWebhook, rotateSecret, webhookNotFound } from '../../domain/webhooks';
import { authorizeWebhooks } from '../../policies/webhooks.policy';
import { presentDelivery, presentDeliveryDetail } from '../../presenters/delivery.presenter';
import { presentWebhook, presentWebhookWithSecret, webhookPath } from '../../presenters/webhook.presenter';
import { attemptsOf, findDelivery, listDeliveries } from '../../store/deliveries.store';
import { findWebhook, listWebhooks, type Webhook } from '../../store/webhooks.store';
import type { WebhooksHttpDeps } from '../deps';
import { createWebhookBody, deliveryListQuery, deliveryParams, orgParams, updateWebhookBody, webhookListQuery, webhookParams } from './webhooks.schema';

export function webhooksRoutes(deps: WebhooksHttpDeps): Router {
  const { db, clock, urls } = deps;
  const router = Router();
  const base = '/v1/orgs/:organizationId/webhooks';
  const one = `${base}/:webhookId`;

  /** The webhook, for an admin of its organization; 404 when it is another organization's. */
  const adminsWebhook = async (params: { organizationId: string; webhookId: string }, userId: string): Promise<Webhook> => {
    await authorizeWebhooks(deps, params.organizationId, userId);
    const webhook = await findWebhook(db, params.organizationId, params.webhookId);
    if (!webhook) throw webhookNotFound(params.webhookId);
    return webhook;
  };

  router.get(
    base,
    route({ params: orgParams, query: webhookListQuery }, async ({ params, query, principal }, res) => {
      await authorizeWebhooks(deps, params.organizationId, principal.userId);
      const page = pageRequest(query);
      const { rows, total } = await listWebhooks(db, params.organizationId, page);
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
      await authorizeWebhooks(deps, params.organizationId, principal.userId);
      const now = clock();
      const { webhook, secret } = await createWebhook(deps, params.organizationId, body, principal.userId, now);
      res
        .status(201)
        .location(urls.api(webhookPath(webhook)))
        .json(presentWebhookWithSecret(webhook, secret, urls, now));
    }),
  );

  router.get(
    one,
    route({ params: webhookParams }, async ({ params, principal }, res) => {
      res.json(presentWebhook(await adminsWebhook(params, principal.userId), urls, clock()));
    }),
  );

  router.patch(
    one,
    route({ params: webhookParams, body: updateWebhookBody }, async ({ params, body, principal }, res) => {
      await authorizeWebhooks(deps, params.organizationId, principal.userId);
      const now = clock();
      res.json(presentWebhook(await changeWebhook(deps, params.organizationId, params.webhookId, body, now), urls, now));
    }),
  );

  router.delete(
    one,
    route({ params: webhookParams }, async ({ params, principal }, res) => {
      await authorizeWebhooks(deps, params.organizationId, principal.userId);
      await removeWebhook(deps, params.organizationId, params.webhookId);
      res.status(204).end();
    }),
  );

  router.post(
    `${one}/rotate-secret`,
    route({ params: webhookParams }, async ({ params, principal }, res) => {
      await authorizeWebhooks(deps, params.organizationId, principal.userId);
      const now = clock();
      const { webhook, secret } = await rotateSecret(deps, params.organizationId, params.webhookId, now);
      res.json(presentWebhookWithSecret(webhook, secret, urls, now));
    }),
  );

  router.post(
    `${one}/ping`,
    route({ params: webhookParams }, async ({ params, principal }, res) => {
      const webhook = await adminsWebhook(params, principal.userId);
      // 202: the ping is scheduled; its delivery shows how the endpoint answered.
      res.status(202).json(presentDelivery(await pingWebhook(deps, webhook, clock()), webhook.organizationId, urls));
    }),
  );

  router.get(
    `${one}/deliveries`,
    route({ params: webhookParams, query: deliveryListQuery }, async ({ params, query, principal }, res) => {
      const webhook = await adminsWebhook(params, principal.userId);
      const page = pageRequest(query);
      const { rows, total } = await listDeliveries(db, webhook.id, page);
      res.json(
        listEnvelope(
          rows.map((d) => presentDelivery(d, webhook.organizationId, urls)),
          total,
          page,
        ),
      );
    }),
  );

  router.get(
    `${one}/deliveries/:deliveryId`,
    route({ params: deliveryParams }, async ({ params, principal }, res) => {
      const webhook = await adminsWebhook(params, principal.userId);
      const delivery = await findDelivery(db, webhook.id, params.deliveryId);
      if (!delivery) throw notFound(`Delivery ${params.deliveryId} not found`);
      res.json(presentDeliveryDetail(delivery, await attemptsOf(db, delivery.id), webhook.organizationId, urls));
    }),
  );

  router.post(
    `${one}/deliveries/:deliveryId/redeliver`,
    route({ params: deliveryParams }, async ({ params, principal }, res) => {
      const webhook = await adminsWebhook(params, principal.userId);
      if (!(await findDelivery(db, webhook.id, params.deliveryId))) throw notFound(`Delivery ${params.deliveryId} not found`);
      // 202: scheduled again at once, with a fresh retry schedule.
      res.status(202).json(presentDelivery(await redeliver(deps, webhook, params.deliveryId, clock()), webhook.organizationId, urls));
    }),
  );

  return router;
}
