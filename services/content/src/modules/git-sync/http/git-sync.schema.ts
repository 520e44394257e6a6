import { httpUrl, resourceId, text, z } from '@quire/input';

// Reference (@gitbook/api 0.143.2): ImportGitRepository, ExportToGitRepository, UpdateSpaceGitInfo.
// Only http(s) remotes (file://, ssh://, git:// and local paths answer 400 naming `url`);
// `repoCacheID` is accepted and has no use (every operation fetches what it needs).

/** `refs/heads/main`, `refs/tags/v1` or a branch name; no `..`, spaces or control characters (git's own rules, in short). */
const gitRef = z
  .string()
  .min(1)
  .max(255)
  .regex(/^(?!.*\.\.)(?!.*\/\/)(?!\/)[^\s~^:?*[\\\u0000-\u001f\u007f]+(?<![/.])$/, 'must be a Git ref such as "refs/heads/main"');

const projectDirectory = z
  .string()
  .max(1024)
  .regex(/^(?!\/)(?!.*(^|\/)\.\.(\/|$))[^\u0000-\u001f\u007f\\]*$/, 'must be a relative folder of the repository, without ".."');

const gitInfo = z.object({ provider: z.enum(['github', 'gitlab']).optional(), url: httpUrl.optional() }).strict();

const common = {
  url: httpUrl,
  ref: gitRef,
  repoCacheID: z.string().max(256).optional(),
  repoTreeURL: httpUrl.optional(),
  repoCommitURL: httpUrl.optional(),
  repoProjectDirectory: projectDirectory.optional(),
  timestamp: z.string().datetime({ offset: true }).optional(),
  force: z.boolean().optional(),
  gitInfo: gitInfo.optional(),
};

export const importGitBody = z.object({ ...common, standalone: z.boolean().optional() }).strict();
export const exportGitBody = z.object({ ...common, commitMessage: text({ min: 1, max: 10_000 }) }).strict();

export const gitSpaceParams = z.object({ spaceId: resourceId });
export const gitOperationParams = gitSpaceParams.extend({ operationId: resourceId });
