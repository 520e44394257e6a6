import type { RequestHandler, Request, Response } from 'express';
import type { ScimConnection } from '../model/scim-connection';

/** What a SCIM handler has: the authenticated connection and its base URL. */
export interface ScimRequestContext {
  connection: ScimConnection;
  baseUrl: string;
}

export const SCIM_MEDIA_TYPE = 'application/scim+json';

/** Answers with a SCIM JSON body (RFC 7644 §3.1: application/scim+json). */
export function sendScim(res: Response, status: number, body: unknown): void {
  res.status(status).type(SCIM_MEDIA_TYPE).send(JSON.stringify(body));
}

/** The context the authentication middleware left on the request. */
export const scimContext = (res: Response): ScimRequestContext => res.locals.scim as ScimRequestContext;

/** An async handler whose failures reach the router's SCIM error renderer. */
export const scimHandler =
  (handler: (req: Request, res: Response) => Promise<void>): RequestHandler =>
  (req, res, next) => {
    handler(req, res).catch(next);
  };
