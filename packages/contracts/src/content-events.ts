import { z } from 'zod';
import { PERMISSION_UPDATED, permissionUpdated } from './permission-event';
import { defineTopic, type EventDataOf, type EventOf, type EventTypeOf } from './event-schema';
import { CONTENT_JOBS_TOPIC, CONTENT_TOPIC } from './topics';

// content.events: what content announces. Each event is keyed by the id of the space, collection or
// custom field it is about (custom-field values: the space id), so one entity's events stay in order.

export const ContentEvent = {
  spaceCreated: 'space.created',
  spaceUpdated: 'space.updated',
  spaceDeleted: 'space.deleted',
  spaceRestored: 'space.restored',
  spacePurged: 'space.purged',
  spaceMoved: 'space.moved',
  spaceTransferred: 'space.transferred',
  collectionCreated: 'collection.created',
  collectionUpdated: 'collection.updated',
  collectionDeleted: 'collection.deleted',
  collectionMoved: 'collection.moved',
  collectionTransferred: 'collection.transferred',
  customFieldCreated: 'custom-field.created',
  customFieldUpdated: 'custom-field.updated',
  customFieldDeleted: 'custom-field.deleted',
  spaceCustomFieldsUpdated: 'space.custom-fields-updated',
  revisionCreated: 'revision.created',
  changeRequestCreated: 'change-request.created',
  changeRequestUpdated: 'change-request.updated',
  changeRequestMerged: 'change-request.merged',
  commentCreated: 'comment.created',
  commentResolved: 'comment.resolved',
  gitSyncStarted: 'space.gitsync-started',
  gitSyncCompleted: 'space.gitsync-completed',
  permissionUpdated: PERMISSION_UPDATED,
} as const;

const spaceId = z.string();
const collectionId = z.string();
const organizationId = z.string();
const fields = z.array(z.string()).describe('names of the fields the PATCH changed');
const parent = z.string().nullable().describe('collection id, null at the top level');
const customFieldId = z.string();
const changeRequestFacts = {
  spaceId,
  organizationId,
  changeRequestId: z.string(),
  number: z.number(),
  status: z.enum(['draft', 'open', 'archived', 'merged']),
  revisionId: z.string(),
};
const gitSyncFacts = {
  spaceId,
  organizationId,
  operationId: z.string().describe('the Git Sync operation (GET …/git/operations/{operationId})'),
  direction: z.enum(['import', 'export']),
  revisionId: z.string().describe("import: the revision it made (before it ends: the space's current one); export: the revision exported"),
  commitId: z.string().describe('the commit imported or pushed; empty while unknown or when the operation failed before one'),
};
const commentFacts = {
  spaceId,
  organizationId,
  changeRequestId: z.string().optional().describe("absent for a comment on the space's live content"),
  commentId: z.string(),
};

