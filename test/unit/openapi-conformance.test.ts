import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';

// Every operation of Quire's own document (docs/openapi.json) lined up with the GitBook
// reference (@gitbook/api@0.143.2; 0.91.0 for custom fields; 0.202.0 for batch content edits): same path, method, parameters (name,
// `in`, required, enum) and success statuses; and the parameters today's client (0.202.0) added to
// them taken as it declares them, or listed as ignored. The differences Quire makes on purpose are listed
// below with their reason; any other difference fails. Path parameters are compared by the path's
// shape and names. The success bodies are the reference's by construction, except the components
// the spec shapes otherwise (tools/openapi/src/spec-deviations.ts, each marked
// `x-quire-deviation` with its reason); the e2e suite validates every answer against them.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- OpenAPI documents are untyped JSON here
type Json = any;

const ROOT = join(__dirname, '..', '..');
const quire: Json = JSON.parse(readFileSync(join(ROOT, 'docs/openapi.json'), 'utf8'));
const references: Json[] = ['@gitbook/api', 'gitbook-api-091', 'gitbook-api-0202'].map((pkg) =>
  JSON.parse(readFileSync(require.resolve(`${pkg}/spec/openapi.json`), 'utf8')),
);

const TODAYS = "today's client (0.202.0) has it; Quire honours it";

/** Deliberate differences, `METHOD path in:name` → why. */
const DEVIATIONS: Record<string, string> = {
  'GET /orgs/{organizationId}/sites/{siteId}/insights/visitor-segments query:page':
    'Quire paginates every list the same way (docs/conventions.md, lists); the reference answers visitor segments in one page',
  'GET /orgs/{organizationId}/sites/{siteId}/insights/visitor-segments query:limit': 'as above: the page size of the same pagination',
  'GET /spaces/{spaceId}/change-requests query:orderBy': TODAYS,
  'GET /spaces/{spaceId}/change-requests query:requestedReviewer': `${TODAYS}: no change request awaits a review (Quire has no review requests)`,
  'GET /spaces/{spaceId}/change-requests query:topic': `${TODAYS}: no change request is linked to a site topic (Quire has none)`,
  'GET /orgs/{organizationId}/change-requests query:status': `${TODAYS}: a list of statuses (open by default) where 0.143.2 took one`,
  ...Object.fromEntries(['orderBy', 'space', 'finding'].map((name) => [`GET /orgs/{organizationId}/change-requests query:${name}`, TODAYS])),
  ...Object.fromEntries(
    ['requestedReviewer', 'topic', 'site', 'styleguideRun'].map((name) => [
      `GET /orgs/{organizationId}/change-requests query:${name}`,
      `${TODAYS}: Quire links change requests to no review request, site topic, site or style-guide run, so it matches none`,
    ]),
  ),
  'GET /orgs/{organizationId}/sites/{siteId}/share-links query:search': TODAYS,
  'POST /orgs query:withDefaultSite': "today's client (0.202.0) has it; Quire honours it (docs/permissions.md, Organizations)",
  'POST /orgs query:openapiUrl': "today's client (0.202.0) has it; Quire accepts it and imports nothing (docs/permissions.md, Organizations)",
  'GET /orgs/{organizationId}/sites/{siteId}/redirects query:draft': "today's client (0.202.0) has it; Quire honours it",
  'GET /orgs/{organizationId}/sites/{siteId}/redirects query:orderBy': "today's client (0.202.0) has it; Quire honours it",
  'GET /orgs/{organizationId}/members query:sort': `${TODAYS} (sort=name)`,
  'PATCH /orgs/{organizationId}/sites/{siteId}/external-links/{siteExternalLinkId} header:prefer':
    'a preference (RFC 7240) a server may ignore: Quire always answers the updated external link, which the reference declares too',
  ...Object.fromEntries(
    ['order', 'role', 'search', 'sort', 'team'].map((name) => [`GET /orgs/{organizationId}/sites/{siteId}/permissions/aggregate query:${name}`, TODAYS]),
  ),
  ...Object.fromEntries(
    [
      '/spaces/{spaceId}/content/page/{pageId}',
      '/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}',
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}',
    ].flatMap((path) => [
      [`GET ${path} query:format.markdown.refs`, `${TODAYS}: links by path as stored, or by id`],
      [`GET ${path} query:dereferenced`, `${TODAYS}: nothing to expand (no reusable content), so the page reads the same`],
    ]),
  ),
  // A page by path takes today's client's page-read parameters, and one more.
  ...Object.fromEntries(
    [
      '/spaces/{spaceId}/content/path/{pagePath}',
      '/spaces/{spaceId}/revisions/{revisionId}/path/{pagePath}',
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content/path/{pagePath}',
    ].flatMap((path) => [
      [`GET ${path} query:format.markdown.refs`, `${TODAYS}: links by path as stored, or by id`],
      [`GET ${path} query:dereferenced`, `${TODAYS}: nothing to expand (no reusable content), so the page reads the same`],
      [`GET ${path} query:cachedMetadata`, `${TODAYS}: Quire has no git metadata to serve from a cache, so the page reads the same`],
    ]),
  ),
  'POST /spaces/{spaceId}/comments/{commentId}/replies query:format':
    "the reference has it on a change request's reply post (postCommentReplyInChangeRequest); one route serves both, so the answer's body takes it here too",
  'GET /spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/document query:dereferenced': `${TODAYS}: nothing to expand (no reusable content), so the document reads the same`,
};

