import { signAdminCall } from '@quire/access';
import { DEAD_LETTERS_LIST, DEAD_LETTERS_PATH, DEAD_LETTERS_REPLAY, type DeadLetter, type ReplayOutcome } from '@quire/platform/dead-letters';
import { ADMIN_HEADER } from '@quire/platform/http';
import { SERVICE_NAMES, type ServiceName } from '@quire/platform/topology';
import { UsageError } from './args';
import { resolveServiceConnection } from './connection';

// `dead-letters list|replay`: talks to each service's own /internal/dead-letters routes
// (common/src/dead-letters/admin.routes.ts), signed like the admin gRPC calls.

const REQUEST_TIMEOUT_MS = 20_000;

export function serviceNamed(value: string): ServiceName {
  const service = SERVICE_NAMES.find((s) => s === value);
  if (!service) throw new UsageError(`--service must be one of ${SERVICE_NAMES.join(', ')}`);
  return service;
}

/** A signed admin call to a service's /internal routes; `headers(secret)` adds what a route needs besides the signature. */
export async function callService<T>(service: ServiceName, method: string, path: string, body?: unknown): Promise<T> {
  const conn = resolveServiceConnection(service);
  let res: Response;
  try {
    res = await fetch(`${conn.address}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        [ADMIN_HEADER]: signAdminCall(method, conn.secret),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (err) {
    throw new Error(`the ${service} service at ${conn.address} did not answer: ${(err as Error).message}`);
  }
  const answer = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
  if (!res.ok) throw new Error(`${service}: ${answer?.error?.message ?? `HTTP ${res.status}`}`);
  return answer as T;
}

/** One JSON object per line (the service added), so `jq` can read it; nothing when there are none. */
export async function listDeadLetters(flags: Record<string, string>): Promise<string> {
  const services = flags.service ? [serviceNamed(flags.service)] : [...SERVICE_NAMES];
  const query = new URLSearchParams({ ...(flags.consumer ? { consumer: flags.consumer } : {}), ...(flags.status ? { status: flags.status } : {}) });
  const lines: string[] = [];
  for (const service of services) {
    const { items } = await callService<{ items: DeadLetter[] }>(service, DEAD_LETTERS_LIST, `${DEAD_LETTERS_PATH}?${query.toString()}`);
    for (const letter of items) lines.push(JSON.stringify({ service, ...letter }));
  }
  return lines.join('\n');
}

/** One line per letter: its id, then `replayed`, or `parked` and the error of the new attempt. */
export async function replayDeadLetters(flags: Record<string, string>): Promise<{ output: string; ok: boolean }> {
  if (!flags.id === !flags.all) throw new UsageError('give exactly one of --id or --all');
  if (flags.id && flags.consumer) throw new UsageError('--consumer goes with --all');
  const service = serviceNamed(flags.service as string);
  const body = flags.id ? { id: flags.id } : { all: true, ...(flags.consumer ? { consumer: flags.consumer } : {}) };
  const { items } = await callService<{ items: ReplayOutcome[] }>(service, DEAD_LETTERS_REPLAY, `${DEAD_LETTERS_PATH}/replay`, body);
  return {
    output: items.map((o) => [o.id, o.status, ...(o.error ? [o.error] : [])].join('\t')).join('\n'),
    ok: items.every((o) => o.status === 'replayed'),
  };
}
