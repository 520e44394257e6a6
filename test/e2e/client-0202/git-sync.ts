import { eventually } from '../../support/eventually';
import { git, startGitServer } from '../../support/git-server';
import type { TodayContext } from './context';

/** Git Sync through today's client: export a space, import the commit into another, read the state. */
export async function gitSyncThroughToday(context: TodayContext, spaceId: string, otherSpaceId: string): Promise<void> {
  const { stack, api, admin } = context;
  const server = await startGitServer();
  try {
    server.createRepository('today');
    const url = server.url('today');
    const settled = async (id: string) => {
      let state = 'running';
      await eventually(async () => {
        const res = await fetch(`${stack.url}/v1/spaces/${id}/git/operations/latest`, { headers: { authorization: `Bearer ${admin.token}` } });
        state = ((await res.json()) as { state: string }).state;
        return state !== 'running';
      }, 30_000);
      return state;
    };
    expect((await api.spaces.exportToGitRepository(spaceId, { url, ref: 'refs/heads/main', commitMessage: 'From today' })).status).toBe(204);
    expect(await settled(spaceId)).toBe('success');
    expect(git(server.path('today'), 'log', '-1', '--format=%s', 'refs/heads/main')).toBe('From today');
    expect((await api.spaces.importGitRepository(otherSpaceId, { url, ref: 'refs/heads/main' })).status).toBe(204);
    expect(await settled(otherSpaceId)).toBe('success');
    expect((await api.spaces.getSpaceGitInfo(otherSpaceId)).data).toMatchObject({ repoName: 'today' });
  } finally {
    await server.close();
  }
}
