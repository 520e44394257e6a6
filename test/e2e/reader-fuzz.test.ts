import { connect } from 'node:net';
import fc from 'fast-check';
import { SiteVisibility, type GitBookAPI } from 'gitbook-api-0202';
import { TodayLedger } from '../support/client-0202';
import { buildOrganization } from '../support/factories';
import { mergeChanges } from '../support/main-edits';
import { currentStack } from '../support/stack';

// Bounded work per request, schemathesis-style: a few hundred generated hostile requests to published addresses
// (NUL, broken percent-encoding, %2F, dot segments, overlong segments and 16 KB paths, astral and
// RTL characters, huge `page=`, `~files/` garbage, `.md` on odd paths, garbage share keys and
// visitor tokens, odd Host headers, odd methods) sent as raw bytes, so nothing is normalised on
// the way. Every answer is a well-formed 2xx/3xx/4xx (never a 5xx), carries the security headers,
// reflects no input unescaped, and the stack still answers afterwards. The generator is seeded:
// a failure names its request and reproduces.

const stack = currentStack();
const ledger = new TodayLedger(stack);
const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const SEED = 3607;
const RUNS = 320;
const origin = new URL(stack.url);

let api: GitBookAPI;
let builtIn: string;
let sharedSite: string;

beforeAll(async () => {
  const own = await buildOrganization(stack, 'Reader fuzz org');
  api = ledger.client(own.admin.token);
  const { data: space } = await api.orgs.createSpace(own.id, { title: 'Fuzzed space' });
  await mergeChanges(api, space.id, [
    { operation: 'insert_page', ref: 'intro', title: 'Introduction', document: { markdown: 'Welcome.' } },
    { operation: 'insert_page', title: 'Guides', document: { markdown: 'All the guides.' } },
  ] as never);
  const site = async (title: string, visibility: SiteVisibility) => {
    const { data } = await api.orgs.createSite(own.id, { title, visibility, spaces: [space.id] });
    await api.orgs.updateSiteById(own.id, data.id, { basename: `${title.toLowerCase()}-${unique}` });
    await api.orgs.publishSite(own.id, data.id);
    return (await api.orgs.getSiteById(own.id, data.id)).data.urls.published!;
  };
  builtIn = await site('Fuzzed', SiteVisibility.Public);
  sharedSite = await site('Shared', SiteVisibility.ShareLink);
});

afterAll(() => {
  expect(ledger.problems()).toEqual([]);
});

/** What is injected to see whether it comes back unescaped. */
const MARKUP = ['<script>alert(1)</script>', '"><svg onload=alert(1)>', "'><img src=x onerror=alert(1)>", '<style>*{}</style>'];

const segment = fc.oneof(
  fc.constantFrom(
    '%00',
    '%',
    '%zz',
    '%E0%A4%A',
    '%ED%A0%80', // an encoded lone surrogate
    '%C0%AF', // overlong '/'
    '%2F',
    '%2f..%2f..%2fetc%2fpasswd',
    '..',
    '%2e%2e',
    '.',
    '~files',
    '~search',
    '~gitbook',
    'mcp',
    'llms.txt',
    'llms-full.txt',
    'sitemap.xml',
    'robots.txt',
    '.md',
    '..md',
    'introduction.md',
    'guides',
    '\u202Egnp.exe', // RTL override
    '\u200F\u061Cמדריך',
    '𝕏😀',
    '\uFEFF',
    'javascript:alert(1)',
    'data:text/html,<b>x</b>',
    '//evil.example',
    '\\\\evil',
    ...MARKUP,
    ...MARKUP.map(encodeURIComponent),
  ),
  fc.integer({ min: 256, max: 6000 }).map((n) => 'a'.repeat(n)),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
);

const queryValue = fc.oneof(
  fc.constantFrom('', '%00', '%', '-1', '0', '1e309', 'NaN', '99999999999999999999999999', '0x10', ' 1', '1.5', 'a.b.c', 'eyJhbGciOiJub25lIn0.e30.', ...MARKUP),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.integer({ min: 1, max: 9000 }).map((n) => 'k'.repeat(n)),
  fc.string({ unit: 'grapheme', maxLength: 16 }).map(encodeURIComponent),
);

