/* eslint-disable @typescript-eslint/no-explicit-any -- OpenAPI documents are untyped JSON here */
type Json = any;

const ITEM_METHODS = ['get', 'patch', 'put', 'delete'];

/** The field of a created resource's body that its item path takes; `id` unless named here. */
const BODY_FIELD: Record<string, string> = { fieldName: 'name', specSlug: 'slug' };

/**
 * OpenAPI links from each operation that creates a resource (a 200 or 201 answer with a body) to
 * the operations on that resource: `<collection>/{id}` under the same path, or `/<collection>/{id}`
 * at the root (`POST /orgs/{o}/spaces` → `GET /spaces/{spaceId}`). The new resource's id comes from
 * the answer, the other path parameters from the creating request. Clients and schemathesis's
 * stateful phase follow them: create → read → update → delete.
 */
export function addCreateLinks(paths: Record<string, Record<string, Json>>): void {
  for (const [path, item] of Object.entries(paths)) {
    for (const method of ['post', 'put']) {
      const operation = item[method];
      const created = operation && (['201', '200'] as const).find((status) => operation.responses[status]?.content);
      if (!created) continue;
      const collection = path.split('/').pop() as string;
      const itemPaths = Object.keys(paths).filter((candidate) => {
        const match = /^(.*)\/\{\w+\}$/.exec(candidate);
        return match !== null && (match[1] === path || match[1] === `/${collection}`);
      });
      const links: Record<string, Json> = {};
      for (const itemPath of itemPaths) {
        const resourceParam = /\{(\w+)\}$/.exec(itemPath)![1] as string;
        const parameters: Record<string, string> = {};
        for (const [, name] of itemPath.matchAll(/\{(\w+)\}/g)) {
          if (name === resourceParam) parameters[name] = `$response.body#/${BODY_FIELD[name] ?? 'id'}`;
          else if (path.includes(`{${name}}`)) parameters[name as string] = `$request.path.${name}`;
        }
        if (Object.keys(parameters).length !== [...itemPath.matchAll(/\{\w+\}/g)].length) continue;
        for (const target of ITEM_METHODS) {
          const targetOperation = paths[itemPath]?.[target];
          if (targetOperation) links[targetOperation.operationId] = { operationId: targetOperation.operationId, parameters };
        }
      }
      if (Object.keys(links).length) operation.responses[created].links = links;
    }
  }
}
