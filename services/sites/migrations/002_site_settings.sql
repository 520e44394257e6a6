-- Site settings of the reference Site that 001 lacks, and the uniqueness published URLs rely on.
-- agentsContext (reference SiteAgentsContext): whether AI agents may read the site.
ALTER TABLE sites ADD COLUMN agents_context TEXT NOT NULL DEFAULT 'included';
-- A basename is the site's segment of the organization's published address, a hostname a whole
-- address: two sites cannot share one.
CREATE UNIQUE INDEX sites_basename_in_organization ON sites (organization_id, basename) WHERE basename IS NOT NULL;
CREATE UNIQUE INDEX sites_hostname ON sites (hostname) WHERE hostname IS NOT NULL;
