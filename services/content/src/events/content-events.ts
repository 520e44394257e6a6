// Facts content announces on the bus (documented in proto/TOPICS.md). Each event is keyed by the
// id of the space or collection it is about, so one entity's events stay in order.
export const CONTENT_TOPIC = 'content.events';

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
  // Custom fields: definitions are keyed by the field id, values by the space id.
  customFieldCreated: 'custom-field.created',
  customFieldUpdated: 'custom-field.updated',
  customFieldDeleted: 'custom-field.deleted',
  spaceCustomFieldsUpdated: 'space.custom-fields-updated',
  // A new revision of a space's content (keyed by the space id; payload built by
  // domain/content/revision-created.ts): { spaceId, organizationId,
  // revisionId, parents, type, changedPageIds, current }. `current` is true when it became the
  // space's current revision (imports, merges), false for a change request's revision.
  revisionCreated: 'revision.created',
  // Change requests (keyed by the space id, so a space's content events stay in order):
  // { spaceId, organizationId, changeRequestId, number, status, revisionId, ... }.
  changeRequestCreated: 'change-request.created',
  changeRequestUpdated: 'change-request.updated',
  changeRequestMerged: 'change-request.merged',
  // Comments: { spaceId, organizationId, changeRequestId, commentId, postedBy | resolvedBy }.
  commentCreated: 'comment.created',
  commentResolved: 'comment.resolved',
} as const;