const query = fc
  .array(fc.tuple(fc.constantFrom('page', 'q', 'share_key', 'jwt_token', 'utm_source', 'x', ''), queryValue), { maxLength: 4 })
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));

const hostHeader = fc.constantFrom(
  undefined,
  undefined,
  undefined,
  'docs.example.com',
  'evil.example.com:99999',
  '[::1]',
  'a..b',
  '-.example.com',
  `${'x'.repeat(300)}.example.com`,
  'xn--80ak6aa92e.com',
  'exämple.com',
  '',
);

const extraHeaders = fc.record(
  {
    cookie: fc.constantFrom('quire_share_key=%00', 'quire_visitor_token=a.b.c', `quire_visitor=${'v'.repeat(2000)}`, 'quire_session=<script>', '=; ;=;'),
    'accept-language': fc.constantFrom('*', 'xx-XX;q=abc', 'ar-EG,he;q=0.9', 'x'.repeat(500)),
    referer: fc.constantFrom('javascript:alert(1)', 'https://evil.example/?share_key=s', 'not a url'),
    'x-forwarded-host': fc.constantFrom('evil.example', '<script>', ''),
  },
  { requiredKeys: [] },
);

const hostileRequest = fc.record({
  method: fc.constantFrom('GET', 'GET', 'GET', 'GET', 'HEAD', 'POST', 'OPTIONS', 'PUT', 'DELETE'),
  site: fc.constantFrom<'public' | 'shared' | 'none'>('public', 'public', 'shared', 'none'),
  segments: fc.array(segment, { minLength: 1, maxLength: 4 }),
  huge: fc.oneof(fc.constant(0), fc.constant(0), fc.constant(0), fc.constant(16 * 1024)),
  query,
  host: hostHeader,
  headers: extraHeaders,
});

type HostileRequest = typeof hostileRequest extends fc.Arbitrary<infer T> ? T : never;

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * The request line's target: the site's path, then the hostile segments. Characters beyond ASCII
 * are sent as a browser sends them (their UTF-8 bytes percent-encoded, lone surrogates too: as
 * WTF-8 bytes); everything else, controls included, goes as it is.
 */
function targetOf(request: HostileRequest): string {
  const base = request.site === 'public' ? new URL(builtIn).pathname : request.site === 'shared' ? new URL(sharedSite).pathname : '/sites/no-org/no-site/';
  const path = base + request.segments.join('/') + (request.huge ? `/${'p'.repeat(request.huge)}` : '');
  return asciiOnly(path + request.query);
}

