import type * as Git from 'isomorphic-git';

// isomorphic-git costs ~50 ms to load and a process may never run a Git Sync: it is required by
// the first sync, not at start (`npm run bench -- embedded`).
let library: typeof Git | undefined;

export function isomorphicGit(): typeof Git {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily on purpose (see above)
  return (library ??= require('isomorphic-git') as typeof Git);
}
