-- How many errors the last processing found, before `last_errors` was cut to its first 20 (today's
-- client, @gitbook/api 0.202.0: OpenAPISpec.lastProcessedErrorCount). NULL for specs processed
-- before this column: their count is taken from `last_errors`.
ALTER TABLE openapi_specs ADD COLUMN last_error_count INT;
