import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GitBookAPI, type OrganizationInviteLink } from 'gitbook-api-0202';
import { matchOperation, operationIds, validateOperationResponse, type ReferenceVersion } from './reference';
import { REPO_ROOT, type StackState } from './stack';

// Today's official client (@gitbook/api 0.202.0) as a user who installs it gets it.
// Every request it makes goes through the client's own `serviceBinding` hook, which names the
// operation from the request (0.202.0's paths, not the method called) and validates the answer
// against 0.202.0's schemas and the 0.143.2 contract, so a test only calls methods and reads what
// came back.

export const TODAY: ReferenceVersion = '0.202.0';
const CONTRACT: ReferenceVersion = '0.143.2';

/**
 * One request today's client made: the operation its path names, the status, what 0.202.0 finds
 * wrong with the answer, and what the 0.143.2 contract finds wrong with it (when it has the operation).
 */
export interface TodayCall {
  operationId: string;
  status: number;
  problems: string[];
  contractProblems: string[];
}

/** The requests of every client made by `client()`, in order. */
export class TodayLedger {
  readonly calls: TodayCall[] = [];

  constructor(private readonly stack: StackState) {}

  /** Today's client as the holder of `token` uses it. */
  client(token: string): GitBookAPI {
    return new GitBookAPI({ authToken: token, endpoint: this.stack.url, serviceBinding: { fetch: (input, init) => this.send(input, init) } });
  }

  /** Every problem 0.202.0's schemas find in the answers so far, each prefixed by its operation's schema path. */
  problems(): string[] {
    return this.calls.flatMap((c) => c.problems);
  }

  /** What the 0.143.2 contract finds wrong with the answers so far: what 0.202.0 asks beyond it must not break it. */
  contractProblems(): string[] {
    return this.calls.flatMap((c) => c.contractProblems);
  }

  /** The operations called so far (0.202.0's operationIds). */
  operationIds(): Set<string> {
    return new Set(this.calls.map((c) => c.operationId));
  }

  private async send(input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> {
    const response = await fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const operationId = matchOperation(method, url.pathname, { reference: TODAY })?.operationId ?? `${method} ${url.pathname}`;
    const text = await response.clone().text();
    const isJson = /json/.test(response.headers.get('content-type') ?? '');
    const body: unknown = text.length === 0 ? undefined : isJson ? JSON.parse(text) : text;
    const problems = response.ok
      ? validateOperationResponse(operationId, response.status, body, { reference: TODAY })
      : [`${operationId}: answered ${response.status} ${text.slice(0, 200)}`];
    const contractProblems =
      response.ok && contractOperations().has(operationId) ? validateOperationResponse(operationId, response.status, body, { reference: CONTRACT }) : [];
    this.calls.push({ operationId, status: response.status, problems, contractProblems });
    return response;
  }
}

let contractIds: Set<string> | undefined;
const contractOperations = (): Set<string> => (contractIds ??= new Set(operationIds({ reference: CONTRACT })));

/**
 * The operations of Quire's own document that GitBook's API has (the seed's: not marked
 * `x-quire-extension`) and that today's client still has, by operationId.
 */
export function seedOperationsTodaysClientHas(): string[] {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the OpenAPI document is untyped JSON here
  const quire: any = JSON.parse(readFileSync(join(REPO_ROOT, 'docs/openapi.json'), 'utf8'));
  const today = new Set(operationIds({ reference: TODAY }));
  const seed = Object.values<Record<string, { operationId: string; 'x-quire-extension'?: boolean }>>(quire.paths).flatMap((item) =>
    ['get', 'post', 'put', 'patch', 'delete'].map((m) => item[m]).filter((o) => o && !o['x-quire-extension']),
  );
  return seed.map((o) => o.operationId).filter((id) => today.has(id));
}

/** The app URL Quire gives an invite link, its `urls.app` (which 0.202.0's types do not declare). */
export function inviteAppUrl(invite: OrganizationInviteLink): string {
  const urls: unknown = 'urls' in invite ? invite.urls : undefined;
  if (typeof urls !== 'object' || urls === null || !('app' in urls)) throw new Error(`invite ${invite.id} has no urls.app`);
  return String(urls.app);
}
