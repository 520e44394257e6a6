import pino from 'pino';
import { specs } from '@quire/proto';
import { loadPageReferences, operationViewOf, schemaViewOf } from '../src/modules/pages/application/page-references';
import type { ReaderDeps } from '../src/modules/pages/application/deps';
import { documentRefsOf, MAX_OPENAPI_REFS } from '../src/modules/pages/domain/document-refs';
import { PageTree } from '../src/modules/site-reads/domain/page-tree';
import { searchPagingOf } from '../src/modules/pages/domain/search-results';
import { publishedContent } from './published-content';

// What a page's document names outside its site space: other site spaces' pages and
// OpenAPI operations, read in one batched call per kind, only when the document has such references.

const content = publishedContent({ siteSpace: 'ss1', space: 'sp1', basePath: '/sites/o/d/v1/', canonicalUrl: '', apiToken: 'token-of-the-url' });
const page = (id: string, path: string, kind = 'document') => ({
  id,
  title: id,
  path,
  kind,
  hidden: false,
  parentId: '',
  order: 0,
  description: '',
  updatedAt: '',
  linkUrl: '',
  emoji: '',
  gitFile: '',
  icon: '',
});
const tree = new PageTree([page('home', 'home'), page('local', 'guide/local')], '/sites/o/d/v1/');
const siteSpaces = [
  { spaceId: 'sp1', path: '/sites/o/d/v1' },
  { spaceId: 'sp2', path: '/sites/o/d/v2' },
];
const link = (ref: Record<string, unknown>) => ({ object: 'inline', type: 'link', data: { ref }, nodes: [] });
const operation = (spec: string, method: string, path: string) => ({
  object: 'block',
  type: 'openapi-operation',
  isVoid: true,
  data: { ref: { kind: 'openapi', spec }, method, path },
});
const voidBlock = (type: string, data: Record<string, unknown>) => ({ object: 'block', type, isVoid: true, data });
const doc = (...nodes: unknown[]) => ({ object: 'document', nodes: [{ object: 'block', type: 'paragraph', nodes }] });

function fakeDeps(answers: { paths?: unknown[]; operations?: unknown[]; specs?: Record<string, unknown[]>; fail?: boolean } = {}) {
  const calls: Array<[string, unknown]> = [];
  const answer = <T>(name: string, request: unknown, value: T): Promise<T> => {
    calls.push([name, request]);
    return answers.fail ? Promise.reject(new Error('down')) : Promise.resolve(value);
  };
  const deps = {
    sites: () => ({}),
    contentPublished: () => ({ getPublishedPagePaths: (r: unknown) => answer('paths', r, { pages: answers.paths ?? [] }) }),
    specs: () => ({ getPublishedOperations: (r: unknown) => answer('operations', r, { operations: answers.operations ?? [], ...answers.specs }) }),
    logger: pino({ level: 'silent' }),
  } as unknown as ReaderDeps;
  return { deps, calls };
}

