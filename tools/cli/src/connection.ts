import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Metadata } from '@grpc/grpc-js';
import { signAdminCall } from '@quire/access';
import { createGrpcClient, type AsyncClient } from '@quire/platform/grpc';
import { ADMIN_HEADER } from '@quire/platform/http';
import { DEFAULT_PORTS, httpUrlVar, type ServiceName } from '@quire/platform/topology';
import { identity } from '@quire/proto';

export interface AdminConnection {
  address: string;
  secret: string;
}

/** What a running embedded instance wrote to DATA_DIR/runtime.json (apps/embedded/src/launcher.ts). */
interface EmbeddedRuntime {
  identityGrpcAddress?: string;
  serviceUrls?: Partial<Record<ServiceName, string>>;
  internalSecret?: string;
}

function readRuntime(env: NodeJS.ProcessEnv): { file: string; runtime: EmbeddedRuntime } {
  const file = join(resolve(env.DATA_DIR ?? './data'), 'runtime.json');
  return { file, runtime: existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as EmbeddedRuntime) : {} };
}

function secretOf(env: NodeJS.ProcessEnv, runtime: EmbeddedRuntime, file: string): string {
  const secret = env.INTERNAL_SECRET ?? runtime.internalSecret;
  if (!secret) throw new Error(`no INTERNAL_SECRET set and no running embedded instance found at ${file}`);
  return secret;
}

/** Where identity's gRPC is and the shared secret: env first, else what embedded mode wrote to DATA_DIR. */
export function resolveConnection(env: NodeJS.ProcessEnv = process.env): AdminConnection {
  const { file, runtime } = readRuntime(env);
  const address = env.IDENTITY_GRPC_ADDR ?? runtime.identityGrpcAddress ?? `127.0.0.1:${DEFAULT_PORTS.identity.grpc}`;
  return { address, secret: secretOf(env, runtime, file) };
}

/**
 * A service's own HTTP base URL (its /internal admin routes) and the shared secret: the same
 * <SERVICE>_HTTP_URL the gateway reads in distributed mode, else DATA_DIR/runtime.json.
 */
export function resolveServiceConnection(service: ServiceName, env: NodeJS.ProcessEnv = process.env): AdminConnection {
  const { file, runtime } = readRuntime(env);
  // A list of copies (the gateway's form): any copy answers, they share the database.
  const address = (env[httpUrlVar(service)] ?? runtime.serviceUrls?.[service] ?? `http://127.0.0.1:${DEFAULT_PORTS[service].http}`).split(',')[0]!.trim();
  return { address: address.replace(/\/+$/, ''), secret: secretOf(env, runtime, file) };
}

export function adminClient(conn: AdminConnection): AsyncClient<identity.IdentityAdminClient> & { close(): void } {
  return createGrpcClient(identity.IdentityAdminClient, conn.address, 'identity', { deadlineMs: 5000 });
}

export function adminMetadata(method: string, secret: string): Metadata {
  const metadata = new Metadata();
  metadata.set(ADMIN_HEADER, signAdminCall(method, secret));
  return metadata;
}
