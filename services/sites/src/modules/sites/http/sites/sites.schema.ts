import { ROLES } from '@quire/access';
import { lengthIn, pageQuery, queryBoolean, resourceId, text, z } from '@quire/input';
import { AGENTS_CONTEXTS, SITE_TYPES, SITE_VISIBILITIES } from '../../domain/sites';
import { structurePath, trimmedText } from '../structure.schema';

// Limits: spec §8 (site title 2..128, basename 1..100, hostname 512) and the reference schemas
// SiteTitle, SiteBasename, SiteHostname, SiteProxyOrigin; lengths count code points.
const title = trimmedText({ min: 2, max: 128 });
const siteType = z.enum(SITE_TYPES);
const visibility = z.enum(SITE_VISIBILITIES);

// One path segment of the published address, like the paths of sections and site spaces.
const basename = structurePath;

const hostname = z
  .string()
  .superRefine(lengthIn({ max: 512 }))
  .refine(
    (value) => /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/.test(value),
    'must be a lower-case host name with at least three labels, e.g. docs.example.com',
  );

// Reference SiteProxyOrigin: a host and a sub-directory ("company.com/docs"). A leading
// http(s):// and a trailing slash are accepted and dropped, as people paste URLs.
const PROXY_ORIGIN = /^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$/;
const proxyOrigin = z
  .string()
  .superRefine(lengthIn({ max: 512 }))
  .transform((value) => value.replace(/^https?:\/\//i, '').replace(/(?<!\/)\/+$/, ''))
  .refine((value) => PROXY_ORIGIN.test(value), 'must be a host and a sub-directory path, e.g. company.com/docs');

// The spec sets no bound on `spaces`; one site takes at most as many as one page lists.
const MAX_SPACES_ON_CREATE = 1000;

// createSite: every field optional; `spaces` are ids of spaces of the organization.
export const createSiteBody = z
  .object({
    type: siteType.default('basic'),
    title: title.optional(),
    visibility: visibility.default('public'),
    spaces: z.array(resourceId).max(MAX_SPACES_ON_CREATE).default([]),
  })
  .strict();

// updateSiteById, plus `hostname` (spec Site.hostname; null removes it).
export const updateSiteBody = z
  .object({
    title: title.optional(),
    visibility: visibility.optional(),
    basename: basename.optional(),
    hostname: hostname.nullable().optional(),
    adaptiveContent: z.object({ enabled: z.boolean() }).strict().optional(),
    agentsContext: z.enum(AGENTS_CONTEXTS).optional(),
    defaultSiteSpace: resourceId.optional(),
    defaultSiteSection: resourceId.optional(),
    proxy: proxyOrigin.nullable().optional(),
    // Reference DefaultLevel: a MemberRole, null (members get nothing) or "inherit".
    defaultLevel: z
      .union([z.enum(ROLES), z.literal('inherit')])
      .nullable()
      .optional(),
  })
  .strict();

// listSites: `type` is an array of SiteType, sent as repeated `type=` parameters (the service's
// 'simple' query parser gives an array) or as one comma-separated list.
const typeFilter = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter((v) => v.length > 0),
  )
  .pipe(z.array(siteType).min(1));

// listSites: page, limit and the filters `space` (an id), `title` (contained), `published`, `type`.
export const listSitesQuery = pageQuery.extend({
  space: resourceId.optional(),
  title: text({ max: 128 }).optional(),
  published: queryBoolean.optional(),
  type: typeFilter.optional(),
});

// updateSiteAdaptiveSchema: the schema's content is checked by the domain (depth, meta-schema and claims).
export const putAdaptiveSchemaBody = z.object({ jsonSchema: z.record(z.unknown()) }).strict();
