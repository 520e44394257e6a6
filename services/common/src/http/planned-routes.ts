import type { Express, NextFunction, Request, Response } from 'express';
import { notImplemented } from '../errors';
import { ROUTE_TABLE, toExpressPath } from '../route-table';
import type { ServiceName } from '../topology';

/** Answers 501, naming the issue that brings them, for this service's routes not built yet. */
export function mountPlannedRoutes(app: Express, service: ServiceName): void {
  for (const entry of ROUTE_TABLE) {
    if (entry.service !== service || !entry.plannedIn) continue;
    const message = `${entry.method} ${entry.path} is not implemented yet; it arrives with the ${entry.plannedIn}`;
    app[entry.method.toLowerCase() as 'get'](toExpressPath(entry.path), (_req: Request, _res: Response, next: NextFunction) => next(notImplemented(message)));
  }
}