/**
 * Parameters today's client (0.202.0) has on the seed's operations that Quire accepts and ignores,
 * `METHOD path in:name` → why (docs/conventions.md, today's client). Every other parameter of
 * 0.202.0 on them Quire takes as 0.202.0 declares it: none is ignored unlisted.
 */
const PREFER = 'a preference (RFC 7240) a server may ignore: Quire always answers the representation, which 0.202.0 declares too';
const IGNORED_TODAY: Record<string, string> = Object.fromEntries(
  [
    'PATCH /spaces/{spaceId}/change-requests/{changeRequestId}',
    'POST /orgs/{organizationId}/sites/{siteId}/site-spaces',
    'PATCH /orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}',
    'PATCH /orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}',
    'PATCH /orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}',
    'PATCH /orgs/{organizationId}/sites/{siteId}/structure/sort',
    'PATCH /orgs/{organizationId}/sites/{siteId}/external-links/{siteExternalLinkId}',
  ].map((operation) => [`${operation} header:prefer`, PREFER]),
);

/** Paths whose parameter names differ from the reference's (names are not on the wire) → why. */
const PATH_NAME_DEVIATIONS: Record<string, string> = {
  '/orgs/{organizationId}/translations/{translationSettingsId}':
    'the spec (docs-platform-api.md, translations) names the parameter translationSettingsId; the reference calls it translationId',
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

function operations(document: Json): { path: string; method: string; operation: Json; item: Json }[] {
  return Object.entries<Json>(document.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ path, method, operation: item[method], item })),
  );
}

function referenceOf(method: string, path: string): { document: Json; path: string; operation: Json; item: Json } | undefined {
  for (const document of references) {
    const found = operations(document).find((o) => o.method === method && shape(o.path) === shape(path));
    if (found) return { document, ...found };
  }
  return undefined;
}

function parametersOf(document: Json, item: Json, operation: Json): Map<string, Json> {
  const resolve = (p: Json) => (p.$ref ? document.components.parameters[p.$ref.split('/').pop()] : p);
  const all = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map(resolve);
  return new Map(all.map((p: Json) => [`${p.in}:${p.name}`, p]));
}

/**
 * The values a parameter accepts when they can be listed, as query strings: an enum, a boolean
 * (`true`/`false`), a `$ref` to either, or a union of them; undefined for free-form values.
 */
