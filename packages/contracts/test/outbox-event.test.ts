import {
  CONTENT_JOBS_TOPIC,
  CONTENT_TOPIC,
  IDENTITY_TOPIC,
  outboxEvent,
  RUN_GIT_SYNC_JOB,
  SiteEvent,
  SITES_TOPIC,
  SPECS_TOPIC,
  type DeclaredEvent,
} from '../src';

// outboxEvent is the one helper every service builds its outbox events with: it only shapes the
// object; what it is for is the typing, checked per topic by the type checker.

describe('outboxEvent', () => {
  it('builds the event the outbox writes: topic, key, type and data as given', () => {
    const data = { organizationId: 'o1', siteId: 'w1', by: 'u1' };
    const event = outboxEvent(SITES_TOPIC, 'w1', SiteEvent.sitePublished, data);
    expect(event).toEqual({ topic: 'sites.events', key: 'w1', type: 'site.published', data });
    expect(event.data).toBe(data);
  });

  it('takes the key apart from the data, so a topic keys by what it needs', () => {
    const job = outboxEvent(CONTENT_JOBS_TOPIC, 's1', RUN_GIT_SYNC_JOB, { organizationId: 'o1', spaceId: 's1', operationId: 'op1' });
    expect(job).toMatchObject({ topic: 'content.jobs', key: 's1', type: RUN_GIT_SYNC_JOB });
    const teamEvent = outboxEvent(IDENTITY_TOPIC, 'o1', 'team.updated', { organizationId: 'o1', teamId: 't1', title: 'Docs' });
    expect(teamEvent.key).toBe('o1');
  });

  it("types the result as the topic's declared event, so enqueueEvent accepts it as is", () => {
    const event: DeclaredEvent<typeof SPECS_TOPIC, 'openapi-spec.deleted'> = outboxEvent(SPECS_TOPIC, 'sp1', 'openapi-spec.deleted', {
      organizationId: 'o1',
      specId: 'sp1',
      slug: 'petstore',
      deletedBy: 'u1',
    });
    expect(event.type).toBe('openapi-spec.deleted');
  });

  it('does not compile an undeclared topic, type or field, nor data of another type (checked by the type checker, never run)', () => {
    const producers = () => [
      // @ts-expect-error an undeclared topic
      outboxEvent('gossip.events', 'k', 'x', {}),
      // @ts-expect-error a type of another topic (site.created is on sites.events)
      outboxEvent(CONTENT_TOPIC, 's1', 'site.created', { organizationId: 'o1', siteId: 'w1' }),
      // @ts-expect-error an undeclared field
      outboxEvent(CONTENT_TOPIC, 's1', 'space.restored', { spaceId: 's1', organizationId: 'o1', title: 'x' }),
      // @ts-expect-error a missing field
      outboxEvent(IDENTITY_TOPIC, 'o1', 'member.added', { organizationId: 'o1', userId: 'u1' }),
      // @ts-expect-error a field of the wrong type
      outboxEvent(SITES_TOPIC, 'w1', 'site.published', { organizationId: 'o1', siteId: 'w1', by: 1 }),
      // @ts-expect-error the data of another type of the same topic
      outboxEvent(SITES_TOPIC, 'w1', 'site.deleted', { organizationId: 'o1', siteId: 'w1', by: 'u1' }),
    ];
    expect(typeof producers).toBe('function');
  });
});
