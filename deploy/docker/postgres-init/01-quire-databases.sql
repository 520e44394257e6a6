-- Run once by the postgres image's entrypoint, on first start with an empty data volume
-- (docker-compose.yml mounts this folder at /docker-entrypoint-initdb.d). One database per
-- service (docs/architecture.md: no service reads another's tables); each service applies its own
-- migrations at start. To re-run after changing this file: docker compose down -v.
CREATE DATABASE quire_identity;
CREATE DATABASE quire_content;
CREATE DATABASE quire_sites;
CREATE DATABASE quire_specs;
CREATE DATABASE quire_insights;
CREATE DATABASE quire_webhooks;
CREATE DATABASE quire_reader;
