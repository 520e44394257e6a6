import { readFileSync } from 'node:fs';
import { organizationsOf, subscribes, WEBHOOK_EVENT_TYPES, webhookEventsOf, webhookTypeOf } from '../src/modules/webhooks/domain/event-mapping';

const event = (type: string, data: Record<string, unknown>) => ({ id: 'evt1', type, occurredAt: '2026-11-27T10:00:00.000Z', data });

describe('webhook event types', () => {
  it('turns the declared type into the webhook type: dots and hyphens become underscores', () => {
    expect(webhookTypeOf('change-request.merged')).toBe('change_request_merged');
    expect(webhookTypeOf('comment.created')).toBe('comment_created');
    expect(webhookTypeOf('site-section-group.moved')).toBe('site_section_group_moved');
    expect(webhookTypeOf('space.gitsync-started')).toBe('space_gitsync_started');
    expect(webhookTypeOf('space.gitsync-completed')).toBe('space_gitsync_completed');
  });

  it('lists every subscribable type, the reference ones included, and not token.revoked', () => {
    expect(WEBHOOK_EVENT_TYPES).toEqual(
      expect.arrayContaining([
        'space_content_updated',
        'space_visibility_updated',
        'space_gitsync_started',
        'space_gitsync_completed',
        'change_request_merged',
        'member_added',
        'site_published',
        'openapi_spec_processed',
      ]),
    );
    expect(WEBHOOK_EVENT_TYPES).not.toContain('token_revoked');
    expect(WEBHOOK_EVENT_TYPES).not.toContain('openapi_spec_process');
    expect(WEBHOOK_EVENT_TYPES.every((t) => /^[a-z_]+$/.test(t))).toBe(true);
  });
});

describe('webhookEventsOf', () => {
  it('sends the data with eventId and type first', () => {
    const [e] = webhookEventsOf(event('comment.created', { spaceId: 's1', organizationId: 'o1', changeRequestId: 'c1', commentId: 'm1', postedBy: 'u1' }));
    expect(e).toEqual({
      eventId: 'evt1',
      type: 'comment_created',
      organizationIds: ['o1'],
      spaceId: 's1',
      siteId: null,
      payload: { eventId: 'evt1', type: 'comment_created', spaceId: 's1', organizationId: 'o1', changeRequestId: 'c1', commentId: 'm1', postedBy: 'u1' },
    });
  });

  it('a current revision is the reference space_content_updated; a change request revision is revision_created', () => {
    const data = { spaceId: 's1', organizationId: 'o1', revisionId: 'r2', parents: ['r1'], type: 'merge', changedPageIds: [], current: true };
    expect(webhookEventsOf(event('revision.created', data)).map((e) => e.payload)).toEqual([
      { eventId: 'evt1', type: 'space_content_updated', spaceId: 's1', organizationId: 'o1', revisionId: 'r2' },
    ]);
    const [branch] = webhookEventsOf(event('revision.created', { ...data, current: false, changeRequestId: 'c1' }));
    // The data's own `type` would hide the event's: it goes out as `revisionType`.
    expect(branch!.payload).toMatchObject({ type: 'revision_created', revisionType: 'merge', current: false, changeRequestId: 'c1' });
  });

  it('a visibility change is also the reference space_visibility_updated, with an id of its own', () => {
    const events = webhookEventsOf(
      event('space.updated', { spaceId: 's1', organizationId: 'o1', fields: ['title', 'visibility'], visibility: 'public', previousVisibility: 'private' }),
    );
    expect(events.map((e) => [e.eventId, e.type])).toEqual([
      ['evt1', 'space_updated'],
      ['evt1:space_visibility_updated', 'space_visibility_updated'],
    ]);
    expect(events[1]!.payload).toEqual({
      eventId: 'evt1:space_visibility_updated',
      type: 'space_visibility_updated',
      spaceId: 's1',
      organizationId: 'o1',
      visibility: 'public',
      previousVisibility: 'private',
    });
    expect(webhookEventsOf(event('space.updated', { spaceId: 's1', organizationId: 'o1', fields: ['title'] }))).toHaveLength(1);
  });

  it("delivers content's Git Sync facts under the reference's types", () => {
    const data = { spaceId: 's1', organizationId: 'o1', operationId: 'op1', direction: 'import', revisionId: 'r1', commitId: 'abc', state: 'success' };
    expect(webhookEventsOf(event('space.gitsync-completed', data))[0]!.payload).toEqual({ eventId: 'evt1', type: 'space_gitsync_completed', ...data });
  });

  it('a transfer concerns both organizations; token.revoked and events without an organization none', () => {
    expect(organizationsOf({ spaceId: 's1', from: 'o1', to: 'o2' })).toEqual(['o1', 'o2']);
    expect(
      webhookEventsOf(event('space.transferred', { spaceId: 's1', from: 'o1', to: 'o2', customFieldValues: { moved: 0, dropped: 0 } }))[0]!.organizationIds,
    ).toEqual(['o1', 'o2']);
    expect(webhookEventsOf(event('token.revoked', { tokenId: 't1', userId: 'u1' }))).toEqual([]);
  });

  it('renames a site type and a custom field type', () => {
    const [site] = webhookEventsOf(
      event('site.created', { organizationId: 'o1', siteId: 'w1', title: 'Docs', type: 'basic', visibility: 'public', spaces: [], createdBy: 'u1' }),
    );
    expect(site).toMatchObject({ siteId: 'w1', payload: { type: 'site_created', siteType: 'basic' } });
    const [field] = webhookEventsOf(event('custom-field.created', { organizationId: 'o1', customFieldId: 'f1', name: 'Owner', type: 'text' }));
    expect(field!.payload).toMatchObject({ type: 'custom_field_created', customFieldType: 'text' });
  });
});

describe('subscribes', () => {
  const e = { type: 'space_created', spaceId: 's1', siteId: null };
  it('matches subscribed types or *', () => {
    expect(subscribes({ events: ['*'], spaceIds: null, siteIds: null }, e)).toBe(true);
    expect(subscribes({ events: ['space_created'], spaceIds: null, siteIds: null }, e)).toBe(true);
    expect(subscribes({ events: ['space_deleted'], spaceIds: null, siteIds: null }, e)).toBe(false);
  });
  it('narrows to the named spaces or sites (either list will do)', () => {
    expect(subscribes({ events: ['*'], spaceIds: ['s1'], siteIds: null }, e)).toBe(true);
    expect(subscribes({ events: ['*'], spaceIds: ['s2'], siteIds: null }, e)).toBe(false);
    expect(subscribes({ events: ['*'], spaceIds: null, siteIds: ['w1'] }, e)).toBe(false);
    expect(subscribes({ events: ['*'], spaceIds: ['s2'], siteIds: ['w1'] }, { type: 'site_updated', spaceId: null, siteId: 'w1' })).toBe(true);
    expect(subscribes({ events: ['*'], spaceIds: ['s1'], siteIds: null }, { type: 'member_added', spaceId: null, siteId: null })).toBe(false);
  });
});

describe('docs/webhooks.md', () => {
  it('shows every subscribable type with an example payload', () => {
    const doc = readFileSync(`${__dirname}/../../../docs/webhooks.md`, 'utf8');
    const missing = [...WEBHOOK_EVENT_TYPES, 'ping'].filter(
      (type) => !new RegExp(`#### \`${type}\`\\n[^#]*?\`\`\`json\\n\\{\\n  "eventId": "[^"]+",\\n  "type": "${type}"`).test(doc),
    );
    expect(missing).toEqual([]);
  });
});