function asciiOnly(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0) as number;
    if (code < 0x80) out += char;
    else if (code >= 0xd800 && code <= 0xdfff)
      out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    else out += [...Buffer.from(char, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return out;
}

/** Whether the request holds bytes HTTP/1.1 forbids in a request line or header: Node's parser answers it, not Quire. */
function breaksHttpGrammar(request: HostileRequest, target: string): boolean {
  const controls = /[\u0000-\u0020\u007F]/;
  return (
    controls.test(target) ||
    /[^\u0021-\u007E]/.test(request.host ?? '') ||
    Object.values(request.headers).some((v) => /[\u0000-\u0008\u000A-\u001F\u007F]/.test(v ?? '')) ||
    Buffer.byteLength(target) + 2048 > 16 * 1024
  );
}

/** One request written as raw bytes on a socket (so nothing rewrites it), its answer read to the end. */
function sendRaw(request: HostileRequest, target: string): Promise<RawAnswer> {
  const lines = [`${request.method} ${target} HTTP/1.1`];
  lines.push(`Host: ${request.host ?? origin.host}`);
  for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) lines.push(`${name}: ${value}`);
  lines.push('Connection: close');
  if (request.method === 'POST' || request.method === 'PUT') lines.push('Content-Type: application/json', 'Content-Length: 2');
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n${request.method === 'POST' || request.method === 'PUT' ? '{}' : ''}`, 'utf8');
  return new Promise((resolve, reject) => {
    const socket = connect(Number(origin.port), origin.hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(20_000, () => socket.destroy(new Error('no answer within 20 s')));
    socket.on('connect', () => socket.write(head));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (err) => (chunks.length ? resolve(parse(Buffer.concat(chunks))) : reject(err)));
    socket.on('end', () => resolve(parse(Buffer.concat(chunks))));
  });
}

function parse(raw: Buffer): RawAnswer {
  const text = raw.toString('utf8');
  const split = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...headerLines] = text.slice(0, split < 0 ? text.length : split).split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status, headers, body: split < 0 ? '' : text.slice(split + 4) };
}

/** What is wrong with an answer to a hostile request; empty when nothing is. */
function problemsOf(request: HostileRequest, target: string, answer: RawAnswer): string[] {
  const problems: string[] = [];
  if (!Number.isInteger(answer.status)) return ['no HTTP status line'];
  // Bytes HTTP forbids never reach Quire: Node's parser answers a bare 400 (or 431 when too long).
  if (!answer.headers['x-request-id']) {
    if (!([400, 431].includes(answer.status) && breaksHttpGrammar(request, target)))
      problems.push(`${answer.status} without x-request-id (not from the gateway) for a request HTTP allows`);
    return problems;
  }
  if (answer.status >= 500) problems.push(`status ${answer.status}`);
  if (answer.status < 200) problems.push(`status ${answer.status}`);
  if (answer.headers['x-content-type-options'] !== 'nosniff') problems.push('no X-Content-Type-Options: nosniff');
  const html = (answer.headers['content-type'] ?? '').startsWith('text/html');
  if (html) {
    if (!/script-src 'sha256-[A-Za-z0-9+/]+=*';/.test(answer.headers['content-security-policy'] ?? '')) problems.push('an HTML answer without the CSP');
    if (answer.headers['referrer-policy'] !== 'no-referrer') problems.push('an HTML answer without Referrer-Policy: no-referrer');
    // Text is escaped (`<` as &#x3C;), so a raw `<` opens a tag of the reader's own: never one of these.
    // The one script element is the reader's own file (docs/reader.md, Pages that read like GitBook's).
    const body = answer.body.replace(/<script src="[^"<>]*\/~quire\/reader\.[A-Za-z0-9_-]+\.js" integrity="sha256-[A-Za-z0-9+/]+=*" defer><\/script>/, '');
    if (/<(script|svg|img|iframe)\b|<[a-z][^<>]*\son[a-z]+\s*=/i.test(body) || (body.match(/<style\b/gi) ?? []).length > 1)
      problems.push('markup from the request reflected unescaped');
  }
  if (answer.status === 429 && !answer.headers['retry-after']) problems.push('a 429 without Retry-After');
  return problems;
}

describe('hostile paths, queries and headers on published addresses', () => {
  it(`answers ${RUNS} generated hostile requests with well-formed 2xx/3xx/4xx answers and the security headers (seed ${SEED})`, async () => {
    const requests = fc.sample(hostileRequest, { seed: SEED, numRuns: RUNS });
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let fromQuire = 0;
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < requests.length; i = next++) {
        const request = requests[i] as HostileRequest;
        const target = targetOf(request);
        let answer: RawAnswer;
        try {
          answer = await sendRaw(request, target);
        } catch (err) {
          failures.push(`#${i} ${request.method} ${JSON.stringify(target.slice(0, 200))}: ${(err as Error).message}`);
          continue;
        }
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.headers['x-request-id']) fromQuire++;
        const problems = problemsOf(request, target, answer);
        if (problems.length)
          failures.push(`#${i} ${request.method} ${JSON.stringify(target.slice(0, 200))} host=${JSON.stringify(request.host)}: ${problems.join('; ')}`);
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    expect(failures).toEqual([]);
    // Most of the run reached Quire (not only Node's parser refusals), with answers of several kinds.
    expect(fromQuire).toBeGreaterThan(RUNS * 0.6);
    expect([...statuses.keys()].filter((s) => s >= 200 && s < 500).length).toBeGreaterThanOrEqual(3);
  }, 300_000);

  it('still answers afterwards: the site’s page and the readiness probe', async () => {
    const page = await fetch(builtIn);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Welcome.');
    expect((await fetch(`${stack.url}/readyz`)).status).toBe(200);
  });
});
