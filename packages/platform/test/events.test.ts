import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { classifyFailure } from '../src/dead-letters';
import { createLogger } from '../src/logger';
import { enqueueEvent } from '../src/outbox';
import { COMMON_MIGRATIONS_DIR, migrate, type SqlExecutor } from '../src/sql';
import { PgliteDatabase } from '../src/sql/pglite';
import {
  CONTENT_JOBS_TOPIC,
  CONTENT_TOPIC,
  contentEvents,
  EVENT_TOPICS,
  IDENTITY_TOPIC,
  MalformedEventError,
  parseEvent,
  SITES_TOPIC,
  SPECS_JOBS_TOPIC,
  SPECS_TOPIC,
  renderTopicsDoc,
} from '@quire/contracts';

// One schema per event type, used by producers (enqueueEvent) and consumers (parseEvent).

/** A sample of every declared event type's data, as its producer writes it today. */
const SAMPLES: Record<string, Record<string, Record<string, unknown>>> = {
  [IDENTITY_TOPIC]: {
    'organization.created': { organizationId: 'o1', title: 'Acme' },
    'organization.updated': { organizationId: 'o1', fields: ['title'] },
    'member.added': { organizationId: 'o1', userId: 'u1', role: 'edit' },
    'member.role-changed': { organizationId: 'o1', userId: 'u1', role: 'admin', previousRole: 'edit' },
    'member.removed': { organizationId: 'o1', userId: 'u1', role: 'edit' },
    'token.created': { tokenId: 't1', userId: 'u1', organizationIds: ['o1'] },
    'token.revoked': { tokenId: 't1', userId: 'u1' },
    'saml-provider.created': { organizationId: 'o1', samlProviderId: 's1', label: 'Okta' },
    'saml-provider.updated': { organizationId: 'o1', samlProviderId: 's1', fields: ['label'] },
    'saml-provider.deleted': { organizationId: 'o1', samlProviderId: 's1' },
    'scim-connection.created': { organizationId: 'o1', scimConnectionId: 'c1', label: 'Okta', provider: 'okta' },
    'scim-connection.token-rotated': { organizationId: 'o1', scimConnectionId: 'c1' },
    'scim-connection.deleted': { organizationId: 'o1', scimConnectionId: 'c1' },
    'team.created': { organizationId: 'o1', teamId: 'tm1', title: 'Docs', members: ['u1'] },
    'team.updated': { organizationId: 'o1', teamId: 'tm1', title: 'Writers' },
    'team.deleted': { organizationId: 'o1', teamId: 'tm1', members: ['u1'] },
    'team.members-changed': { organizationId: 'o1', teamId: 'tm1', added: ['u2'], removed: [], roles: { u2: 'member' } },
    'invite.created': { organizationId: 'o1', inviteId: 'i1', email: 'a@example.com', role: 'read', invitedBy: 'u1' },
    'invite.accepted': { organizationId: 'o1', inviteId: 'i1', userId: 'u3', role: 'read' },
    'link-invite.created': { organizationId: 'o1', inviteId: 'l1', role: 'read' },
    'link-invite.updated': { organizationId: 'o1', inviteId: 'l1', role: 'edit' },
    'link-invite.deleted': { organizationId: 'o1', inviteId: 'l1' },
  },
  [CONTENT_TOPIC]: {
    'permission.updated': { organizationId: 'o1', resource: { kind: 'space', id: 's1' }, principal: { kind: 'user', id: 'u2' }, role: 'edit' },
    'space.created': { spaceId: 's1', organizationId: 'o1', parent: null, duplicatedFrom: 's0' },
    'space.updated': { spaceId: 's1', organizationId: 'o1', fields: ['title'] },
    'space.deleted': { spaceId: 's1', organizationId: 'o1', reason: 'collection-deleted', collectionId: 'c1' },
    'space.restored': { spaceId: 's1', organizationId: 'o1' },
    'space.purged': { spaceId: 's1', organizationId: 'o1' },
    'space.moved': { spaceId: 's1', organizationId: 'o1', parent: 'c1', previousParent: null },
    'space.transferred': { spaceId: 's1', from: 'o1', to: 'o2', previousParent: 'c1', customFieldValues: { moved: 1, dropped: 0 } },
    'collection.created': { collectionId: 'c1', organizationId: 'o1', parent: null },
    'collection.updated': { collectionId: 'c1', organizationId: 'o1', fields: ['title'] },
    'collection.deleted': { collectionId: 'c1', organizationId: 'o1', collections: ['c1'], spaces: ['s1'] },
    'collection.moved': { collectionId: 'c1', organizationId: 'o1', parent: 'c0', previousParent: null },
    'collection.transferred': { collectionId: 'c1', from: 'o1', to: 'o2', collections: ['c1'], spaces: [] },
    'custom-field.created': { organizationId: 'o1', customFieldId: 'f1', name: 'owner', type: 'text' },
    'custom-field.updated': { organizationId: 'o1', customFieldId: 'f1', name: 'owner', fields: ['options'], prunedSpaces: 2 },
    'custom-field.deleted': { organizationId: 'o1', customFieldId: 'f1', name: 'owner', removedValues: 3 },
    'space.custom-fields-updated': { organizationId: 'o1', spaceId: 's1', set: ['owner'], cleared: [] },
    'revision.created': { spaceId: 's1', organizationId: 'o1', revisionId: 'r2', parents: ['r1'], type: 'edits', changedPageIds: ['p1'], current: true },
    'change-request.created': { spaceId: 's1', organizationId: 'o1', changeRequestId: 'cr1', number: 1, status: 'draft', revisionId: 'r1', createdBy: 'u1' },
    'change-request.updated': {
      spaceId: 's1',
      organizationId: 'o1',
      changeRequestId: 'cr1',
      number: 1,
      status: 'open',
      revisionId: 'r1',
      previousStatus: 'draft',
    },
    'change-request.merged': {
      spaceId: 's1',
      organizationId: 'o1',
      changeRequestId: 'cr1',
      number: 1,
      status: 'merged',
      revisionId: 'r3',
      revisionMerged: 'r4',
      mergedBy: 'u1',
    },
    'change-request.review-requested': {
      spaceId: 's1',
      organizationId: 'o1',
      changeRequestId: 'cr1',
      number: 1,
      status: 'open',
      revisionId: 'r3',
      reviewers: ['u2'],
      requestedBy: 'u1',
    },
    'change-request.review-submitted': {
      spaceId: 's1',
      organizationId: 'o1',
      changeRequestId: 'cr1',
      number: 1,
      status: 'open',
      revisionId: 'r3',
      reviewId: 'v1',
      reviewer: 'u2',
      reviewStatus: 'approved',
      outdatedReviewIds: [],
    },
    'change-request.merge-blocked': {
      spaceId: 's1',
      organizationId: 'o1',
      changeRequestId: 'cr1',
      number: 1,
      status: 'open',
      revisionId: 'r3',
      unmetRules: ['require_at_least_one_approved_review'],
      blockedFor: 'u1',
    },
    'comment.created': { spaceId: 's1', organizationId: 'o1', changeRequestId: 'cr1', commentId: 'k1', postedBy: 'u1' },
    'comment.resolved': { spaceId: 's1', organizationId: 'o1', changeRequestId: 'cr1', commentId: 'k1', resolvedBy: 'u2' },
    'space.gitsync-started': { spaceId: 's1', organizationId: 'o1', operationId: 'g1', direction: 'import', revisionId: 'r1', commitId: '' },
    'space.gitsync-completed': {
      spaceId: 's1',
      organizationId: 'o1',
      operationId: 'g1',
      direction: 'export',
      revisionId: 'r1',
      commitId: 'c0ffee',
      state: 'success',
    },
  },
  [CONTENT_JOBS_TOPIC]: {
    'git-sync.run': { organizationId: 'o1', spaceId: 's1', operationId: 'g1' },
  },
  [SITES_TOPIC]: {
    'permission.updated': { organizationId: 'o1', siteId: 'w1', resource: { kind: 'site', id: 'w1' }, principal: { kind: 'team', id: 't1' }, role: null },
    'site.created': { organizationId: 'o1', siteId: 'w1', title: 'Docs', type: 'basic', visibility: 'public', spaces: ['s1'], createdBy: 'u1' },
    'site.updated': { organizationId: 'o1', siteId: 'w1', fields: ['title'], updatedBy: 'u1' },
    'site.deleted': { organizationId: 'o1', siteId: 'w1', deletedBy: 'u1' },
    'site.published': { organizationId: 'o1', siteId: 'w1', by: 'u1' },
    'site.unpublished': { organizationId: 'o1', siteId: 'w1', by: 'u1' },
    'site.published-space-refreshed': { organizationId: 'o1', siteId: 'w1', spaceId: 's1', live: true, revision: 'r2' },
    'site.redirects_changed': {
      organizationId: 'o1',
      siteId: 'w1',
      changes: [{ status: 'created', redirectId: 'r1', source: '/old/*', draft: false }],
      by: 'u1',
    },
    'site-publishing-auth.updated': { organizationId: 'o1', siteId: 'w1', fields: ['privateKey'], keyRegenerated: true, updatedBy: 'u1' },
    'site-customization.updated': { organizationId: 'o1', siteId: 'w1', updatedBy: 'u1' },
    'share-link.created': { organizationId: 'o1', siteId: 'w1', shareLinkId: 'sl1', createdBy: 'u1' },
    'share-link.updated': { organizationId: 'o1', siteId: 'w1', shareLinkId: 'sl1', active: false, fields: ['active'], updatedBy: 'u1' },
    'share-link.deleted': { organizationId: 'o1', siteId: 'w1', shareLinkId: 'sl1', deletedBy: 'u1' },
    'site-section.created': { organizationId: 'o1', siteId: 'w1', sectionId: 'x1', title: 'Guides', path: 'guides', siteSpaces: ['ss1'], fromRoot: true },
    'site-section.updated': { organizationId: 'o1', siteId: 'w1', sectionId: 'x1', fields: ['title'] },
    'site-section.deleted': {
      organizationId: 'o1',
      siteId: 'w1',
      sectionId: 'x1',
      sectionGroup: null,
      siteSpaces: ['ss1'],
      wasDefault: true,
      promotedSection: 'x2',
    },
    'site-section.moved': { organizationId: 'o1', siteId: 'w1', sectionId: 'x1', sectionGroup: 'g1', previousSectionGroup: null },
    'site-section-group.created': { organizationId: 'o1', siteId: 'w1', sectionGroupId: 'g1', title: 'More', sections: ['x1'] },
    'site-section-group.updated': { organizationId: 'o1', siteId: 'w1', sectionGroupId: 'g1', fields: ['title'] },
    'site-section-group.deleted': { organizationId: 'o1', siteId: 'w1', sectionGroupId: 'g1', sections: ['x1'] },
    'site-section-group.moved': { organizationId: 'o1', siteId: 'w1', sectionGroupId: 'g1' },
    'site-external-link.created': {
      organizationId: 'o1',
      siteId: 'w1',
      externalLinkId: 'l1',
      title: 'Status',
      url: 'https://status.example.com/',
      sectionGroup: null,
    },
    'site-external-link.updated': { organizationId: 'o1', siteId: 'w1', externalLinkId: 'l1', fields: ['url'] },
    'site-external-link.deleted': { organizationId: 'o1', siteId: 'w1', externalLinkId: 'l1', sectionGroup: 'g1' },
    'site-external-link.moved': { organizationId: 'o1', siteId: 'w1', externalLinkId: 'l1', sectionGroup: 'g1', previousSectionGroup: null },
    'site-space.created': { organizationId: 'o1', siteId: 'w1', siteSpaceId: 'ss1', sectionId: null, spaceId: 's1', path: 'handbook' },
    'site-space.updated': { organizationId: 'o1', siteId: 'w1', siteSpaceId: 'ss1', fields: ['path'] },
    'site-space.deleted': { organizationId: 'o1', siteId: 'w1', siteSpaceId: 'ss1', sectionId: 'x1', spaceId: 's1', wasDefault: false },
    'site-space.moved': { organizationId: 'o1', siteId: 'w1', siteSpaceId: 'ss1', sectionId: 'x1' },
  },
  [SPECS_TOPIC]: {
    'openapi-spec.created': { organizationId: 'o1', specId: 'sp1', slug: 'petstore', createdBy: 'u1' },
    'openapi-spec.source-changed': { organizationId: 'o1', specId: 'sp1', kind: 'url', updatedBy: 'u1' },
    'openapi-spec.processed': { organizationId: 'o1', specId: 'sp1', errorCode: null, newVersion: 'v1' },
    'openapi-spec.version-created': { organizationId: 'o1', specId: 'sp1', versionId: 'v1' },
    'openapi-spec.updated': { organizationId: 'o1', specId: 'sp1', visibility: 'public', updatedBy: 'u1' },
    'openapi-spec.deleted': { organizationId: 'o1', specId: 'sp1', slug: 'petstore', deletedBy: 'u1' },
    'translation-settings.created': { organizationId: 'o1', translationId: 'tr1', createdBy: 'u1' },
    'translation-settings.updated': { organizationId: 'o1', translationId: 'tr1', updatedBy: 'u1' },
    'translation-settings.deleted': { organizationId: 'o1', translationId: 'tr1', deletedBy: 'u1' },
  },
  [SPECS_JOBS_TOPIC]: {
    'openapi-spec.process': { organizationId: 'o1', specId: 'sp1', sourceId: 'src1' },
  },
};