describe('documentRefsOf', () => {
  it('finds operations and pages of other spaces anywhere in the document, once each; same-space links are not asked for', () => {
    const refs = documentRefsOf(
      doc(
        link({ kind: 'page', page: 'p2', space: 'sp2' }),
        link({ kind: 'anchor', anchor: 'a', page: 'p2', space: 'sp2' }),
        link({ kind: 'page', page: 'local', space: 'sp1' }),
        link({ kind: 'page', page: 'local' }),
        { object: 'inline', type: 'mention', data: { ref: { kind: 'page', page: 'p3', space: 'sp9' } } },
        operation('pets', 'get', '/pets'),
        operation('pets', 'GET', '/pets'),
        { object: 'block', type: 'openapi-operation', data: { ref: { kind: 'url', url: 'x' }, method: 'get', path: '/x' } },
      ),
      'sp1',
    );
    expect(refs.pages).toEqual([
      { spaceId: 'sp2', pageId: 'p2' },
      { spaceId: 'sp9', pageId: 'p3' },
    ]);
    expect(refs.operations).toEqual([{ spec: 'pets', method: 'get', path: '/pets' }]);
  });

  it('finds webhooks, schema names and swagger operations named by an http(s) URL, once each', () => {
    const refs = documentRefsOf(
      doc(
        voidBlock('openapi-webhook', { ref: { kind: 'openapi', spec: 'pets' }, name: 'newPet', method: 'post' }),
        voidBlock('openapi-webhook', { ref: { kind: 'openapi', spec: 'pets' }, name: 'newPet', method: 'POST' }),
        voidBlock('openapi-webhook', { ref: { kind: 'openapi', spec: 'pets' }, method: 'post' }),
        voidBlock('openapi-schemas', { ref: { kind: 'openapi', spec: 'pets' }, schemas: ['Pet', 'Owner', 'Pet', 7, ''] }),
        voidBlock('openapi-schemas', { ref: { kind: 'url', url: 'x' }, schemas: ['Tag'] }),
        voidBlock('swagger', { ref: { kind: 'url', url: 'https://example.com/pets.yaml' }, method: 'get', path: '/pets' }),
        voidBlock('swagger', { ref: { kind: 'url', url: 'javascript:alert(1)' }, method: 'get', path: '/pets' }),
        voidBlock('swagger', { ref: { kind: 'file', file: 'f1' }, method: 'get', path: '/pets' }),
      ),
      'sp1',
    );
    expect(refs.webhooks).toEqual([{ spec: 'pets', name: 'newPet', method: 'post' }]);
    expect(refs.schemas).toEqual([
      { spec: 'pets', name: 'Pet' },
      { spec: 'pets', name: 'Owner' },
    ]);
    expect(refs.swaggerOperations).toEqual([{ url: 'https://example.com/pets.yaml', method: 'get', path: '/pets' }]);
  });

  it('is bounded: at most MAX_OPENAPI_REFS OpenAPI items of all kinds together, and a deep document does not overflow the stack', () => {
    const many = Array.from({ length: 100 }, (_, i) => operation('pets', 'get', `/p${i}`));
    expect(documentRefsOf(doc(...many), 'sp1').operations).toHaveLength(MAX_OPENAPI_REFS);
    const mixed = documentRefsOf(
      doc(
        ...many.slice(0, 15),
        voidBlock('openapi-schemas', { ref: { kind: 'openapi', spec: 'pets' }, schemas: Array.from({ length: 10 }, (_, i) => `S${i}`) }),
        voidBlock('openapi-webhook', { ref: { kind: 'openapi', spec: 'pets' }, name: 'late', method: 'post' }),
      ),
      'sp1',
    );
    expect([mixed.operations.length, mixed.schemas.length, mixed.webhooks.length]).toEqual([15, 5, 0]);
    let deep: unknown = link({ kind: 'page', page: 'p2', space: 'sp2' });
    for (let i = 0; i < 100_000; i++) deep = { nodes: [deep] };
    expect(() => documentRefsOf(deep, 'sp1')).not.toThrow();
  });
});

