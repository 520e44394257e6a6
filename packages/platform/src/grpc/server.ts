import * as grpc from '@grpc/grpc-js';
import { ApiError, toApiError } from '@quire/errors';
import type { Logger } from '../logger';
import { pathOfNul } from '@quire/input';
import { statusOfApiError } from './error-status';

/** A generated `XxxServer` interface turned into plain async functions. */
export type AsyncService<S> = {
  [K in keyof S as string extends K ? never : K]: S[K] extends grpc.handleUnaryCall<infer Req, infer Res>
    ? (request: Req, metadata: grpc.Metadata) => Promise<Res>
    : never;
};

export interface ServiceBinding {
  definition: grpc.ServiceDefinition;
  implementation: Record<string, (request: never, metadata: grpc.Metadata) => Promise<unknown>>;
}

export function bind<S>(definition: grpc.ServiceDefinition, implementation: AsyncService<S>): ServiceBinding {
  return { definition, implementation: implementation as unknown as ServiceBinding['implementation'] };
}

/** Starts a gRPC server; thrown ApiErrors become status errors in one place. */
export async function startGrpcServer(address: string, bindings: ServiceBinding[], logger: Logger): Promise<{ server: grpc.Server; port: number }> {
  // Connections are recycled every few minutes, so clients resolve the service's name again and
  // spread over copies added since (grpc-js re-resolves only when a connection closes).
  const server = new grpc.Server({ 'grpc.max_connection_age_ms': 5 * 60_000, 'grpc.max_connection_age_grace_ms': 30_000 });
  for (const { definition, implementation } of bindings) {
    const handlers: grpc.UntypedServiceImplementation = {};
    for (const name of Object.keys(definition)) {
      const fn = implementation[name];
      if (!fn) throw new Error(`gRPC method ${name} has no implementation`);
      const handler: grpc.handleUnaryCall<unknown, unknown> = (call, callback) => {
        // gRPC requests are an input path too: what no store can hold is refused here, once.
        const nulAt = pathOfNul(call.request);
        if (nulAt) {
          callback({ code: grpc.status.INVALID_ARGUMENT, details: `Invalid field "${nulAt.join('.')}": must not contain the NUL character (\\u0000)` });
          return;
        }
        fn(call.request as never, call.metadata).then(
          (response) => callback(null, response),
          (err: unknown) => {
            const apiError = toApiError(err);
            if (apiError.code >= 500 && !(err instanceof ApiError)) logger.error({ err, method: name }, 'gRPC handler failed');
            callback(statusOfApiError(apiError));
          },
        );
      };
      handlers[name] = handler;
    }
    server.addService(definition, handlers);
  }
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(address, grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  return { server, port };
}

/** Stops accepting calls, lets calls in flight finish for up to `timeoutMs`, then cuts the rest. */
export function stopGrpcServer(server: grpc.Server, timeoutMs = 2000): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      server.forceShutdown();
      resolve();
    }, timeoutMs);
    server.tryShutdown(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
