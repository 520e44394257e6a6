const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { randomBytes } = require('node:crypto');
const { ROOT, recreatePgDatabase, startInfra, treeCpuSeconds, wrkRun } = require('./support');
const { signPrincipal } = require('@quire/access');
const { LocalStack } = require('@quire/stack');
async function main() {
  const stopInfra = startInfra(['postgres', 'redis']);
  const dir = mkdtempSync(join(tmpdir(), 'quire-bench-'));
  const token = `qr_${randomBytes(30).toString('hex').slice(0, 40)}`;
  const internalSecret = randomBytes(32).toString('base64url');
  const stack = new LocalStack({ repoRoot: ROOT, logDir: join(dir, 'logs'), gatewayPort: 28080, httpPortBase: 28081, grpcPortBase: 29081,
    databaseUrls: { identity: await recreatePgDatabase('quire_bench_identity') }, redisUrl: 'redis://127.0.0.1:26379', kafkaBrokers: '127.0.0.1:27092',
    clickhouseUrl: 'http://127.0.0.1:1', internalSecret, bootstrapToken: token, extraEnv: { LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000', KAFKA_NAMESPACE: 'idh' } });
  try {
    await stack.start('identity'); await stack.start('gateway');
    const userId = (await (await fetch(`${stack.url}/v1/user`, { headers: { authorization: `Bearer ${token}` } })).json()).id;
    await stack.stop('gateway');
    const signed = signPrincipal({ userId, tokenId: 'bench' }, internalSecret);
    const base = { 'x-quire-principal': signed.principal, 'x-quire-signature': signed.signature };
    const full = { ...base, authorization: `Bearer ${token}`, 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'http', 'x-forwarded-host': '127.0.0.1:28080', 'x-request-id': 'abcdefghijklmnopqrstu' };
    const url = `http://127.0.0.1:${stack.httpPort('identity')}/v1/user`;
    const pid = stack.processes.get('identity').child.pid;
    wrkRun(url, base, '10s', { connections: 64 });
    for (let r = 0; r < 3; r++) for (const [name, h] of Object.entries(r % 2 ? { full, base } : { base, full })) {
      wrkRun(url, h, '2s', { connections: 64 });
      const b = treeCpuSeconds(pid); const rep = wrkRun(url, h, '8s', { connections: 64 });
      console.log(name, Math.round(rep.rps), Math.round((treeCpuSeconds(pid) - b) * 1e6 / rep.requests), 'µs');
    }
  } finally { await stack.stopAll(); stopInfra(); }
}
main();
