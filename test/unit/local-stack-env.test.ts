import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LocalStack, OPERATOR_SETTING, operatorSettings } from '../../apps/stack/src/local-stack';
import { parseReplicas } from '../../apps/stack/src/main';
import { WORKER_PROCESSES } from '@quire/platform/topology';

// `npm run stack` hands the operator's settings to its processes (it used to drop them).

const README = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
/**
 * What the stack itself decides: addresses, ports, databases, the secret and the bootstrap token;
 * and what only embedded mode reads (`npm run stack` runs the distributed processes).
 */
const STACK_OWNED = new Set([
  'PORT',
  'DATA_DIR',
  'EMBEDDED_CACHE_MAX_BYTES',
  'BOOTSTRAP_TOKEN',
  'INTERNAL_SECRET',
  'HTTP_PORT',
  'GRPC_PORT',
  'DATABASE_URL',
  'REDIS_URL',
  'KAFKA_BROKERS',
  'CLICKHOUSE_URL',
  'IDENTITY_GRPC_ADDR',
  'INSIGHTS_GRPC_ADDR',
  'WEBHOOKS_GRPC_ADDR',
  'IDENTITY_HTTP_URL',
  'INSIGHTS_HTTP_URL',
  'WEBHOOKS_HTTP_URL',
  // The stack runs insights' API and its consumer as processes of their own.
  'INSIGHTS_ROLE',
]);

function stack(extraEnv: Record<string, string>) {
  return new LocalStack({
    repoRoot: '/repo',
    logDir: '/tmp',
    gatewayPort: 8080,
    httpPortBase: 8081,
    grpcPortBase: 9081,
    databaseUrls: {
      identity: 'postgres://i',
      content: 'postgres://c',
      sites: 'postgres://s',
      specs: 'postgres://p',
      insights: 'postgres://n',
      webhooks: 'postgres://w',
      reader: 'postgres://r',
    },
    redisUrl: 'redis://r',
    kafkaBrokers: 'k:9092',
    clickhouseUrl: 'http://ch',
    internalSecret: 'stack-secret-0123456789',
    bootstrapToken: 'qr_x',
    replicas: { content: 2 },
    extraEnv,
  });
}

