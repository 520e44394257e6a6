-- Issue #32 §3: the tree and commit URLs a Git Sync request gave (repoTreeURL, repoCommitURL,
-- gitInfo.url) were stored with their `user:token@` and shown to readers. They are now stored
-- without it (start-git-sync.ts); this removes it from the rows written before.
UPDATE space_git_sync
SET tree_url = regexp_replace(tree_url, '^([A-Za-z][A-Za-z0-9+.-]*://)[^/?#]*@', '\1')
WHERE tree_url ~ '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*@';

UPDATE git_sync_operations
SET options = options
  || CASE WHEN options->>'treeUrl' ~ '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*@'
       THEN jsonb_build_object('treeUrl', regexp_replace(options->>'treeUrl', '^([A-Za-z][A-Za-z0-9+.-]*://)[^/?#]*@', '\1')) ELSE '{}'::jsonb END
  || CASE WHEN options->>'commitUrl' ~ '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*@'
       THEN jsonb_build_object('commitUrl', regexp_replace(options->>'commitUrl', '^([A-Za-z][A-Za-z0-9+.-]*://)[^/?#]*@', '\1')) ELSE '{}'::jsonb END
WHERE options->>'treeUrl' ~ '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*@'
   OR options->>'commitUrl' ~ '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*@';

UPDATE revisions
SET git_commit = jsonb_set(git_commit, '{url}', to_jsonb(regexp_replace(git_commit->>'url', '^([A-Za-z][A-Za-z0-9+.-]*://)[^/?#]*@', '\1')))
WHERE git_commit->>'url' ~ '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*@';
