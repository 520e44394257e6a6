import * as grpc from '@grpc/grpc-js';
import { apiErrorOfStatus } from './error-status';
import { grpcTarget } from './target';

type Callback<Res> = (error: grpc.ServiceError | null, response: Res) => void;

/** A generated `XxxClient` turned into promise-returning methods. */
export type AsyncClient<C> = {
  [K in keyof C as C[K] extends (...args: never[]) => grpc.ClientUnaryCall ? K : never]: C[K] extends (
    request: infer Req,
    metadata: grpc.Metadata,
    options: Partial<grpc.CallOptions>,
    callback: Callback<infer Res>,
  ) => grpc.ClientUnaryCall
    ? (request: Req, metadata?: grpc.Metadata) => Promise<Res>
    : never;
};

type ClientConstructor<C> = (new (address: string, credentials: grpc.ChannelCredentials, options?: Partial<grpc.ClientOptions>) => C) & {
  service: grpc.ServiceDefinition;
};

export interface GrpcClientOptions {
  deadlineMs: number;
  /** Methods that are idempotent reads: retried once when the server is unreachable. */
  retryable?: string[];
}

const RETRY_WAIT_MS = 400;

/** Builds a client whose every call has a deadline; unreachable or late servers become 503s. */
export function createGrpcClient<C extends grpc.Client>(
  Ctor: ClientConstructor<C>,
  address: string,
  serviceName: string,
  options: GrpcClientOptions,
): AsyncClient<C> & { close(): void } {
  const client = new Ctor(grpcTarget(address), grpc.credentials.createInsecure(), {
    // Reconnect quickly once a restarted service is back.
    'grpc.initial_reconnect_backoff_ms': 200,
    'grpc.max_reconnect_backoff_ms': 1000,
    'grpc.keepalive_time_ms': 30000,
    // Spread calls over every address the name resolves to (e.g. a headless Service's pods).
    'grpc.service_config': JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }),
  });
  const retryable = new Set(options.retryable ?? []);
  const wrapped: Record<string, unknown> = { close: () => client.close() };
  for (const method of Object.keys(Ctor.service)) {
    const call = (request: unknown, metadata: grpc.Metadata, callOptions: Partial<grpc.CallOptions>) =>
      new Promise<unknown>((resolve, reject) => {
        const fn = (client as unknown as Record<string, (...a: unknown[]) => grpc.ClientUnaryCall>)[method] as (...a: unknown[]) => grpc.ClientUnaryCall;
        fn.call(client, request, metadata, callOptions, (err: grpc.ServiceError | null, res: unknown) => (err ? reject(err) : resolve(res)));
      });
    wrapped[method] = async (request: unknown, metadata = new grpc.Metadata()) => {
      try {
        return await call(request, metadata, { deadline: Date.now() + options.deadlineMs });
      } catch (err) {
        const e = err as grpc.ServiceError;
        if (retryable.has(method) && e.code === grpc.status.UNAVAILABLE) {
          // The channel may be between reconnect attempts to a server that is back: wait for it
          // briefly, which keeps a real outage a fast 503.
          try {
            const waiting = metadata.clone();
            waiting.setOptions({ waitForReady: true });
            return await call(request, waiting, { deadline: Date.now() + RETRY_WAIT_MS });
          } catch (retryErr) {
            throw apiErrorOfStatus(retryErr as grpc.ServiceError, serviceName);
          }
        }
        throw apiErrorOfStatus(e, serviceName);
      }
    };
  }
  return wrapped as AsyncClient<C> & { close(): void };
}