describe('npm run stack and the operator settings', () => {
  it('passes on every setting of the README configuration table that the stack does not own', () => {
    const table = README.slice(README.indexOf('## Configuration'), README.indexOf('## Admin CLI'));
    const names = [...table.matchAll(/^\| (.+?) \|/gm)].flatMap((m) => [...(m[1] as string).matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((n) => n[1] as string));
    expect(names.length).toBeGreaterThan(30);
    expect(names.filter((n) => !STACK_OWNED.has(n) && !OPERATOR_SETTING.test(n))).toEqual([]);
  });

  it('hands OUTBOUND_ALLOW_HOSTS, PUBLIC_URL and the rest to the processes, never its own addresses', () => {
    const settings = operatorSettings({
      OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
      PUBLIC_URL: 'https://docs.example.test',
      CONTENT_DOWNLOAD_TTL_SECONDS: '60',
      CONTENT_HTTP_URL: 'http://elsewhere:1',
      DATABASE_URL: 'postgres://elsewhere',
      HOME: '/root',
    });
    expect(settings).toEqual({ OUTBOUND_ALLOW_HOSTS: '127.0.0.1', PUBLIC_URL: 'https://docs.example.test', CONTENT_DOWNLOAD_TTL_SECONDS: '60' });
    const s = stack(settings);
    for (const key of ['content', 'content#2', 'specs', 'gateway'] as const) {
      expect(s.envFor(key)).toMatchObject({ OUTBOUND_ALLOW_HOSTS: '127.0.0.1', PUBLIC_URL: 'https://docs.example.test', CONTENT_DOWNLOAD_TTL_SECONDS: '60' });
    }
    expect(s.envFor('content').DATABASE_URL).toBe('postgres://c');
  });

  it('starts each copy on its own ports and gives everyone the list', () => {
    const s = stack({});
    expect(s.processKeys()).toEqual(['identity', 'content', 'content#2', 'sites', 'specs', 'insights', 'webhooks', 'reader', 'insights-consumer', 'gateway']);
    expect(s.envFor('content#2')).toMatchObject({ HTTP_PORT: '8182', GRPC_PORT: '9182' });
    expect(s.envFor('gateway').CONTENT_HTTP_URL).toBe('http://127.0.0.1:8082,http://127.0.0.1:8182');
    expect(s.envFor('sites').CONTENT_GRPC_ADDR).toBe('127.0.0.1:9082,127.0.0.1:9182');
    expect(s.envFor('sites').SITES_GRPC_ADDR).toBe('127.0.0.1:9083');
  });

  it("runs insights' consumer as processes of their own, after the services' ports and without gRPC", () => {
    const s = new LocalStack({ ...stack({ INSIGHTS_ROLE: 'all' }).options, replicas: { 'insights-consumer': 2 } });
    expect(s.processKeys()).toEqual([
      'identity',
      'content',
      'sites',
      'specs',
      'insights',
      'webhooks',
      'reader',
      'insights-consumer',
      'insights-consumer#2',
      'gateway',
    ]);
    // The operator cannot merge them back: the stack owns the role.
    expect(operatorSettings({ INSIGHTS_ROLE: 'all', CONTENT_DOWNLOAD_TTL_SECONDS: '60' })).toEqual({ CONTENT_DOWNLOAD_TTL_SECONDS: '60' });
    expect(s.envFor('insights')).toMatchObject({ INSIGHTS_ROLE: 'api', HTTP_PORT: '8085', GRPC_PORT: '9085', CLICKHOUSE_URL: 'http://ch' });
    for (const [key, port] of [
      ['insights-consumer', '8086'],
      ['insights-consumer#2', '8186'],
    ] as const) {
      const env = s.envFor(key);
      expect(env).toMatchObject({
        INSIGHTS_ROLE: 'consumer',
        HTTP_PORT: port,
        DATABASE_URL: 'postgres://n',
        CLICKHOUSE_URL: 'http://ch',
        KAFKA_BROKERS: 'k:9092',
      });
      expect(env.GRPC_PORT).toBeUndefined();
      expect(s.entryPoint(key)).toBe('/repo/services/insights/dist/main.js');
    }
    // Nobody calls the consumer: the gateway and gRPC clients list the API copies only.
    expect(s.envFor('gateway').INSIGHTS_HTTP_URL).toBe('http://127.0.0.1:8085');
    expect(s.envFor('content').INSIGHTS_GRPC_ADDR).toBe('127.0.0.1:9085');
    expect(s.httpPort('insights-consumer')).toBe(WORKER_PROCESSES['insights-consumer'].http);
    // webhooks came after insights-consumer: its ports are topology.ts's, not the next in line.
    expect(s.envFor('webhooks')).toMatchObject({ HTTP_PORT: '8087', GRPC_PORT: '9087' });
  });

  it('reads --replicas and refuses what it cannot start', () => {
    expect(parseReplicas(['--replicas', 'content=2,sites=3'])).toEqual({ content: 2, sites: 3 });
    expect(parseReplicas(['--replicas=insights=2'])).toEqual({ insights: 2 });
    expect(parseReplicas(['--replicas', 'insights-consumer=3'])).toEqual({ 'insights-consumer': 3 });
    expect(parseReplicas([])).toEqual({});
    expect(() => parseReplicas(['--replicas', 'gateway=2'])).toThrow(/unknown service "gateway"/);
    expect(() => parseReplicas(['--replicas', 'content=0'])).toThrow(/whole number of copies/);
    expect(() => parseReplicas(['--replicas'])).toThrow(/needs a value/);
  });
});
