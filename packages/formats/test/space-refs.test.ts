import { documentToMarkdown, markdownToDocument, readSpaceRefTarget, spaceRefTarget } from '../src';

// What markdown stores for the blocks and links the reader needs: GitBook's
// `openapi-operation` tag, and links to other spaces as `quire-ref:` targets, read back as the same references.

const text = (value: string) => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: [] }] });
const link = (ref: Record<string, unknown>, label: string) => ({ object: 'inline', type: 'link', data: { ref }, nodes: [text(label)] });
const operation = (data: Record<string, unknown>) => ({ object: 'block', type: 'openapi-operation', isVoid: true, data });
const roundTrip = (nodes: unknown[]) => {
  const markdown = documentToMarkdown({ object: 'document', nodes } as never);
  const resolveRef = (target: string) => readSpaceRefTarget(target) ?? { kind: 'url' as const, url: target };
  return { markdown, document: markdownToDocument(markdown, { resolveRef }) };
};

describe('openapi-operation blocks in markdown', () => {
  it("are GitBook's tag and read back as the same block", () => {
    const { markdown, document } = roundTrip([operation({ ref: { kind: 'openapi', spec: 'petstore' }, path: '/pets/{petId}', method: 'get' })]);
    expect(markdown).toBe('{% openapi-operation spec="petstore" path="/pets/{petId}" method="get" %}\n{% endopenapi-operation %}');
    expect(document.nodes).toEqual([
      expect.objectContaining({
        type: 'openapi-operation',
        isVoid: true,
        data: { ref: { kind: 'openapi', spec: 'petstore' }, path: '/pets/{petId}', method: 'get' },
      }),
    ]);
  });

  it("reads GitBook's own form, with the link it puts inside, and leaves out a block whose values a tag cannot hold", () => {
    const gitbook = '{% openapi-operation spec="pets" path="/pets" method="post" %}\n[OpenAPI pets](https://example.com/pets.yaml)\n{% endopenapi-operation %}';
    expect(markdownToDocument(gitbook).nodes).toEqual([
      expect.objectContaining({ type: 'openapi-operation', data: { ref: { kind: 'openapi', spec: 'pets' }, path: '/pets', method: 'post' } }),
    ]);
    expect(documentToMarkdown({ object: 'document', nodes: [operation({ ref: { kind: 'openapi', spec: 'a"b' }, path: '/x', method: 'get' })] } as never)).toBe(
      '',
    );
    expect(
      documentToMarkdown({ object: 'document', nodes: [operation({ ref: { kind: 'openapi', spec: 'a' }, path: '/x\n{% hint %}', method: 'get' })] } as never),
    ).toBe('');
  });
});

describe('openapi-schemas, openapi-webhook and swagger blocks in markdown', () => {
  const block = (type: string, data: Record<string, unknown>) => ({ object: 'block', type, isVoid: true, data });

  it("are GitBook's tags and read back as the same blocks", () => {
    const blocks = [
      block('openapi-schemas', { ref: { kind: 'openapi', spec: 'petstore' }, schemas: ['Pet', 'Owner'], grouped: false }),
      block('openapi-webhook', { ref: { kind: 'openapi', spec: 'petstore' }, name: 'newPet', method: 'post' }),
      block('swagger', { ref: { kind: 'url', url: 'https://example.com/pets.yaml' }, path: '/pets', method: 'get' }),
    ];
    const { markdown, document } = roundTrip(blocks);
    expect(markdown).toBe(
      '{% openapi-schemas spec="petstore" schemas="Pet,Owner" grouped="false" %}\n{% endopenapi-schemas %}\n\n' +
        '{% openapi-webhook spec="petstore" name="newPet" method="post" %}\n{% endopenapi-webhook %}\n\n' +
        '{% swagger src="https://example.com/pets.yaml" path="/pets" method="get" %}',
    );
    expect(document.nodes).toEqual(blocks.map((b) => expect.objectContaining(b)));
  });

  it("reads GitBook's own form (grouped by default, a link inside) and leaves out a block whose values a tag cannot hold", () => {
    const gitbook = '{% openapi-schemas spec="gitbook" schemas="Space, User" %}\n[OpenAPI gitbook](https://x.test/o.yaml)\n{% endopenapi-schemas %}';
    expect(markdownToDocument(gitbook).nodes).toEqual([
      expect.objectContaining({ type: 'openapi-schemas', data: { ref: { kind: 'openapi', spec: 'gitbook' }, schemas: ['Space', 'User'] } }),
    ]);
    const md = (type: string, data: Record<string, unknown>) => documentToMarkdown({ object: 'document', nodes: [block(type, data)] } as never);
    expect(md('openapi-schemas', { ref: { kind: 'openapi', spec: 'p' }, schemas: ['a,b'] })).toBe('');
    expect(md('openapi-schemas', { ref: { kind: 'openapi', spec: 'p' }, schemas: [] })).toBe('');
    expect(md('openapi-webhook', { ref: { kind: 'openapi', spec: 'p' }, name: 'a"b', method: 'post' })).toBe('');
    expect(md('swagger', { ref: { kind: 'url', url: 'https://x.test/%}' }, path: '/x', method: 'get' })).toBe('');
    expect(md('swagger', { ref: { kind: 'file', file: 'f1' }, path: '/x', method: 'get' })).toBe('');
    expect(md('swagger', { ref: { kind: 'url', url: 'https://x.test/a?q="1"' }, path: '/x', method: 'get' })).toBe(
      '{% swagger src="https://x.test/a?q=%221%22" path="/x" method="get" %}',
    );
  });
});

describe('links to other spaces in markdown', () => {
  it('are quire-ref: targets that read back as page, anchor and space references', () => {
    const { markdown, document } = roundTrip([
      {
        object: 'block',
        type: 'paragraph',
        nodes: [
          link({ kind: 'page', page: 'p1', space: 's2' }, 'page'),
          text(' '),
          link({ kind: 'anchor', page: 'p1', space: 's2', anchor: 'set up' }, 'anchor'),
          text(' '),
          link({ kind: 'space', space: 's2' }, 'space'),
        ],
      },
    ]);
    expect(markdown).toBe('[page](quire-ref:space/s2/page/p1) [anchor](quire-ref:space/s2/page/p1#set%20up) [space](quire-ref:space/s2)');
    const refs = JSON.stringify(document).match(/"ref":\{[^}]*\}/g);
    expect(refs).toEqual([
      '"ref":{"kind":"page","page":"p1","space":"s2"}',
      '"ref":{"kind":"anchor","anchor":"set up","page":"p1","space":"s2"}',
      '"ref":{"kind":"space","space":"s2"}',
    ]);
  });

  it('refuses what is no such target', () => {
    for (const target of ['quire-ref:space/', 'quire-ref:space/a b', 'quire-ref:space/s#x', 'https://x.test/', 'quire-ref:space/s/page/p#%E0%A4%A']) {
      expect(readSpaceRefTarget(target)).toBeNull();
    }
    expect(spaceRefTarget({ kind: 'page', page: 'p' })).toBeNull();
    expect(spaceRefTarget({ kind: 'page', page: '../x', space: 's' })).toBeNull();
  });
});
