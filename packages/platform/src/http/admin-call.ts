import type { NextFunction, Request, Response } from 'express';
import { unauthorized } from '@quire/errors';
import { verifyAdminCall } from '@quire/access';
import { newId } from '@quire/ids';
import { runAsActor, scriptActor } from '../outbox/actor-context';

/** The header operator calls (admin CLI → a service's /internal routes) are signed in. */
export const ADMIN_HEADER = 'x-quire-admin';

/** Middleware of an operator route: the call must carry a fresh admin signature for `method` (signAdminCall); what follows acts as the CLI. */
export function requireAdminCall(method: string, secret: string) {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (!verifyAdminCall(method, req.header(ADMIN_HEADER), secret)) return next(unauthorized(`a valid ${ADMIN_HEADER} signature for ${method} is required`));
    runAsActor(scriptActor(req.header('x-request-id') ?? newId()), next);
  };
}

/** Insights' audit export (`npm run -s cli -- audit export`): named once for the route and the CLI. */
export const AUDIT_EXPORT_PATH = '/internal/audit-events';
export const AUDIT_EXPORT = 'audit.export';