function acceptedValues(document: Json, schema: Json): string[] | undefined {
  if (!schema) return undefined;
  if (schema.$ref) return acceptedValues(document, document.components.schemas[schema.$ref.split('/').pop()]);
  if (schema.enum) return [...new Set<string>(schema.enum.filter((v: unknown) => v !== null).map(String))].sort();
  if (schema.type === 'boolean') return ['false', 'true'];
  const union = schema.oneOf ?? schema.anyOf;
  if (!union) return undefined;
  const parts = union.map((s: Json) => acceptedValues(document, s));
  return parts.every(Boolean) ? [...new Set<string>(parts.flat())].sort() : undefined;
}

const seedOperations = operations(quire).filter((o) => !o.operation['x-quire-extension']);

describe("Quire's OpenAPI document against the GitBook reference", () => {
  it('has a reference operation for every operation not marked as an extension, and none for an extension', () => {
    expect(seedOperations.filter((o) => !referenceOf(o.method, o.path)).map((o) => `${o.method} ${o.path}`)).toEqual([]);
    const extensions = operations(quire).filter((o) => o.operation['x-quire-extension']);
    expect(extensions.length).toBeGreaterThan(0);
    expect(extensions.filter((o) => referenceOf(o.method, o.path)).map((o) => `${o.method} ${o.path}`)).toEqual([]);
  });

  it('uses the same operationId, path parameter names and success statuses', () => {
    const differences: string[] = [];
    for (const o of seedOperations) {
      const ref = referenceOf(o.method, o.path)!;
      if (ref.path !== o.path && !PATH_NAME_DEVIATIONS[o.path]) differences.push(`${o.method} ${o.path}: the reference names its path ${ref.path}`);
      if (ref.operation.operationId !== o.operation.operationId)
        differences.push(`${o.method} ${o.path}: operationId ${o.operation.operationId}, reference ${ref.operation.operationId}`);
      const success = (responses: Json) =>
        Object.keys(responses)
          .filter((s) => /^2/.test(s))
          .sort();
      if (JSON.stringify(success(o.operation.responses)) !== JSON.stringify(success(ref.operation.responses)))
        differences.push(`${o.method} ${o.path}: success ${success(o.operation.responses)}, reference ${success(ref.operation.responses)}`);
    }
    expect(differences).toEqual([]);
  });

  it('takes the same parameters (name, in, required, enum), apart from the listed deviations', () => {
    const differences: string[] = [];
    const used = new Set<string>();
    for (const o of seedOperations) {
      const ref = referenceOf(o.method, o.path)!;
      const mine = parametersOf(quire, o.item, o.operation);
      const theirs = parametersOf(ref.document, ref.item, ref.operation);
      const label = (key: string) => `${o.method.toUpperCase()} ${o.path} ${key}`;
      for (const key of new Set([...mine.keys(), ...theirs.keys()].filter((k) => !k.startsWith('path:')))) {
        const [a, b] = [mine.get(key), theirs.get(key)];
        const problem = !a
          ? 'missing in Quire'
          : !b
            ? 'not in the reference'
            : !!a.required !== !!b.required
              ? `required ${!!a.required}, reference ${!!b.required}`
              : JSON.stringify(acceptedValues(quire, a.schema)) !== JSON.stringify(acceptedValues(ref.document, b.schema))
                ? `accepts ${acceptedValues(quire, a.schema)}, reference ${acceptedValues(ref.document, b.schema)}`
                : null;
        if (!problem) continue;
        if (DEVIATIONS[label(key)]) used.add(label(key));
        else differences.push(`${label(key)}: ${problem}`);
      }
    }
    expect(differences).toEqual([]);
    // A deviation that no longer happens is removed from the list, so the list stays true.
    expect(Object.keys(DEVIATIONS).filter((d) => !used.has(d))).toEqual([]);
  });

  it("takes every parameter today's client (0.202.0) has on the seed's operations as it declares it, or lists it as ignored", () => {
    const today = references[2];
    const differences: string[] = [];
    const used = new Set<string>();
    for (const o of seedOperations) {
      const theirs = operations(today).find((t) => t.method === o.method && shape(t.path) === shape(o.path));
      if (!theirs) continue;
      const mine = parametersOf(quire, o.item, o.operation);
      for (const [key, b] of parametersOf(today, theirs.item, theirs.operation)) {
        if (key.startsWith('path:')) continue;
        const label = `${o.method.toUpperCase()} ${o.path} ${key}`;
        const a = mine.get(key);
        const problem = !a
          ? 'not taken'
          : !!a.required !== !!b.required
            ? `required ${!!a.required}, 0.202.0 ${!!b.required}`
            : JSON.stringify(acceptedValues(quire, a.schema)) !== JSON.stringify(acceptedValues(today, b.schema))
              ? `accepts ${acceptedValues(quire, a.schema)}, 0.202.0 ${acceptedValues(today, b.schema)}`
              : null;
        if (!problem) continue;
        if (IGNORED_TODAY[label]) used.add(label);
        else differences.push(`${label}: ${problem}`);
      }
    }
    expect(differences).toEqual([]);
    expect(Object.keys(IGNORED_TODAY).filter((d) => !used.has(d))).toEqual([]);
  });

  it('names only reference components in success bodies, or deviations that give their reason', () => {
    const contract = references[0];
    const problems: string[] = [];
    const seen = new Set<string>();
    const visit = (value: Json, where: string): void => {
      if (Array.isArray(value)) return value.forEach((v) => visit(v, where));
      if (!value || typeof value !== 'object') return;
      if (typeof value.$ref === 'string' && value.$ref.startsWith('#/components/schemas/')) {
        const name = value.$ref.split('/').pop() as string;
        if (seen.has(name)) return;
        seen.add(name);
        const component = quire.components.schemas[name];
        const inReference = references.some((r) => r.components.schemas[name.replace(/_0_(91|202)_0$/, '')]);
        if (component['x-quire-deviation'] !== undefined) {
          if (typeof component['x-quire-deviation'] !== 'string' || component['x-quire-deviation'].length < 40)
            problems.push(`${name}: a deviation without its reason`);
          if (inReference) problems.push(`${name}: a deviation named like a reference component`);
        } else if (!inReference) problems.push(`${name} (in ${where}): neither in the reference nor a deviation`);
        visit(component, where);
        return;
      }
      for (const child of Object.values(value)) visit(child, where);
    };
    for (const o of seedOperations)
      for (const [status, answer] of Object.entries<Json>(o.operation.responses)) if (/^2/.test(status)) visit(answer, `${o.method} ${o.path}`);
    expect(problems).toEqual([]);
    // The two the spec decides; the site origin, merge rules and external links of today's client; two unsatisfiable reference shapes; and nothing of the reference's left in their place.
    expect([...seen].filter((name) => quire.components.schemas[name]['x-quire-deviation']).sort()).toEqual([
      'MergeRuleOfToday',
      'PlainJSONObject',
      'RevisionSemanticChangePageEditedAnyAttributes',
      'SiteSectionGroupWithLinks',
      'SiteStructureWithLinks',
      'TranslationSettings',
      'UserSitePermissionWithSiteOrigin',
    ]);
    expect(seen.has('Translation') || seen.has('PlainObject') || seen.has('MergeRule') || seen.has('SiteStructure') || seen.has('SiteSectionGroup')).toBe(
      false,
    );
    // Pending SAML providers answer the reference's shape: no deviation of their own.
    expect(seen.has('OrganizationSAMLProvider')).toBe(true);
    // A scalar claim matches exactly one branch of a plain object's values (found by schemathesis, seed 7).
    expect(quire.components.schemas.PlainJSONObject.type).toBe('object');
    expect(contract.components.schemas.Translation).toBeDefined();
  });

  it('maps every discriminator value to its variant (the reference names none, so its values would be schema names)', () => {
    const problems: string[] = [];
    for (const [name, schema] of Object.entries<Json>(quire.components.schemas)) {
      if (!schema.discriminator) continue;
      const variants: string[] = (schema.oneOf ?? schema.anyOf ?? []).map((v: Json) => v.$ref);
      const mapping: Record<string, string> = schema.discriminator.mapping ?? {};
      const mapped = new Set(Object.values(mapping));
      for (const variant of variants) if (!mapped.has(variant)) problems.push(`${name}: ${variant} has no discriminator value`);
      for (const [value, target] of Object.entries(mapping)) {
        const declared = JSON.stringify(quire.components.schemas[target.split('/').pop() as string]);
        if (!declared.includes(`"${schema.discriminator.propertyName}":{"type":"string"`) || !declared.includes(`"${value}"`))
          problems.push(`${name}: ${value} → ${target}, which does not declare it`);
      }
    }
    expect(problems).toEqual([]);
    expect(quire.components.schemas.Revision.discriminator.mapping.edits).toBe('#/components/schemas/RevisionTypeEdits');
  });

  it('answers 403 for a signed link that is invalid or expired', () => {
    const signed = operations(quire).filter((o) => Array.isArray(o.operation.security) && o.operation.security.length === 0 && !o.item.servers);
    expect(signed.map((o) => `${o.method} ${o.path}`).sort()).toEqual([
      'get /file-downloads/{revisionId}/{fileId}',
      'get /openapi-documents/{versionId}',
      'get /pdf-exports/{spaceId}/{revisionId}/{scope}',
    ]);
    for (const o of signed) expect(Object.keys(o.operation.responses)).toContain('403');
    // An OpenAPI document is answered as uploaded, JSON or YAML, each under its own media type (found by schemathesis).
    expect(Object.keys(quire.paths['/openapi-documents/{versionId}'].get.responses['200'].content)).toEqual(['application/json', 'application/yaml']);
  });
});

