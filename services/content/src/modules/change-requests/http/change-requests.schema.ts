import { pageQuery, queryList, resourceId, text, z } from '@quire/input';

// Reference: listChangeRequestsForSpace, createChangeRequest, getChangeRequestById,
// updateChangeRequestById, mergeChangeRequest, updateChangeRequest, getChangeRequestPDF.

export const spaceParams = z.object({ spaceId: resourceId });
/** A change request by id or by its number in the space. */
export const changeRequestParams = spaceParams.extend({ changeRequestId: resourceId });

const changeRequestStatus = z.enum(['draft', 'open', 'archived', 'merged']);

export const listChangeRequestsQuery = pageQuery.extend({
  status: changeRequestStatus.default('open'),
  creator: resourceId.optional(),
  contributor: resourceId.optional(),
  // A parameter of today's client (0.202.0), honoured; without it the order stays newest first.
  orderBy: z.enum(['updatedAt', 'createdAt']).optional(),
  // Today's client's filters by a requested reviewer and by a site topic, honoured: Quire has
  // neither review requests nor site topics, so no change request matches either.
  requestedReviewer: resourceId.optional(),
  topic: resourceId.optional(),
});

export const organizationParams = z.object({ organizationId: resourceId });

/**
 * listChangeRequestsForOrganization (0.202.0): statuses as a list (open by default), the space's
 * filters, and today's client's filters by site, style-guide run and triage finding: Quire links
 * change requests to no site or style-guide run, so either matches none, and it has no triage, so
 * `finding` changes nothing.
 */
export const listOrganizationChangeRequestsQuery = listChangeRequestsQuery.omit({ status: true }).extend({
  status: queryList(changeRequestStatus, 4).default(['open']),
  space: resourceId.optional(),
  site: resourceId.optional(),
  styleguideRun: resourceId.optional(),
  finding: z.enum(['none', 'all']).optional(),
});

/** ChangeRequestSubject: 0..100 code points (the reference sets no limit on create; the answer's schema does). */
const subject = text({ max: 100 });

export const createChangeRequestBody = z.object({ subject: subject.default(''), agentTaskId: z.string().max(128).optional() }).strict();

export const updateChangeRequestBody = z
  .object({
    subject,
    status: z.enum(['draft', 'open', 'archived'], {
      errorMap: () => ({ message: 'must be draft, open or archived ("merged" is set only by merging)' }),
    }),
  })
  .partial()
  .strict();

export const pdfQuery = z.object({ only: z.enum(['true', 'false']).optional(), page: resourceId.optional() });

export const changeRequestPageParams = changeRequestParams.extend({ pageId: resourceId });

/** Quire companion: move a page of a change request (`parent` null = top level; `before`/`after` a sibling page id). */
export const movePageBody = z
  .object({
    parent: resourceId.nullable().optional(),
    position: z.object({ before: resourceId.optional(), after: resourceId.optional() }).strict().optional(),
  })
  .strict()
  .refine((b) => b.parent !== undefined || b.position !== undefined, { message: 'give "parent", "position" or both', path: ['parent'] })
  .refine((b) => !(b.position?.before && b.position?.after), { message: 'give "before" or "after", not both', path: ['position'] });
