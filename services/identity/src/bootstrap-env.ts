import { z } from '@quire/input';
import { readEnv } from '@quire/platform/config';
import type { BootstrapOptions } from './domain/bootstrap';

/** BOOTSTRAP_TOKEN, BOOTSTRAP_EMAIL and BOOTSTRAP_ORG_TITLE, read in both ways of running. */
export function bootstrapOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): BootstrapOptions {
  const e = readEnv(
    z.object({
      BOOTSTRAP_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
      BOOTSTRAP_EMAIL: z.string().email().default('admin@quire.local'),
      BOOTSTRAP_ORG_TITLE: z.string().min(2).max(255).default('My organization'),
    }),
    env,
  );
  return { token: e.BOOTSTRAP_TOKEN, email: e.BOOTSTRAP_EMAIL, organizationTitle: e.BOOTSTRAP_ORG_TITLE };
}
