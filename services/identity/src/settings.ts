import { z } from '@quire/input';
import { readEnv } from '@quire/platform/config';

/** The first start of an empty identity store (docs/identity.md, Bootstrap). */
export interface BootstrapOptions {
  /** BOOTSTRAP_TOKEN; without it a token is generated and shown once. */
  token?: string;
  email: string;
  organizationTitle: string;
}

/** Identity's settings and their one set of defaults. */
export const IDENTITY_DEFAULTS = {
  bootstrapEmail: 'admin@quire.local',
  bootstrapOrganizationTitle: 'My organization',
} as const;

/** BOOTSTRAP_TOKEN, BOOTSTRAP_EMAIL and BOOTSTRAP_ORG_TITLE, read in both ways of running. */
export function bootstrapOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): BootstrapOptions {
  const e = readEnv(
    z.object({
      BOOTSTRAP_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
      BOOTSTRAP_EMAIL: z.string().email().default(IDENTITY_DEFAULTS.bootstrapEmail),
      BOOTSTRAP_ORG_TITLE: z.string().min(2).max(255).default(IDENTITY_DEFAULTS.bootstrapOrganizationTitle),
    }),
    env,
  );
  return { token: e.BOOTSTRAP_TOKEN, email: e.BOOTSTRAP_EMAIL, organizationTitle: e.BOOTSTRAP_ORG_TITLE };
}

/** Who may create organizations through the API (createOrganization; docs/permissions.md, Organizations). */
export interface OrganizationCreationOptions {
  /** `anyone`: any signed-in user; `instance-admins`: only the users whose e-mail is in `instanceAdmins`. */
  who: 'anyone' | 'instance-admins';
  /** Lower-case e-mail addresses of the instance's admins. */
  instanceAdmins: string[];
}

export const ANYONE_CREATES_ORGANIZATIONS: OrganizationCreationOptions = { who: 'anyone', instanceAdmins: [] };

/** QUIRE_ORG_CREATION (anyone | instance-admins, default anyone) and QUIRE_INSTANCE_ADMINS (comma-separated e-mails). */
export function organizationCreationFromEnv(env: NodeJS.ProcessEnv = process.env): OrganizationCreationOptions {
  const e = readEnv(
    z.object({
      QUIRE_ORG_CREATION: z.enum(['anyone', 'instance-admins']).default('anyone'),
      QUIRE_INSTANCE_ADMINS: z
        .string()
        .default('')
        .transform((list) =>
          list
            .split(',')
            .map((a) => a.trim().toLowerCase())
            .filter((a) => a !== ''),
        )
        .pipe(z.array(z.string().email())),
    }),
    env,
  );
  return { who: e.QUIRE_ORG_CREATION, instanceAdmins: e.QUIRE_INSTANCE_ADMINS };
}
