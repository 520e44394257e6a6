-- Custom fields (reference @gitbook/api@0.91.0: CustomField, CustomFieldValue). A definition belongs
-- to one organization and is addressed by its name there; `seq` gives lists their creation order
-- even when two fields share a timestamp. `options` is set only for the select types.
CREATE TABLE custom_fields (
  id TEXT PRIMARY KEY,
  seq BIGSERIAL NOT NULL,
  organization_id TEXT NOT NULL,
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  title TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL DEFAULT '',
  placeholder TEXT NOT NULL DEFAULT '',
  options TEXT[],
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (organization_id, name)
);
CREATE INDEX custom_fields_order ON custom_fields (organization_id, seq);

-- A space's value for one field, as JSON (string, number, boolean or array of strings). Removing
-- the space or the definition removes the value; an unset value has no row (never an empty one).
CREATE TABLE space_custom_field_values (
  space_id TEXT NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
  field_id TEXT NOT NULL REFERENCES custom_fields (id) ON DELETE CASCADE,
  value JSONB NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (space_id, field_id)
);
CREATE INDEX space_custom_field_values_field ON space_custom_field_values (field_id);
