import express, { Router } from 'express';
import { z } from 'zod';
import { notFound } from '@quire/errors';
import { requireAdminCall } from '../http/admin-call';
import { parseInput } from '@quire/input';
import type { DeadLetters } from './dead-letters';

// The operator's door to a service's dead letters, used by `npm run -s cli -- dead-letters`.
// It lives on each service's own HTTP port, under /internal, which the gateway never proxies (it
// routes /v1 only), and it is authenticated like identity's admin gRPC calls: the header carries
// `signAdminCall(method, INTERNAL_SECRET)` (an HMAC of the method and a fresh timestamp).

export const DEAD_LETTERS_PATH = '/internal/dead-letters';
export const DEAD_LETTERS_LIST = 'dead-letters.list';
export const DEAD_LETTERS_REPLAY = 'dead-letters.replay';

const name = z.string().min(1).max(200);
const listQuery = z.object({
  consumer: name.optional(),
  status: z.enum(['parked', 'replayed']).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
const replayBody = z.union([z.object({ id: name }).strict(), z.object({ all: z.literal(true), consumer: name.optional() }).strict()]);

/** Mounted before the principal check of the service app: these calls carry no user. */
export function deadLetterRoutes(deadLetters: DeadLetters, internalSecret: string): Router {
  const router = Router();
  router.get(DEAD_LETTERS_PATH, requireAdminCall(DEAD_LETTERS_LIST, internalSecret), async (req, res) => {
    res.json({ items: await deadLetters.list(parseInput(listQuery, req.query, 'query')) });
  });
  router.post(`${DEAD_LETTERS_PATH}/replay`, requireAdminCall(DEAD_LETTERS_REPLAY, internalSecret), express.json({ limit: '10kb' }), async (req, res) => {
    const body = parseInput(replayBody, req.body ?? {});
    if (!('id' in body)) return void res.json({ items: await deadLetters.replayAll(body.consumer) });
    const outcome = await deadLetters.replay(body.id);
    if (!outcome) throw notFound(`Dead letter ${body.id} not found`);
    res.json({ items: [outcome] });
  });
  return router;
}
