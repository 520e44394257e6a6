import type { NextFunction, Request, Response } from 'express';
import { unauthorized } from '@quire/errors';
import { verifyAdminCall } from '@quire/access';

/** The header operator calls (admin CLI → a service's /internal routes) are signed in. */
export const ADMIN_HEADER = 'x-quire-admin';

/** Middleware of an operator route: the call must carry a fresh admin signature for `method` (signAdminCall). */
export function requireAdminCall(method: string, secret: string) {
  return (req: Request, _res: Response, next: NextFunction) => {
    next(verifyAdminCall(method, req.header(ADMIN_HEADER), secret) ? undefined : unauthorized(`a valid ${ADMIN_HEADER} signature for ${method} is required`));
  };
}
