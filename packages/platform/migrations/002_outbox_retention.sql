-- The sweeper (outbox/sweeper.ts) prunes by these times.
CREATE INDEX outbox_published_at ON outbox (published_at) WHERE published_at IS NOT NULL;
CREATE INDEX processed_events_processed_at ON processed_events (processed_at);
