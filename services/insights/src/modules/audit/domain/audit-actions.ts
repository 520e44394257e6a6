import type { AuditParty } from '../model/audit-event';

// The action catalog (listOrganizationAuditEventActions): every state-change fact a service announces
// on its topic, under a stable action id — the event's type as declared in packages/contracts
// (`space.created`, `member.role-changed`), `_` written `-` — with a label and where its target is.
// Events that change no state are left out by SKIPPED_EVENT_TYPES; the job topics (content.jobs,
// specs.jobs) are not read at all.

type EventData = Record<string, unknown>;

export interface AuditActionSpec {
  label: string;
  target(data: EventData): AuditParty;
}

const text = (data: EventData, field: string): string => {
  const value = data[field];
  return typeof value === 'string' ? value : '';
};

/** A target named by one field of the data, with its label from another when the event carries one. */
const by =
  (type: string, idField: string, labelField?: string) =>
  (data: EventData): AuditParty => {
    const label = labelField ? text(data, labelField) : '';
    return { type, id: text(data, idField), ...(label ? { label } : {}) };
  };

const permissionTarget = (data: EventData): AuditParty => {
  const resource = (data.resource ?? {}) as { kind?: string; id?: string };
  return { type: resource.kind ?? 'resource', id: resource.id ?? '' };
};

const organization = by('organization', 'organizationId');
const space = by('space', 'spaceId');
const collection = by('collection', 'collectionId');
const site = by('site', 'siteId', 'title');