describe('loadPageReferences', () => {
  it('makes no call for a document without such references', async () => {
    const { deps, calls } = fakeDeps();
    const refs = await loadPageReferences(deps, content, tree, siteSpaces, doc(link({ kind: 'page', page: 'local' })));
    expect(calls).toEqual([]);
    expect(refs.pageUrl('local', undefined, undefined)).toBe('/sites/o/d/v1/guide/local');
    expect(refs.pageUrl('local', 'x', 'sp1')).toBe('/sites/o/d/v1/guide/local#x');
  });

  it('resolves pages of other site spaces in one call, with the site apiToken, only for spaces the site publishes', async () => {
    const { deps, calls } = fakeDeps({
      paths: [
        { spaceId: 'sp2', pageId: 'p2', path: 'api/intro', kind: 'document', title: 'Intro' },
        { spaceId: 'sp2', pageId: 'g', path: 'group', kind: 'group', title: 'Group' },
      ],
    });
    const document = doc(
      link({ kind: 'page', page: 'p2', space: 'sp2' }),
      link({ kind: 'page', page: 'g', space: 'sp2' }),
      link({ kind: 'page', page: 'x', space: 'not-published' }),
    );
    const refs = await loadPageReferences(deps, content, tree, siteSpaces, document);
    expect(calls).toEqual([
      [
        'paths',
        {
          apiToken: 'token-of-the-url',
          pages: [
            { spaceId: 'sp2', pageId: 'p2' },
            { spaceId: 'sp2', pageId: 'g' },
          ],
        },
      ],
    ]);
    expect(refs.pageUrl('p2', undefined, 'sp2')).toBe('/sites/o/d/v2/api/intro');
    expect(refs.pageUrl('p2', 'step 1', 'sp2')).toBe('/sites/o/d/v2/api/intro#step%201');
    expect(refs.pageTitle?.('p2', 'sp2')).toBe('Intro');
    // A group, an unknown page, a space the site does not publish: text.
    expect(refs.pageUrl('g', undefined, 'sp2')).toBeUndefined();
    expect(refs.pageUrl('x', undefined, 'not-published')).toBeUndefined();
    expect(refs.spaceUrl?.('sp2')).toBe('/sites/o/d/v2/');
    expect(refs.spaceUrl?.('sp1')).toBe('/sites/o/d/v1/');
    expect(refs.spaceUrl?.('not-published')).toBeUndefined();
  });

  it('reads operations in one call and shows a missing one, or specs failing, as "not available"', async () => {
    const op = {
      method: 'get',
      path: '/pets',
      summary: 'List pets',
      parameters: [{ name: 'limit', in: 'query', required: false, type: 'integer', description: '' }],
      responses: [],
    };
    const { deps, calls } = fakeDeps({
      operations: [
        { spec: 'pets', path: '/pets', method: 'get', found: true, operation: specs.OpenApiOperation.fromPartial(op) },
        { spec: 'pets', path: '/gone', method: 'get', found: false, operation: undefined },
      ],
    });
    const refs = await loadPageReferences(deps, content, tree, siteSpaces, doc(operation('pets', 'get', '/pets'), operation('pets', 'get', '/gone')));
    expect(calls.map(([name]) => name)).toEqual(['operations']);
    const block = (path: string) => ({ type: 'openapi-operation' as const, data: { ref: { kind: 'openapi', spec: 'pets' }, method: 'GET', path } });
    expect(refs.openapi?.(block('/pets'))).toMatchObject({
      title: 'List pets',
      method: 'get',
      path: '/pets',
      parameters: [{ name: 'limit', type: 'integer' }],
    });
    expect(refs.openapi?.(block('/gone'))).toEqual({ unavailable: true });
    // A schemas block naming nothing readable is not available.
    expect(refs.openapi?.({ type: 'openapi-schemas', data: {} })).toEqual({ unavailable: true });

    const down = fakeDeps({ fail: true });
    const degraded = await loadPageReferences(
      down.deps,
      content,
      tree,
      siteSpaces,
      doc(operation('pets', 'get', '/pets'), link({ kind: 'page', page: 'p2', space: 'sp2' })),
    );
    expect(degraded.openapi?.(block('/pets'))).toEqual({ unavailable: true });
    expect(degraded.pageUrl('p2', undefined, 'sp2')).toBeUndefined();
    // Not complete: the page is not kept in the answer cache, the next visit reads again.
    expect(refs.isComplete).toBe(true);
    expect(degraded.isComplete).toBe(false);
  });

  it('reads webhooks, schemas and swagger operations in the same one call; missing ones are "not available", a swagger block not in specs is left to page-html', async () => {
    const webhook = { method: 'post', name: 'newPet', summary: 'A pet was added', parameters: [], responses: [] };
    const schema = { name: 'Pet', type: 'object', description: 'A pet', schema: '{}' };
    const { deps, calls } = fakeDeps({
      specs: {
        webhooks: [
          { spec: 'pets', name: 'newPet', method: 'post', found: true, webhook: specs.OpenApiOperation.fromPartial(webhook) },
          { spec: 'pets', name: 'gone', method: 'post', found: false, webhook: undefined },
        ],
        schemas: [
          { spec: 'pets', name: 'Pet', found: true, schema },
          { spec: 'pets', name: 'Owner', found: false, schema: undefined },
          { spec: 'pets', name: 'Tag', found: false, schema: undefined },
        ],
        swaggerOperations: [
          {
            url: 'https://q.test/v1/orgs/o/openapi/pets',
            path: '/pets',
            method: 'get',
            found: true,
            operation: specs.OpenApiOperation.fromPartial({ method: 'get', path: '/pets' }),
          },
          { url: 'https://example.com/x.yaml', path: '/pets', method: 'get', found: false, operation: undefined },
        ],
      },
    });
    const webhookData = (name: string) => ({ ref: { kind: 'openapi', spec: 'pets' }, name, method: 'post' });
    const schemasData = (...schemas: string[]) => ({ ref: { kind: 'openapi', spec: 'pets' }, schemas });
    const swaggerData = (url: string) => ({ ref: { kind: 'url', url }, method: 'get', path: '/pets' });
    const refs = await loadPageReferences(
      deps,
      content,
      tree,
      siteSpaces,
      doc(
        voidBlock('openapi-webhook', webhookData('newPet')),
        voidBlock('openapi-webhook', webhookData('gone')),
        voidBlock('openapi-schemas', schemasData('Pet', 'Owner')),
        voidBlock('openapi-schemas', schemasData('Tag')),
        voidBlock('swagger', swaggerData('https://q.test/v1/orgs/o/openapi/pets')),
        voidBlock('swagger', swaggerData('https://example.com/x.yaml')),
      ),
    );
    expect(calls).toEqual([
      [
        'operations',
        {
          apiToken: 'token-of-the-url',
          operations: [],
          webhooks: [
            { spec: 'pets', name: 'newPet', method: 'post' },
            { spec: 'pets', name: 'gone', method: 'post' },
          ],
          schemas: [
            { spec: 'pets', name: 'Pet' },
            { spec: 'pets', name: 'Owner' },
            { spec: 'pets', name: 'Tag' },
          ],
          swaggerOperations: [
            { url: 'https://q.test/v1/orgs/o/openapi/pets', path: '/pets', method: 'get' },
            { url: 'https://example.com/x.yaml', path: '/pets', method: 'get' },
          ],
        },
      ],
    ]);
    expect(refs.openapi?.({ type: 'openapi-webhook', data: webhookData('newPet') })).toMatchObject({
      title: 'A pet was added',
      method: 'post',
      webhook: 'newPet',
    });
    expect(refs.openapi?.({ type: 'openapi-webhook', data: webhookData('gone') })).toEqual({ unavailable: true });
    expect(refs.openapi?.({ type: 'openapi-schemas', data: schemasData('Pet', 'Owner') })).toEqual({
      schemas: [
        { name: 'Pet', type: 'object', description: 'A pet', schema: '{}' },
        { name: 'Owner', unavailable: true },
      ],
    });
    expect(refs.openapi?.({ type: 'openapi-schemas', data: schemasData('Tag') })).toEqual({ unavailable: true });
    expect(refs.openapi?.({ type: 'swagger', data: swaggerData('https://q.test/v1/orgs/o/openapi/pets') })).toMatchObject({ method: 'get', path: '/pets' });
    expect(refs.openapi?.({ type: 'swagger', data: swaggerData('https://example.com/x.yaml') })).toBeUndefined();

    // Specs failing: every block says so (a swagger block shows its address).
    const down = fakeDeps({ fail: true });
    const degraded = await loadPageReferences(down.deps, content, tree, siteSpaces, doc(voidBlock('openapi-webhook', webhookData('newPet'))));
    expect(degraded.openapi?.({ type: 'openapi-webhook', data: webhookData('newPet') })).toEqual({ unavailable: true });
    expect(degraded.openapi?.({ type: 'openapi-schemas', data: schemasData('Pet') })).toEqual({ unavailable: true });
    expect(degraded.openapi?.({ type: 'swagger', data: swaggerData('https://example.com/x.yaml') })).toBeUndefined();
  });

  it('shows an operation with its path and a webhook with its name', () => {
    const operation = specs.OpenApiOperation.fromPartial({ method: 'get', path: '/pets', responses: [{ status: '200' }] });
    expect(operationViewOf(operation)).toMatchObject({ method: 'get', path: '/pets', webhook: undefined, parameters: [], responses: [{ status: '200' }] });
    expect(operationViewOf({ ...operation, path: '', name: 'newPet' })).toMatchObject({ path: undefined, webhook: 'newPet' });
    expect(schemaViewOf(specs.OpenApiSchema.fromPartial({ name: 'Pet' }))).toEqual({ name: 'Pet', type: '', description: '', schema: '' });
  });
});

describe('searchPagingOf', () => {
  it('links the previous page from the second on, and the next one while sites found more, up to page 50', () => {
    expect(searchPagingOf('/s/~search', 'a b&c', 1, false)).toEqual({});
    expect(searchPagingOf('/s/~search', 'a b&c', 1, true)).toEqual({ nextUrl: '/s/~search?q=a%20b%26c&page=2' });
    expect(searchPagingOf('/s/~search', 'x', 2, false)).toEqual({ previousUrl: '/s/~search?q=x' });
    expect(searchPagingOf('/s/~search', 'x', 50, true)).toEqual({ previousUrl: '/s/~search?q=x&page=49' });
  });
});
