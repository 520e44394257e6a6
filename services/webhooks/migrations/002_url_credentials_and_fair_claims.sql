-- Credentials of a webhook URL (`https://user:password@host/…`) are stored sealed, apart from the
-- URL, like the signing secret (issue #32 §5): `url` never holds them. Rows stored before this
-- migration are moved when the service starts (sealing needs INTERNAL_SECRET, which SQL has not:
-- domain/endpoint-credentials.ts, sealStoredCredentials).
ALTER TABLE webhooks ADD COLUMN url_credentials_sealed TEXT;

-- The attempts in flight, counted per webhook and per organization at every claim (fair shares).
CREATE INDEX webhook_deliveries_in_flight ON webhook_deliveries (webhook_id, locked_until) WHERE state = 'delivering';
