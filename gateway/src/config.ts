import { z } from '@quire/input';
import { readEnv, sharedEnvSchema, splitList } from '@quire/platform/config';
import { AddressRanges } from '@quire/platform/outbound';
import { DEFAULT_PORTS, GATEWAY_DEFAULT_PORT, SERVICE_NAMES, grpcAddressVar, httpUrlVar, type ServiceName } from '@quire/platform/topology';
import type { GatewaySettings } from './app';

const gatewayEnvSchema = sharedEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(GATEWAY_DEFAULT_PORT),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(6000),
  SCIM_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(3000),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(30000),
  AUTH_CACHE_TTL_SECONDS: z.coerce.number().int().positive().default(60),
  AUTH_LOCAL_TTL_MS: z.coerce.number().int().min(0).default(5000),
  BODY_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
  ACCESS_LOG: z.enum(['on', 'off']).default('on'),
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .refine((v) => new AddressRanges(splitList(v)).others.length === 0, 'must be IP addresses or CIDR ranges, comma-separated'),
});

/** Settings every gateway has, in both ways of running. */
export function gatewaySettingsFromEnv(
  upstreams: Record<ServiceName, string>,
  env: NodeJS.ProcessEnv = process.env,
  defaults: Partial<NodeJS.ProcessEnv> = {},
) {
  const e = readEnv(gatewayEnvSchema, { ...defaults, ...env });
  const settings: GatewaySettings = {
    internalSecret: e.INTERNAL_SECRET,
    upstreams,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    scimRateLimitPerMinute: e.SCIM_RATE_LIMIT_PER_MINUTE,
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    authCacheTtlSeconds: e.AUTH_CACHE_TTL_SECONDS,
    authLocalTtlMs: e.AUTH_LOCAL_TTL_MS,
    bodyTimeoutMs: e.BODY_TIMEOUT_MS,
    accessLog: e.ACCESS_LOG === 'on',
    publicUrl: e.PUBLIC_URL,
    trustedProxies: splitList(e.TRUSTED_PROXIES),
  };
  return {
    settings,
    port: e.PORT,
    bindHost: e.BIND_HOST,
    logLevel: e.LOG_LEVEL,
    grpcDeadlineMs: e.GRPC_DEADLINE_MS,
    shutdownSettings: { drainMs: e.SHUTDOWN_DRAIN_MS, timeoutMs: e.SHUTDOWN_TIMEOUT_MS },
  };
}

/** One base URL per copy of a service, comma-separated. */
const urlList = z.string().refine((v) => {
  const urls = splitList(v);
  return urls.length > 0 && urls.every((u) => z.string().url().safeParse(u).success && /^http:\/\//.test(u));
}, 'must be an http:// URL, or a comma-separated list of them (one per copy)');

/** Distributed mode: where the services are, from IDENTITY_HTTP_URL etc. and IDENTITY_GRPC_ADDR. */
export function distributedTopologyFromEnv(env: NodeJS.ProcessEnv = process.env) {
  const schema = z.object({
    REDIS_URL: z.string().url(),
    ...Object.fromEntries(SERVICE_NAMES.map((s) => [httpUrlVar(s), urlList.default(`http://127.0.0.1:${DEFAULT_PORTS[s].http}`)])),
    ...Object.fromEntries(SERVICE_NAMES.map((s) => [grpcAddressVar(s), z.string().default(`127.0.0.1:${DEFAULT_PORTS[s].grpc}`)])),
  });
  const e = readEnv(schema, env) as Record<string, string>;
  return {
    redisUrl: e.REDIS_URL as string,
    upstreams: Object.fromEntries(SERVICE_NAMES.map((s) => [s, e[httpUrlVar(s)]])) as Record<ServiceName, string>,
    grpcAddresses: Object.fromEntries(SERVICE_NAMES.map((s) => [s, e[grpcAddressVar(s)]])) as Record<ServiceName, string>,
  };
}
