import type { HttpClient } from 'isomorphic-git';
import { fromStatus, GitSyncError } from './git-sync-error';
import type { GitObjectStore } from './git-store';
import type { Stage } from './git-stage';
import { parseReportStatus, receivePackRequest, type RefUpdate } from './receive-pack';
import { isomorphicGit } from './git-library';

// Talking to the remote over smart HTTP: ref discovery and shallow fetches through isomorphic-git,
// pushes as one receive-pack request of Quire's own (so that exactly the new objects are sent).

export interface RemoteRefs {
  /** Full ref name → commit. */
  refs: Map<string, string>;
  /** What HEAD points to, when the remote says (upload-pack only). */
  headTarget: string | null;
  capabilities: Set<string>;
}

/** ls-remote: the refs the remote advertises to readers (`upload`) or to pushers (`receive`). */
export async function discoverRefs(http: HttpClient, url: string, service: 'upload' | 'receive'): Promise<RemoteRefs> {
  const info = await isomorphicGit().getRemoteInfo2({ http, url, forPush: service === 'receive', protocolVersion: 1 });
  const refs = new Map<string, string>();
  let headTarget: string | null = null;
  for (const ref of info.refs ?? []) {
    refs.set(ref.ref, ref.oid);
    if (ref.ref === 'HEAD' && ref.target) headTarget = ref.target;
  }
  return { refs, headTarget, capabilities: new Set(Object.keys(info.capabilities)) };
}

/** Fetches the commit at `ref` with its whole tree and no history (depth 1); returns the commit. */
export async function fetchShallow(store: GitObjectStore, http: HttpClient, url: string, ref: string): Promise<string> {
  const { fetchHead } = await isomorphicGit().fetch({ ...store.location, http, url, ref, singleBranch: true, depth: 1, tags: false });
  if (!fetchHead) throw new GitSyncError('ref-not-found', `${ref} does not exist on the remote`);
  return fetchHead;
}

/**
 * Sends `pack` and asks to move the ref from `update.oldOid` to `update.newOid` (the remote refuses
 * if the ref is elsewhere). Returns null when the ref moved, else the remote's reason for refusing.
 */
export async function sendPack(stage: Stage, url: string, display: string, update: RefUpdate, advertised: Set<string>, pack: Buffer): Promise<string | null> {
  const capabilities = ['report-status', 'agent=quire'].filter((c) => advertised.has(c) || c.startsWith('agent='));
  const answer = await stage.http.request({
    url: `${url}/git-receive-pack`,
    method: 'POST',
    headers: { 'content-type': 'application/x-git-receive-pack-request', accept: 'application/x-git-receive-pack-result' },
    body: once(receivePackRequest(update, capabilities, pack)),
  });
  const body = await collect(answer.body);
  if (answer.statusCode !== 200) throw fromStatus(answer.statusCode, 'push', display);
  if (!advertised.has('report-status')) return null;
  const report = parseReportStatus(body);
  if (report.unpack !== 'ok') throw new GitSyncError('push-rejected', `${display} could not store the pushed objects: ${report.unpack}`);
  const reason = report.refs.get(update.ref);
  return reason === undefined ? 'no status for the ref' : reason;
}

async function* once(bytes: Buffer): AsyncIterableIterator<Uint8Array> {
  yield bytes;
}

async function collect(body: AsyncIterable<Uint8Array> | undefined): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body ?? []) chunks.push(chunk);
  return Buffer.concat(chunks);
}
