import { Router } from 'express';
import type { IdentityHttpDeps } from '../deps';

// Placeholder: filled in by the identity-complete work (issue #3).
export function emailDomainsRoutes(_deps: IdentityHttpDeps): Router {
  return Router();
}