describe("Quire's OpenAPI document: links", () => {
  it('links each create to the read, update and delete of what it created, the id from the answer', () => {
    const links = (path: string, method: string, status: string) => quire.paths[path][method].responses[status].links;
    expect(links('/orgs/{organizationId}/spaces', 'post', '201')).toEqual({
      getSpaceById: { operationId: 'getSpaceById', parameters: { spaceId: '$response.body#/id' } },
      updateSpaceById: { operationId: 'updateSpaceById', parameters: { spaceId: '$response.body#/id' } },
      deleteSpaceById: { operationId: 'deleteSpaceById', parameters: { spaceId: '$response.body#/id' } },
    });
    expect(links('/orgs/{organizationId}/custom-fields', 'post', '201').getOrganizationCustomFieldByName.parameters).toEqual({
      organizationId: '$request.path.organizationId',
      fieldName: '$response.body#/name',
    });
    // Every link names an operation of the document and gives every path parameter it takes.
    const byId = new Map(operations(quire).map((o) => [o.operation.operationId, o]));
    const problems: string[] = [];
    for (const o of operations(quire))
      for (const answer of Object.values<Json>(o.operation.responses))
        for (const [name, link] of Object.entries<Json>(answer.links ?? {})) {
          const target = byId.get(link.operationId);
          const wanted = target ? [...target.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort() : [];
          if (!target || JSON.stringify(Object.keys(link.parameters).sort()) !== JSON.stringify(wanted)) problems.push(`${o.method} ${o.path} → ${name}`);
        }
    expect(problems).toEqual([]);
  });

  it('declares the structure a site with external links answers, a link at the top and in a group (found by schemathesis)', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema({ $id: 'https://quire.invalid/openapi.json', components: quire.components });
    const validate = ajv.compile({ $ref: 'https://quire.invalid/openapi.json#/components/schemas/SiteStructureWithLinks' });
    const link = { object: 'site-external-link', id: 'lnk1', title: 'Status', url: 'https://status.example.com', draft: false };
    const group = {
      object: 'site-section-group',
      id: 'grp1',
      title: 'More',
      sections: [],
      children: [{ ...link, id: 'lnk2', sectionGroup: 'grp1' }],
      draft: false,
    };
    expect(validate({ type: 'sections', structure: [link, group] }) ? [] : validate.errors).toEqual([]);
    // And nothing else in a link's place.
    expect(validate({ type: 'sections', structure: [{ ...link, object: 'site-link' }] })).toBe(false);
  });
});
