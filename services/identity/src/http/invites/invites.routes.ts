import { Router } from 'express';
import type { IdentityHttpDeps } from '../deps';

// Placeholder: filled in by the identity-complete work (issue #3).
export function invitesRoutes(_deps: IdentityHttpDeps): Router {
  return Router();
}
