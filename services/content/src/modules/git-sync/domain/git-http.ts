import type { OutboundFetcher } from '@quire/platform/outbound';
import type { GitHttpRequest, GitHttpResponse, HttpClient } from 'isomorphic-git';
import { packOfUploadPackAnswer, scanPack, type PackBounds } from './git-pack-scan';

// isomorphic-git's HTTP plug-in (its `http` option) on Quire's outbound module, so every
// connection a Git operation makes passes the same address checks as any other outbound request.
// A fetched pack is read against the limits here, before isomorphic-git inflates and indexes it.

export interface GitHttpBudget {
  /** Epoch milliseconds by which each request must be answered (the stage's deadline). */
  deadline: number;
  /** Largest body a response may have (a packfile). */
  maxResponseBytes: number;
  /** A request with no byte from the remote for this long fails (connecting included). */
  idleTimeoutMs: number;
  /** What the objects of a fetched pack may add up to once inflated. */
  pack: PackBounds;
}

export function gitHttpClient(fetcher: Pick<OutboundFetcher, 'request'>, budget: GitHttpBudget): HttpClient {
  return {
    async request({ url, method, headers, body }: GitHttpRequest): Promise<GitHttpResponse> {
      const reply = await fetcher.request(url, {
        method: method ?? 'GET',
        headers,
        body: body ? await collect(body) : undefined,
        timeoutMs: Math.max(1, budget.deadline - Date.now()),
        maxBytes: budget.maxResponseBytes,
        idleTimeoutMs: budget.idleTimeoutMs,
      });
      if (isUploadPack(url, method) && reply.status === 200) await scanPack(packOfUploadPackAnswer(reply.body), budget.pack);
      return { url: reply.url, method, statusCode: reply.status, statusMessage: reply.statusText, headers: reply.headers, body: once(reply.body) };
    },
  };
}

function isUploadPack(url: string, method: string | undefined): boolean {
  return method?.toUpperCase() === 'POST' && new URL(url).pathname.endsWith('/git-upload-pack');
}

/** isomorphic-git's request bodies are small (wants and haves); a Buffer gets a content-length. */
async function collect(body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function* once(bytes: Buffer): AsyncIterableIterator<Uint8Array> {
  yield bytes;
}
