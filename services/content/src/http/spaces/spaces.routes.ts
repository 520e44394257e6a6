import { Router } from 'express';
import type { ContentHttpDeps } from '../deps';

// Placeholder: filled in by content part 1 (issue #4).
export function spacesRoutes(_deps: ContentHttpDeps): Router {
  return Router();
}