export const contentEvents = defineTopic(CONTENT_TOPIC, 'the id of the space, collection or custom field the event is about', {
  [ContentEvent.permissionUpdated]: permissionUpdated,
  [ContentEvent.spaceCreated]: z.object({
    spaceId,
    organizationId,
    parent,
    duplicatedFrom: z.string().optional().describe('the space it is a duplicate of'),
  }),
  [ContentEvent.spaceUpdated]: z.object({
    spaceId,
    organizationId,
    fields,
    visibility: z.string().optional().describe('the new visibility, when `fields` has it'),
    previousVisibility: z.string().optional().describe('the visibility before, when `fields` has `visibility`'),
  }),
  [ContentEvent.spaceDeleted]: z
    .object({
      spaceId,
      organizationId,
      reason: z.literal('collection-deleted').optional().describe('deleted with its collection'),
      collectionId: collectionId.optional().describe('the deleted collection (with `reason`)'),
    })
    .describe('restorable for 7 days'),
  [ContentEvent.spaceRestored]: z.object({ spaceId, organizationId }),
  [ContentEvent.spacePurged]: z.object({ spaceId, organizationId }).describe('gone for good (7 days after deletion)'),
  [ContentEvent.spaceMoved]: z.object({ spaceId, organizationId, parent, previousParent: parent }),
  [ContentEvent.spaceTransferred]: z.object({
    spaceId,
    from: z.string().describe('organization id'),
    to: z.string().describe('organization id'),
    previousParent: parent.optional().describe('a space transferred alone: its collection before'),
    collectionId: collectionId.optional().describe('a space transferred with its collection'),
    customFieldValues: z
      .object({ moved: z.number(), dropped: z.number() })
      .describe("values moved to the target organization's field of the same name and type, and values dropped"),
  }),
  [ContentEvent.spaceCustomFieldsUpdated]: z.object({
    organizationId,
    spaceId,
    set: z.array(z.string()).describe('names of the fields given a value'),
    cleared: z.array(z.string()).describe('names of the fields cleared'),
  }),
  [ContentEvent.collectionCreated]: z.object({ collectionId, organizationId, parent }),
  [ContentEvent.collectionUpdated]: z.object({ collectionId, organizationId, fields }),
  [ContentEvent.collectionDeleted]: z.object({
    collectionId,
    organizationId,
    collections: z.array(z.string()).describe('it and its sub-collections'),
    spaces: z.array(z.string()).describe('the spaces deleted with it (each also has its `space.deleted`)'),
  }),
  [ContentEvent.collectionMoved]: z.object({ collectionId, organizationId, parent, previousParent: parent }),
  [ContentEvent.collectionTransferred]: z.object({
    collectionId,
    from: z.string().describe('organization id'),
    to: z.string().describe('organization id'),
    collections: z.array(z.string()).describe('it and its sub-collections'),
    spaces: z.array(z.string()).describe('their spaces (each also has its `space.transferred`)'),
  }),
  [ContentEvent.customFieldCreated]: z.object({ organizationId, customFieldId, name: z.string(), type: z.string() }),
  [ContentEvent.customFieldUpdated]: z.object({
    organizationId,
    customFieldId,
    name: z.string(),
    fields,
    prunedSpaces: z.number().describe('spaces whose value lost options the field no longer has'),
  }),
  [ContentEvent.customFieldDeleted]: z.object({
    organizationId,
    customFieldId,
    name: z.string(),
    removedValues: z.number().describe('space values deleted with it'),
  }),
  [ContentEvent.revisionCreated]: z.object({
    spaceId,
    organizationId,
    revisionId: z.string(),
    parents: z.array(z.string()),
    type: z.enum(['edits', 'merge', 'update']).describe('`edits` for imports and page edits'),
    changedPageIds: z.array(z.string()),
    current: z.boolean().describe("it became the space's current revision (false: a change request's)"),
    changeRequestId: z.string().optional().describe("a change request's revision, or the one a merge merged"),
  }),
  [ContentEvent.changeRequestCreated]: z.object({ ...changeRequestFacts, createdBy: z.string() }),
  [ContentEvent.changeRequestUpdated]: z.object({
    ...changeRequestFacts,
    previousStatus: changeRequestFacts.status.optional().describe('a PATCH'),
    revisionMergedAncestor: z.string().optional().describe('an update from main: the main revision merged in'),
  }),
  [ContentEvent.changeRequestMerged]: z.object({
    ...changeRequestFacts,
    status: z.literal('merged'),
    revisionMerged: z.string().describe("main's new revision"),
    mergedBy: z.string(),
  }),
  [ContentEvent.commentCreated]: z.object({ ...commentFacts, postedBy: z.string() }),
  [ContentEvent.commentResolved]: z.object({ ...commentFacts, resolvedBy: z.string() }),
  [ContentEvent.gitSyncStarted]: z.object(gitSyncFacts).describe("the reference's `space_gitsync_started`"),
  [ContentEvent.gitSyncCompleted]: z
    .object({ ...gitSyncFacts, state: z.enum(['success', 'failure']) })
    .describe("the reference's `space_gitsync_completed`; a failure's reason is the operation's `error`"),
});

export type ContentEventType = EventTypeOf<typeof contentEvents>;
export type ContentEventData<K extends ContentEventType> = EventDataOf<typeof contentEvents, K>;
export type ContentEventEnvelope = EventOf<typeof contentEvents>;

export const RUN_GIT_SYNC_JOB = 'git-sync.run' as const;

export const contentJobs = defineTopic(CONTENT_JOBS_TOPIC, "the space id, so one space's operations run in order", {
  [RUN_GIT_SYNC_JOB]: z
    .object({ organizationId, spaceId, operationId: z.string() })
    .describe('consumed by `content-git-sync`, which runs the import or export (docs/content.md, Git Sync)'),
});

export type RunGitSyncJob = EventDataOf<typeof contentJobs, typeof RUN_GIT_SYNC_JOB>;
