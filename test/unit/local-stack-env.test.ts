import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LocalStack, OPERATOR_SETTING, operatorSettings } from '../../gateway/src/local-stack';
import { parseReplicas } from '../../gateway/src/local-stack-cli';

// `npm run stack` hands the operator's settings to its processes (issue #20: it used to drop them).

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
  'IDENTITY_HTTP_URL',
  'INSIGHTS_HTTP_URL',
]);

function stack(extraEnv: Record<string, string>) {
  return new LocalStack({
    repoRoot: '/repo',
    logDir: '/tmp',
    gatewayPort: 8080,
    httpPortBase: 8081,
    grpcPortBase: 9081,
    databaseUrls: { identity: 'postgres://i', content: 'postgres://c', sites: 'postgres://s', specs: 'postgres://p', insights: 'postgres://n' },
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
    expect(s.processKeys()).toEqual(['identity', 'content', 'content#2', 'sites', 'specs', 'insights', 'gateway']);
    expect(s.envFor('content#2')).toMatchObject({ HTTP_PORT: '8182', GRPC_PORT: '9182' });
    expect(s.envFor('gateway').CONTENT_HTTP_URL).toBe('http://127.0.0.1:8082,http://127.0.0.1:8182');
    expect(s.envFor('sites').CONTENT_GRPC_ADDR).toBe('127.0.0.1:9082,127.0.0.1:9182');
    expect(s.envFor('sites').SITES_GRPC_ADDR).toBe('127.0.0.1:9083');
  });

  it('reads --replicas and refuses what it cannot start', () => {
    expect(parseReplicas(['--replicas', 'content=2,sites=3'])).toEqual({ content: 2, sites: 3 });
    expect(parseReplicas(['--replicas=insights=2'])).toEqual({ insights: 2 });
    expect(parseReplicas([])).toEqual({});
    expect(() => parseReplicas(['--replicas', 'gateway=2'])).toThrow(/unknown service "gateway"/);
    expect(() => parseReplicas(['--replicas', 'content=0'])).toThrow(/whole number of copies/);
    expect(() => parseReplicas(['--replicas'])).toThrow(/needs a value/);
  });
});