const envelope = (type: string, data: unknown, id = 'e1') => JSON.stringify({ id, type, occurredAt: '2026-11-25T10:00:00.000Z', data });

/** What a rejected message's error is, to check it is the kind the dead-letter guard parks. */
function rejection(run: () => unknown): unknown {
  try {
    run();
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

describe('event schemas', () => {
  it('has a sample for every declared event type, and every sample parses as its topic', () => {
    for (const topic of EVENT_TOPICS) {
      expect(Object.keys(SAMPLES[topic.name] ?? {}).sort()).toEqual(Object.keys(topic.types).sort());
      for (const [type, data] of Object.entries(SAMPLES[topic.name] ?? {})) {
        expect(parseEvent(topic, envelope(type, data))).toEqual({ id: 'e1', type, occurredAt: '2026-11-25T10:00:00.000Z', data });
      }
    }
  });

  it('reads optional fields as absent and drops fields the type does not declare', () => {
    const event = parseEvent(contentEvents, envelope('space.created', { spaceId: 's1', organizationId: 'o1', parent: null, newField: 1 }));
    expect(event.data).toEqual({ spaceId: 's1', organizationId: 'o1', parent: null });
  });

  it.each([
    ['not JSON', '{', 'is not JSON'],
    ['not an envelope', JSON.stringify({ type: 'space.created', data: {} }), 'not an event envelope: envelope.id'],
    ['an undeclared type', envelope('space.exploded', { spaceId: 's1' }), 'undeclared type "space.exploded"'],
    ['a missing field', envelope('space.deleted', { spaceId: 's1' }), 'data.organizationId: Required'],
    ['a field of the wrong type', envelope('space.deleted', { spaceId: 1, organizationId: 'o1' }), 'data.spaceId: Expected string, received number'],
    ['a null where null is not allowed', envelope('space.transferred', { ...SAMPLES[CONTENT_TOPIC]?.['space.transferred'], to: null }), 'data.to'],
    [
      'a nested field of the wrong type',
      envelope('space.transferred', { ...SAMPLES[CONTENT_TOPIC]?.['space.transferred'], customFieldValues: { moved: '1', dropped: 0 } }),
      'data.customFieldValues.moved',
    ],
    ['a value outside its enum', envelope('revision.created', { ...SAMPLES[CONTENT_TOPIC]?.['revision.created'], type: 'rebase' }), 'data.type'],
  ])('refuses %s with the error the dead-letter guard parks', (_what, value, message) => {
    const err = rejection(() => parseEvent(contentEvents, value));
    expect(err).toBeInstanceOf(MalformedEventError);
    expect((err as Error).message).toContain(message);
    expect(classifyFailure(err)).toBe('permanent');
  });

  it('is parked even when its message reads like an outage (a field named after one)', () => {
    const err = new MalformedEventError('event e1 (x.y) on content.events does not match its schema: data.connectionTimedOut: Required');
    expect(classifyFailure(err)).toBe('permanent');
  });
});

describe('enqueueEvent', () => {
  let db: PgliteDatabase;
  beforeAll(async () => {
    db = await PgliteDatabase.open(undefined);
    await migrate(db, [{ prefix: 'common', dir: COMMON_MIGRATIONS_DIR }], createLogger('test', 'silent'));
  });
  afterAll(async () => {
    await db.close();
  });
  const outboxCount = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox')).rows[0]?.n;

  it('writes a declared event as its envelope', async () => {
    const written = await db.transaction((tx) =>
      enqueueEvent(tx, { topic: CONTENT_TOPIC, key: 's1', type: 'space.restored', data: { spaceId: 's1', organizationId: 'o1' } }),
    );
    const { rows } = await db.query<{ topic: string; key: string; payload: string }>('SELECT topic, key, payload FROM outbox WHERE event_id = $1', [
      written.id,
    ]);
    expect(rows[0]).toMatchObject({ topic: CONTENT_TOPIC, key: 's1' });
    expect(parseEvent(contentEvents, rows[0]?.payload ?? '')).toEqual(written);
  });

  // What TypeScript lets through (a wider variable, a cast) is refused at run time, and nothing is written.
  const untyped = enqueueEvent as unknown as (tx: SqlExecutor, event: { topic: string; key: string; type: string; data: unknown }) => Promise<unknown>;
  const refused: [string, (tx: SqlExecutor) => Promise<unknown>, string][] = [
    [
      'an undeclared field',
      (tx) => {
        const data = { spaceId: 's1', organizationId: 'o1', title: 'x' };
        return enqueueEvent(tx, { topic: CONTENT_TOPIC, key: 's1', type: 'space.restored', data });
      },
      "Unrecognized key(s) in object: 'title'",
    ],
    [
      'an undeclared nested field',
      (tx) => {
        const customFieldValues = { moved: 1, dropped: 0, kept: 2 };
        return enqueueEvent(tx, {
          topic: CONTENT_TOPIC,
          key: 's1',
          type: 'space.transferred',
          data: { spaceId: 's1', from: 'o1', to: 'o2', customFieldValues },
        });
      },
      'data.customFieldValues',
    ],
    [
      'a field of the wrong type',
      (tx) => untyped(tx, { topic: CONTENT_TOPIC, key: 's1', type: 'space.restored', data: { spaceId: 1, organizationId: 'o1' } }),
      'data.spaceId: Expected string, received number',
    ],
    [
      'an undeclared type',
      (tx) => untyped(tx, { topic: CONTENT_TOPIC, key: 's1', type: 'space.exploded', data: {} }),
      'declares no event type "space.exploded"',
    ],
    ['an undeclared topic', (tx) => untyped(tx, { topic: 'gossip.events', key: 'k', type: 'x', data: {} }), 'topic gossip.events is not declared'],
  ];
  it.each(refused)('refuses %s and rolls the transaction back', async (_what, write, message) => {
    const before = await outboxCount();
    await expect(db.transaction(write)).rejects.toThrow(message);
    expect(await outboxCount()).toBe(before);
  });

  it('does not compile an undeclared type or field (checked by the type checker, never run)', () => {
    const producer = async (tx: SqlExecutor) => {
      // @ts-expect-error an undeclared field
      await enqueueEvent(tx, { topic: CONTENT_TOPIC, key: 's1', type: 'space.restored', data: { spaceId: 's1', organizationId: 'o1', title: 'x' } });
      // @ts-expect-error an undeclared type
      await enqueueEvent(tx, { topic: CONTENT_TOPIC, key: 's1', type: 'space.exploded', data: { spaceId: 's1', organizationId: 'o1' } });
      // @ts-expect-error a missing field
      await enqueueEvent(tx, { topic: IDENTITY_TOPIC, key: 'o1', type: 'member.added', data: { organizationId: 'o1', userId: 'u1' } });
      // @ts-expect-error a field of the wrong type
      await enqueueEvent(tx, { topic: SITES_TOPIC, key: 'w1', type: 'site.published', data: { organizationId: 'o1', siteId: 'w1', by: 1 } });
    };
    expect(typeof producer).toBe('function');
  });
});

describe('proto/TOPICS.md', () => {
  it('holds the tables the schemas give (npm run events:doc rewrites them)', () => {
    const path = join(__dirname, '..', '..', '..', 'proto', 'TOPICS.md');
    const doc = readFileSync(path, 'utf8');
    expect(renderTopicsDoc(doc, EVENT_TOPICS)).toBe(doc);
  });

  it('refuses a document without a block for a declared topic', () => {
    expect(() => renderTopicsDoc('# Kafka topics\n', EVENT_TOPICS)).toThrow('no <!-- events:… --> block for identity.events');
  });
});
