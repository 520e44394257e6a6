-- OpenAPI specs of an organization. A spec's processing state and last error describe the latest
-- source it was given; versions are the distinct documents it has had (content-addressed by sha256).
CREATE TABLE openapi_specs (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL,
  slug TEXT NOT NULL,
  source_url TEXT,
  visibility TEXT NOT NULL DEFAULT 'private',
  processing_state TEXT NOT NULL DEFAULT 'pending',
  last_version_id TEXT,
  last_processed_at TIMESTAMPTZ,
  last_error_code TEXT,
  last_errors JSONB,
  -- The source the next job processes: a job for an older source finds it superseded and stops.
  pending_source_id TEXT,
  next_refresh_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (organization_id, slug)
);
CREATE INDEX openapi_specs_list ON openapi_specs (organization_id, created_at, id);
CREATE INDEX openapi_specs_refresh ON openapi_specs (next_refresh_at) WHERE next_refresh_at IS NOT NULL;

-- What a create or PUT handed in, kept until processed: a text (up to the body limit) or a URL.
-- Kept out of the job message, which Kafka caps at 1 MB.
CREATE TABLE openapi_spec_sources (
  id TEXT PRIMARY KEY,
  spec_id TEXT NOT NULL REFERENCES openapi_specs (id) ON DELETE CASCADE,
  url TEXT,
  text TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX openapi_spec_sources_spec ON openapi_spec_sources (spec_id, created_at);

CREATE TABLE openapi_spec_versions (
  id TEXT PRIMARY KEY,
  spec_id TEXT NOT NULL REFERENCES openapi_specs (id) ON DELETE CASCADE,
  sha256 TEXT NOT NULL,
  source_url TEXT,
  file_name TEXT NOT NULL,
  media_type TEXT NOT NULL,
  document TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX openapi_spec_versions_list ON openapi_spec_versions (spec_id, created_at DESC, id DESC);

-- Translation settings: the spec's TranslationSettings plus the reference Translation fields
-- (source space and language, target language, instructions) when a body carries them.
CREATE TABLE translation_settings (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL,
  title TEXT NOT NULL,
  languages JSONB NOT NULL DEFAULT '[]',
  source_space_id TEXT,
  source_language TEXT,
  language TEXT,
  instructions JSONB,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX translation_settings_list ON translation_settings (organization_id, created_at, id);