export const AUDIT_ACTIONS: Record<string, AuditActionSpec> = {
  // identity.events
  'organization.created': { label: 'Organization created', target: by('organization', 'organizationId', 'title') },
  'organization.updated': { label: 'Organization settings updated', target: organization },
  'member.added': { label: 'Member added', target: by('user', 'userId') },
  'member.role-changed': { label: 'Member role changed', target: by('user', 'userId') },
  'member.removed': { label: 'Member removed', target: by('user', 'userId') },
  'token.created': { label: 'API token created', target: by('token', 'tokenId') },
  'token.revoked': { label: 'API token revoked', target: by('token', 'tokenId') },
  'saml-provider.created': { label: 'SAML provider created', target: by('saml-provider', 'samlProviderId', 'label') },
  'saml-provider.updated': { label: 'SAML provider updated', target: by('saml-provider', 'samlProviderId') },
  'saml-provider.deleted': { label: 'SAML provider deleted', target: by('saml-provider', 'samlProviderId') },
  'scim-connection.created': { label: 'SCIM connection created', target: by('scim-connection', 'scimConnectionId', 'label') },
  'scim-connection.token-rotated': { label: 'SCIM connection token rotated', target: by('scim-connection', 'scimConnectionId') },
  'scim-connection.deleted': { label: 'SCIM connection deleted', target: by('scim-connection', 'scimConnectionId') },
  'team.created': { label: 'Team created', target: by('team', 'teamId', 'title') },
  'team.updated': { label: 'Team updated', target: by('team', 'teamId', 'title') },
  'team.deleted': { label: 'Team deleted', target: by('team', 'teamId') },
  'team.members-changed': { label: 'Team members changed', target: by('team', 'teamId') },
  'invite.created': { label: 'Member invited', target: by('invite', 'inviteId', 'email') },
  'invite.accepted': { label: 'Invite accepted', target: by('invite', 'inviteId') },
  'link-invite.created': { label: 'Invite link created', target: by('invite', 'inviteId') },
  'link-invite.updated': { label: 'Invite link updated', target: by('invite', 'inviteId') },
  'link-invite.deleted': { label: 'Invite link deleted', target: by('invite', 'inviteId') },
  // content.events
  'space.created': { label: 'Space created', target: space },
  'space.updated': { label: 'Space updated', target: space },
  'space.deleted': { label: 'Space deleted', target: space },
  'space.restored': { label: 'Space restored', target: space },
  'space.purged': { label: 'Space permanently deleted', target: space },
  'space.moved': { label: 'Space moved', target: space },
  'space.transferred': { label: 'Space transferred', target: space },
  'space.custom-fields-updated': { label: 'Space custom field values updated', target: space },
  'space.gitsync-completed': { label: 'Git Sync completed', target: space },
  'collection.created': { label: 'Collection created', target: collection },
  'collection.updated': { label: 'Collection updated', target: collection },
  'collection.deleted': { label: 'Collection deleted', target: collection },
  'collection.moved': { label: 'Collection moved', target: collection },
  'collection.transferred': { label: 'Collection transferred', target: collection },
  'custom-field.created': { label: 'Custom field created', target: by('custom-field', 'customFieldId', 'name') },
  'custom-field.updated': { label: 'Custom field updated', target: by('custom-field', 'customFieldId', 'name') },
  'custom-field.deleted': { label: 'Custom field deleted', target: by('custom-field', 'customFieldId', 'name') },
  'revision.created': { label: 'Content revision created', target: by('revision', 'revisionId') },
  'change-request.created': { label: 'Change request created', target: by('change-request', 'changeRequestId') },
  'change-request.updated': { label: 'Change request updated', target: by('change-request', 'changeRequestId') },
  'change-request.merged': { label: 'Change request merged', target: by('change-request', 'changeRequestId') },
  'change-request.review-requested': { label: 'Change request review requested', target: by('change-request', 'changeRequestId') },
  'change-request.review-submitted': { label: 'Change request reviewed', target: by('change-request', 'changeRequestId') },
  'change-request.merge-blocked': { label: 'Change request merge blocked by merge rules', target: by('change-request', 'changeRequestId') },
  'comment.created': { label: 'Comment posted', target: by('comment', 'commentId') },
  'comment.resolved': { label: 'Comment resolved', target: by('comment', 'commentId') },
  'permission.updated': { label: 'Permission updated', target: permissionTarget },
  // sites.events
  'site.created': { label: 'Site created', target: site },
  'site.updated': { label: 'Site updated', target: site },
  'site.deleted': { label: 'Site deleted', target: site },
  'site.published': { label: 'Site published', target: site },
  'site.unpublished': { label: 'Site unpublished', target: site },
  'site.redirects-changed': { label: 'Site redirects changed', target: site },
  'site-publishing-auth.updated': { label: 'Site visitor authentication updated', target: site },
  'site-customization.updated': { label: 'Site customization updated', target: site },
  'share-link.created': { label: 'Share link created', target: by('share-link', 'shareLinkId') },
  'share-link.updated': { label: 'Share link updated', target: by('share-link', 'shareLinkId') },
  'share-link.deleted': { label: 'Share link deleted', target: by('share-link', 'shareLinkId') },
  'site-section.created': { label: 'Site section created', target: by('site-section', 'sectionId', 'title') },
  'site-section.updated': { label: 'Site section updated', target: by('site-section', 'sectionId') },
  'site-section.deleted': { label: 'Site section deleted', target: by('site-section', 'sectionId') },
  'site-section.moved': { label: 'Site section moved', target: by('site-section', 'sectionId') },
  'site-section-group.created': { label: 'Site section group created', target: by('site-section-group', 'sectionGroupId', 'title') },
  'site-section-group.updated': { label: 'Site section group updated', target: by('site-section-group', 'sectionGroupId') },
  'site-section-group.deleted': { label: 'Site section group deleted', target: by('site-section-group', 'sectionGroupId') },
  'site-section-group.moved': { label: 'Site section group moved', target: by('site-section-group', 'sectionGroupId') },
  'site-external-link.created': { label: 'Site external link created', target: by('site-external-link', 'externalLinkId', 'title') },
  'site-external-link.updated': { label: 'Site external link updated', target: by('site-external-link', 'externalLinkId') },
  'site-external-link.deleted': { label: 'Site external link deleted', target: by('site-external-link', 'externalLinkId') },
  'site-external-link.moved': { label: 'Site external link moved', target: by('site-external-link', 'externalLinkId') },
  'site-space.created': { label: 'Site space added', target: by('site-space', 'siteSpaceId') },
  'site-space.updated': { label: 'Site space updated', target: by('site-space', 'siteSpaceId') },
  'site-space.deleted': { label: 'Site space removed', target: by('site-space', 'siteSpaceId') },
  'site-space.moved': { label: 'Site space moved', target: by('site-space', 'siteSpaceId') },
  // specs.events
  'openapi-spec.created': { label: 'OpenAPI spec created', target: by('openapi-spec', 'specId', 'slug') },
  'openapi-spec.source-changed': { label: 'OpenAPI spec source changed', target: by('openapi-spec', 'specId') },
  'openapi-spec.updated': { label: 'OpenAPI spec updated', target: by('openapi-spec', 'specId') },
  'openapi-spec.deleted': { label: 'OpenAPI spec deleted', target: by('openapi-spec', 'specId', 'slug') },
  'translation-settings.created': { label: 'Translation created', target: by('translation', 'translationId') },
  'translation-settings.updated': { label: 'Translation updated', target: by('translation', 'translationId') },
  'translation-settings.deleted': { label: 'Translation deleted', target: by('translation', 'translationId') },
};

/**
 * Declared event types that are not audited, each with why: progress and outcomes of work an
 * audited change started (its own record says who started it).
 */
export const SKIPPED_EVENT_TYPES: Record<string, string> = {
  'space.gitsync-started': 'progress: `space.gitsync-completed` records the operation',
  'site.published-space-refreshed': "sites' own bookkeeping after a content fact, which content's event records",
  'openapi-spec.processed': 'the outcome of processing a source: `openapi-spec.source-changed` or `openapi-spec.created` records the change',
  'openapi-spec.version-created': 'a consequence of processing, recorded by the change that caused it',
};

/** The stable action id of an event type: its declared type, `_` written `-`. */
export function actionIdOf(eventType: string): string {
  return eventType.replace(/_/g, '-');
}
