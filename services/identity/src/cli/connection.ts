import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Metadata } from '@grpc/grpc-js';
import { DEFAULT_PORTS, createGrpcClient, signAdminCall, type AsyncClient } from '@quire/common';
import { identity } from '@quire/proto';
import { ADMIN_METADATA_KEY } from '../grpc/admin.grpc';

export interface AdminConnection {
  address: string;
  secret: string;
}

/** Where identity's gRPC is and the shared secret: env first, else what embedded mode wrote to DATA_DIR. */
export function resolveConnection(env: NodeJS.ProcessEnv = process.env): AdminConnection {
  const runtimeFile = join(resolve(env.DATA_DIR ?? './data'), 'runtime.json');
  const runtime = existsSync(runtimeFile) ? (JSON.parse(readFileSync(runtimeFile, 'utf8')) as { identityGrpcAddress?: string; internalSecret?: string }) : {};
  const address = env.IDENTITY_GRPC_ADDR ?? runtime.identityGrpcAddress ?? `127.0.0.1:${DEFAULT_PORTS.identity.grpc}`;
  const secret = env.INTERNAL_SECRET ?? runtime.internalSecret;
  if (!secret) throw new Error(`no INTERNAL_SECRET set and no running embedded instance found at ${runtimeFile}`);
  return { address, secret };
}

export function adminClient(conn: AdminConnection): AsyncClient<identity.IdentityAdminClient> & { close(): void } {
  return createGrpcClient(identity.IdentityAdminClient, conn.address, 'identity', { deadlineMs: 5000 });
}

export function adminMetadata(method: string, secret: string): Metadata {
  const metadata = new Metadata();
  metadata.set(ADMIN_METADATA_KEY, signAdminCall(method, secret));
  return metadata;
}
