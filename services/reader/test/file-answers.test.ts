import type { Server } from 'node:http';
import pino from 'pino';
import { notFound } from '@quire/errors';
import { publishedContent, listenPublishedRoutes } from './published-content';

// Files at their content-addressed address (`~files/{sha256}/{name}`) with sites and content faked:
// kept for good (public or private by the site's audience), a 304 for their ETag, a type that is no
// media type sent as bytes, a file too large for one gRPC answer redirected, an unknown blob a 404;
// a file id or `.gitbook/assets/<name>` redirects to the stable address.

const BLOB = 'a1'.repeat(32);
const BIG = 'b2'.repeat(32);
const BYTES = Buffer.from('the picture');

async function serve(visibility: string): Promise<{ url: string; server: Server; asked: string[] }> {
  const asked: string[] = [];
  const sites = { resolvePublishedUrl: async () => ({ outcome: 'content', content: publishedContent({ visibility }), refusedAudience: '' }) };
  const contentPublished = {
    getPublishedPages: async () => ({
      revisionId: 'r',
      pages: [],
      createdAt: '',
      files: [
        { id: 'f1', name: 'a picture.png', contentType: 'image/png', blob: BLOB },
        { id: 'f-old', name: 'old.png', contentType: 'image/png', blob: '' },
      ],
    }),
    getPublishedFileUrl: async () => ({ downloadUrl: 'http://localhost:8080/v1/file-downloads/r/f-old?signature=x' }),
    getPublishedFileContent: async ({ blob, apiToken, spaceId }: { blob: string; apiToken: string; spaceId: string }) => {
      asked.push(`${apiToken}/${spaceId}/${blob}`);
      if (blob === BLOB) return { name: 'a picture.png', contentType: 'image/png\r\nx-evil: 1', size: BYTES.length, data: BYTES, downloadUrl: '' };
      if (blob === BIG)
        return { name: 'big.png', contentType: 'image/png', size: 5e6, data: Buffer.alloc(0), downloadUrl: 'http://localhost:8080/v1/file-downloads/r/f2?s=1' };
      throw notFound(`No file with content ${blob} in this revision`);
    },
  };
  const deps = {
    sites: () => sites,
    contentPublished: () => contentPublished,
    logger: pino({ level: 'silent' }),
    publicUrl: 'http://localhost:8080',
    answerTimeoutMs: 2000,
  };
  const { url, server } = await listenPublishedRoutes(deps);
  return { url, server, asked };
}

it('serves a public site’s file by its content, kept for good, and answers its ETag with a 304', async () => {
  const { url, server, asked } = await serve('public');
  try {
    const res = await fetch(`${url}/sites/o/d/~files/${BLOB}/a%20picture.png`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(BYTES);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, s-maxage=3600, immutable');
    expect(res.headers.get('etag')).toBe(`"${BLOB}"`);
    // A stored type that could break the headers is sent as bytes.
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('x-evil')).toBeNull();
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asked).toEqual([`t/sp/${BLOB}`]);
    const again = await fetch(`${url}/sites/o/d/~files/${BLOB}/a%20picture.png`, { headers: { 'if-none-match': `W/"x", "${BLOB}"` } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const head = await fetch(`${url}/sites/o/d/~files/${BLOB}/a%20picture.png`, { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe(String(BYTES.length));
  } finally {
    server.close();
  }
});

it('keeps a restricted site’s file in the visitor’s browser only', async () => {
  for (const visibility of ['share-link', 'visitor-auth']) {
    const { url, server } = await serve(visibility);
    try {
      const res = await fetch(`${url}/sites/o/d/~files/${BLOB}/x.png`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    } finally {
      server.close();
    }
  }
});

it('answers an unknown blob with the 404 page and a file too large for one answer with a redirect to its download', async () => {
  const { url, server } = await serve('public');
  try {
    const unknown = await fetch(`${url}/sites/o/d/~files/${'c3'.repeat(32)}/x.png`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('cache-control')).toBe('private, no-store');
    const big = await fetch(`${url}/sites/o/d/~files/${BIG}/big.png`, { redirect: 'manual' });
    expect(big.status).toBe(302);
    expect(big.headers.get('location')).toBe('http://localhost:8080/v1/file-downloads/r/f2?s=1');
    expect(big.headers.get('cache-control')).toBe('private, no-store');
  } finally {
    server.close();
  }
});

it('redirects a file id and a `.gitbook/assets/<name>` to the stable address; a file listed without its blob to its download', async () => {
  const { url, server } = await serve('public');
  try {
    const stable = `/sites/o/d/~files/${BLOB}/a%20picture.png`;
    for (const path of ['/sites/o/d/~files/f1', '/sites/o/d/.gitbook/assets/a%20picture.png']) {
      const res = await fetch(`${url}${path}`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(stable);
    }
    const old = await fetch(`${url}/sites/o/d/~files/f-old`, { redirect: 'manual' });
    expect(old.headers.get('location')).toBe('http://localhost:8080/v1/file-downloads/r/f-old?signature=x');
    expect((await fetch(`${url}/sites/o/d/~files/nope`, { redirect: 'manual' })).status).toBe(404);
  } finally {
    server.close();
  }
});
