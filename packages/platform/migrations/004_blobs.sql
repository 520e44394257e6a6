-- File bytes when the service keeps its blobs in PostgreSQL (distributed mode; embedded mode
-- keeps them under DATA_DIR). Content-addressed: `key` is the SHA-256 of `bytes`.
CREATE TABLE blobs (
  key TEXT PRIMARY KEY,
  size BIGINT NOT NULL,
  bytes BYTEA NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
