-- Resolving a published URL (issue #35 §1, GET|POST /v1/urls/published) finds a site by its proxy
-- origin ("company.com/docs"), compared without case; basenames and hostnames have their unique
-- indexes since 002.
CREATE INDEX sites_proxy_origin ON sites (lower(proxy_url)) WHERE proxy_url IS NOT NULL;
