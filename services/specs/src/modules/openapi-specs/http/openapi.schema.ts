import { httpUrl, pageQuery, resourceId, text, z } from '@quire/input';

// The reference's OpenAPISpecSlug.
export const specSlug = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase letters and digits in words joined by single "-" (1 to 100 characters)');

export const orgParams = z.object({ organizationId: resourceId });
export const specParams = orgParams.extend({ specSlug });
export const versionParams = specParams.extend({ versionId: resourceId });

/** `{ url }` or `{ text }`, exactly one (the reference's OpenAPISpecSource). */
export const specSource = z
  .object({ url: httpUrl.optional(), text: text({ min: 1 }).optional() })
  .strict()
  .superRefine((source, ctx) => {
    if ((source.url === undefined) === (source.text === undefined)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'give exactly one of "url" or "text"' });
    }
  })
  .transform((source) => (source.url !== undefined ? { url: source.url } : { text: source.text as string }));

export const createSpecBody = z.object({ slug: specSlug, source: specSource }).strict();
export const putSpecBody = z.object({ source: specSource }).strict();
export const patchSpecBody = z.object({ visibility: z.enum(['private', 'public']) }).strict();
export const specListQuery = pageQuery;
