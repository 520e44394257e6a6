import { z } from 'zod';
import { isGrpcAddress } from './grpc/target';
import type { ShutdownSettings } from './http/graceful-close';
import { DEFAULT_OUTBOX_RETENTION, type OutboxRetention } from './outbox/sweeper';
import { DEFAULT_PORTS, GATEWAY_DEFAULT_PORT, SERVICE_NAMES, grpcAddressVar, type ServiceName } from './topology';
import { defaultPublicUrl } from '@quire/urls';

/** Parses environment variables with a zod schema; the error lists every bad variable by name. */
export function readEnv<S extends z.ZodTypeAny>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  throw new Error(`Invalid configuration: ${problems}`);
}

const port = z.coerce.number().int().min(0).max(65535);
const hostPort = z.string().refine(isGrpcAddress, 'must be host:port, dns:///name:port, or a comma-separated list of ip:port (one per copy)');
const url = z.string().url();

export const sharedEnvSchema = z.object({
  PUBLIC_URL: url.default(defaultPublicUrl(GATEWAY_DEFAULT_PORT)),
  INTERNAL_SECRET: z.string().min(16, 'must be at least 16 characters'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BIND_HOST: z.string().default('127.0.0.1'),
  GRPC_DEADLINE_MS: z.coerce.number().int().positive().default(2000),
  OUTBOUND_ALLOW_HOSTS: z.string().default(''),
  OUTBOX_RETENTION_HOURS: z.coerce.number().positive().default(DEFAULT_OUTBOX_RETENTION.publishedHours),
  PROCESSED_EVENTS_RETENTION_HOURS: z.coerce.number().positive().default(DEFAULT_OUTBOX_RETENTION.processedHours),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(2000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(25000),
});

export interface ServiceConfig {
  name: ServiceName;
  httpPort: number;
  grpcPort: number;
  bindHost: string;
  publicUrl: string;
  internalSecret: string;
  logLevel: string;
  grpcDeadlineMs: number;
  /** gRPC address of every service, its own included. */
  grpcAddresses: Record<ServiceName, string>;
  outboundAllowHosts: string[];
  /** Graceful stop on SIGTERM (distributed mode). */
  shutdown?: ShutdownSettings;
  /** How long published outbox rows and processed-event ids are kept (default: DEFAULT_OUTBOX_RETENTION). */
  outboxRetention?: OutboxRetention;
}

/** The ports a process listens on when HTTP_PORT and GRPC_PORT are not set. */
export interface DefaultPorts {
  http: number;
  grpc: number;
}

/** Distributed-mode configuration of one service, from its environment. */
export function serviceEnvSchema(name: ServiceName, ports: DefaultPorts = DEFAULT_PORTS[name]) {
  const addressVars = Object.fromEntries(SERVICE_NAMES.map((s) => [grpcAddressVar(s), hostPort.default(`127.0.0.1:${DEFAULT_PORTS[s].grpc}`)])) as Record<
    string,
    z.ZodDefault<typeof hostPort>
  >;
  return sharedEnvSchema.extend({
    HTTP_PORT: port.default(ports.http),
    GRPC_PORT: port.default(ports.grpc),
    DATABASE_URL: url,
    REDIS_URL: url,
    KAFKA_BROKERS: z.string().min(1, 'must list at least one broker (host:port,...)'),
    KAFKA_NAMESPACE: z
      .string()
      .regex(/^[A-Za-z0-9._-]{0,64}$/, 'must be at most 64 letters, digits, dots, dashes or underscores (a prefix of topic and group names)')
      .default(''),
    ...addressVars,
  });
}

export function serviceConfigFromEnv(
  name: ServiceName,
  env: NodeJS.ProcessEnv = process.env,
  ports: DefaultPorts = DEFAULT_PORTS[name],
): ServiceConfig & { databaseUrl: string; redisUrl: string; kafkaBrokers: string[]; kafkaNamespace: string } {
  const e = readEnv(serviceEnvSchema(name, ports), env) as Record<string, unknown> & z.infer<typeof sharedEnvSchema>;
  return {
    name,
    httpPort: e.HTTP_PORT as number,
    grpcPort: e.GRPC_PORT as number,
    bindHost: e.BIND_HOST,
    publicUrl: e.PUBLIC_URL,
    internalSecret: e.INTERNAL_SECRET,
    logLevel: e.LOG_LEVEL,
    grpcDeadlineMs: e.GRPC_DEADLINE_MS,
    grpcAddresses: Object.fromEntries(SERVICE_NAMES.map((s) => [s, e[grpcAddressVar(s)] as string])) as Record<ServiceName, string>,
    outboundAllowHosts: splitList(e.OUTBOUND_ALLOW_HOSTS),
    outboxRetention: outboxRetentionFromEnv(env),
    shutdown: { drainMs: e.SHUTDOWN_DRAIN_MS, timeoutMs: e.SHUTDOWN_TIMEOUT_MS },
    databaseUrl: e.DATABASE_URL as string,
    redisUrl: e.REDIS_URL as string,
    kafkaBrokers: splitList(e.KAFKA_BROKERS as string),
    kafkaNamespace: e.KAFKA_NAMESPACE as string,
  };
}

/** OUTBOX_RETENTION_HOURS and PROCESSED_EVENTS_RETENTION_HOURS (both ways of running). */
export function outboxRetentionFromEnv(env: NodeJS.ProcessEnv = process.env): OutboxRetention {
  const e = readEnv(sharedEnvSchema.pick({ OUTBOX_RETENTION_HOURS: true, PROCESSED_EVENTS_RETENTION_HOURS: true }), env);
  return { publishedHours: e.OUTBOX_RETENTION_HOURS, processedHours: e.PROCESSED_EVENTS_RETENTION_HOURS };
}

export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
