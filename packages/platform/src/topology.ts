// The services behind the gateway and their default ports. deploy/ (compose, k8s) is checked
// against this file by test/unit/deploy-manifests.test.ts.
export const SERVICE_NAMES = ['identity', 'content', 'sites', 'specs', 'insights', 'webhooks', 'reader'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export const DEFAULT_PORTS: Record<ServiceName, { http: number; grpc: number }> = {
  identity: { http: 8081, grpc: 9081 },
  content: { http: 8082, grpc: 9082 },
  sites: { http: 8083, grpc: 9083 },
  specs: { http: 8084, grpc: 9084 },
  insights: { http: 8085, grpc: 9085 },
  // After insights-consumer's 8086 (WORKER_PROCESSES), which was there first.
  webhooks: { http: 8087, grpc: 9087 },
  // Serves published sites to visitors; its gRPC port carries only the health check.
  reader: { http: 8088, grpc: 9088 },
};

export const GATEWAY_DEFAULT_PORT = 8080;

/**
 * Processes that run one part of a service on their own, scaled apart from its API copies: the
 * service whose entry point they run, the role setting that selects the part, and the default HTTP
 * port of their probes and metrics (they serve no gRPC).
 */
export const WORKER_PROCESSES = {
  'insights-consumer': { service: 'insights', role: { INSIGHTS_ROLE: 'consumer' }, http: 8086 },
} as const satisfies Record<string, { service: ServiceName; role: Record<string, string>; http: number }>;
export type WorkerName = keyof typeof WORKER_PROCESSES;
export const WORKER_NAMES = Object.keys(WORKER_PROCESSES) as WorkerName[];

/** Env var holding a service's gRPC address (host:port), e.g. IDENTITY_GRPC_ADDR. */
export const grpcAddressVar = (s: ServiceName) => `${s.toUpperCase()}_GRPC_ADDR`;
/** Env var holding a service's HTTP base URL for the gateway, e.g. IDENTITY_HTTP_URL. */
export const httpUrlVar = (s: ServiceName) => `${s.toUpperCase()}_HTTP_URL`;
