import type { Express } from 'express';
import { routeSchemasOf, type RouteSchemas } from './route';

/** One route a service's HTTP app serves, with the schemas its input layer validates. */
export interface ServedRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI form of the path: `/v1/spaces/{spaceId}`. */
  path: string;
  schemas: RouteSchemas;
}

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean>; stack: Layer[] };
  handle: unknown;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/**
 * Every `/v1` route of an express app, read from its router: the route's path and methods and the
 * schemas of its `route()` handler. Routers mounted without a path (`app.use(router)`, the house
 * style) are walked; a route without a `route()` handler is listed with no schemas.
 */
export function servedRoutes(app: Express): ServedRoute[] {
  const routes: ServedRoute[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      const nested = (layer.handle as { stack?: Layer[] } | undefined)?.stack;
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        const schemas = layer.route.stack.map((l) => routeSchemasOf(l.handle)).find((s) => s !== undefined) ?? {};
        for (const path of paths.filter((p) => p.startsWith('/v1/'))) {
          for (const method of Object.keys(layer.route.methods).filter((m) => METHODS.has(m))) {
            routes.push({ method: method.toUpperCase() as ServedRoute['method'], path: path.replace(/:(\w+)/g, '{$1}'), schemas });
          }
        }
      } else if (Array.isArray(nested)) {
        walk(nested);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return routes;
}
