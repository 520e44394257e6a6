import { Router } from 'express';
import type { SitesHttpDeps } from '../deps';

// Placeholder: filled in by the sites service work (issue #5).
export function sectionsRoutes(_deps: SitesHttpDeps): Router {
  return Router();
}
