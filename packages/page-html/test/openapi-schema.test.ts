import { createDocument } from '@mixmark-io/domino';
import { exampleOf, typeOf } from '../src/render/openapi-schema';
import { context, doc, render, voidBlock } from './document-builders';

// OpenAPI schemas as GitBook shows them: nested property tables (type, required, enum, default,
// description as markdown), an example built from the schema, request samples in curl,
// JavaScript and Python. Everything from the spec is text.

const PET = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string', description: "The pet's **name** <script>x</script>", example: 'Rex' },
    status: { type: 'string', enum: ['available', 'sold'], default: 'available' },
    tags: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer', format: 'int64' } } } },
    owner: { type: 'object', properties: { email: { type: 'string', format: 'email' } } },
  },
};

async function operationPage() {
  const page = await render(doc(voidBlock('openapi-operation', { path: '/pets', method: 'post', ref: { kind: 'openapi', spec: 'petstore' } })), {
    ...context,
    openapi: () => ({
      method: 'post',
      path: '/pets/{petId}',
      parameters: [
        { name: 'limit', in: 'query', type: 'integer', required: true, description: 'At most `100`' },
        { name: 'X-Trace', in: 'header', type: 'string', required: true },
      ],
      requestBody: { contentType: 'application/json', schema: JSON.stringify(PET) },
      responses: [{ status: '200', contentType: 'application/json', schema: JSON.stringify({ type: 'array', items: PET }) }],
    }),
  });
  return createDocument(`<!doctype html><html><body>${page.html}</body></html>`) as unknown as Document;
}

describe('OpenAPI schemas', () => {
  it('names types, and builds examples from example, default, enum and types', () => {
    expect(typeOf({ type: 'array', items: { type: 'integer', format: 'int64' } })).toBe('array of integer (int64)');
    expect(typeOf({ type: ['string', 'null'] })).toBe('string | null');
    expect(exampleOf(PET)).toEqual({ name: 'Rex', status: 'available', tags: [{ id: 0 }], owner: { email: 'string' } });
    expect(exampleOf({ allOf: [{ properties: { a: { type: 'boolean' } } }, { properties: { b: { type: 'number' } } }] })).toEqual({ a: true, b: 0 });
  });

  it('shows the request body as a property table, nested objects as nested tables, descriptions as markdown, escaped', async () => {
    const page = await operationPage();
    const [body] = Array.from(page.querySelectorAll('.openapi-properties'));
    const rows = Array.from(body!.querySelector('tbody')!.children).map((tr) =>
      Array.from(tr.children)
        .slice(0, 3)
        .map((c) => c.textContent),
    );
    expect(rows).toEqual([
      ['name', 'string', 'yes'],
      ['status', 'string', 'no'],
      ['tags', 'array of object', 'no'],
      ['owner', 'object', 'no'],
    ]);
    const [nameRow, statusRow] = Array.from(body!.querySelector('tbody')!.children);
    expect(nameRow!.lastElementChild!.innerHTML).toBe("<p>The pet's <strong>name</strong> x</p>");
    expect(statusRow!.lastElementChild!.textContent).toBe('One of: "available", "sold"Default: "available"');
    expect(body!.querySelectorAll('.openapi-properties .openapi-properties code')[0]!.textContent).toBe('id');
    expect(page.querySelectorAll('script').length).toBe(0);
    expect(page.querySelector('td code')?.textContent).toBe('100');
  });

  it('shows examples of the request and the response, and request samples in curl, JavaScript and Python', async () => {
    const page = await operationPage();
    const examples = Array.from(page.querySelectorAll('.code-block')).filter((b) => b.querySelector('.code-title'));
    expect(examples.map((b) => b.querySelector('.code-title')!.textContent)).toEqual(['Example request', 'Example response']);
    expect(JSON.parse(examples[1]!.querySelector('code')!.textContent!)).toEqual([
      { name: 'Rex', status: 'available', tags: [{ id: 0 }], owner: { email: 'string' } },
    ]);
    const samples = Array.from(page.querySelectorAll('.openapi-samples > .tab'));
    expect(samples.map((s) => s.querySelector('.tab-title')!.textContent)).toEqual(['curl', 'JavaScript', 'Python']);
    const [curl, js, python] = samples.map((s) => s.querySelector('code')!.textContent);
    expect(curl).toBe(
      'curl -X POST "$BASE_URL/pets/{petId}?limit=integer" \\\n  -H "X-Trace: string" \\\n  -H "Content-Type: application/json" \\\n' +
        `  --data '${JSON.stringify({ name: 'Rex', status: 'available', tags: [{ id: 0 }], owner: { email: 'string' } }, null, 2).replace(/'/g, "'\\''")}'`,
    );
    expect(js).toContain("method: 'POST',");
    expect(js).toContain('body: JSON.stringify({');
    expect(python).toContain(
      'requests.request("POST", BASE_URL + "/pets/{petId}?limit=integer", headers={"X-Trace": "string", "Content-Type": "application/json"}, json={',
    );
  });
});
