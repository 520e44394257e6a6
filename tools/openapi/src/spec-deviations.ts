/* eslint-disable @typescript-eslint/no-explicit-any -- OpenAPI documents are untyped JSON here */
type Json = any;

/** A reference component whose shape Quire does not answer, because the spec says otherwise. */
export interface SchemaDeviation {
  /** The name of Quire's schema in the document, in place of the reference's. */
  name: string;
  /** Why, for the reader of the document (`x-quire-deviation`) and the conformance test. */
  reason: string;
  /** Quire's schema, from the reference's (converted to OpenAPI 3.1). */
  derive(reference: Json): Json;
}

/**
 * Where the spec (docs-platform-api.md, which wins) and the reference disagree on an answer's body,
 * the document names Quire's schema wherever the reference names its own, marked
 * `x-quire-deviation` with the reason. Found by schemathesis runs against Quire's own document.
 */
export const SCHEMA_DEVIATIONS: Record<string, SchemaDeviation> = {
  Translation: {
    name: 'TranslationSettings',
    reason:
      "The spec's translation settings ({object: 'translation-settings', title, languages}) replace the reference's Translation; " +
      "the Translation fields a request gave (source, language, instructions) are answered as given, instructions' nodes unchecked.",
    derive: (reference) => ({
      type: 'object',
      properties: {
        object: { type: 'string', enum: ['translation-settings'] },
        id: { type: 'string' },
        title: { type: 'string', minLength: 1, maxLength: 100 },
        languages: { type: 'array', items: { type: 'string' } },
        source: reference.properties.source,
        language: reference.properties.language,
        // Stored and answered as given, checked at its top level only (its nodes are not validated).
        instructions: {
          type: 'object',
          properties: { object: { type: 'string', enum: ['document'] }, data: { type: 'object' }, nodes: { type: 'array' } },
          required: ['object', 'data', 'nodes'],
        },
        createdAt: { type: 'string', format: 'date-time' },
        updatedAt: { type: 'string', format: 'date-time' },
        permissions: reference.properties.permissions,
        urls: reference.properties.urls,
      },
      required: ['object', 'id', 'title', 'languages', 'createdAt', 'updatedAt', 'permissions', 'urls'],
    }),
  },
  MergeRule: {
    name: 'MergeRuleOfToday',
    reason:
      "0.143.2's merge rules lack two of today's client (0.202.0): require_at_least_one_approved_review and require_author_to_merge, " +
      "and the custom rule's message; Quire takes and answers them as 0.202.0 does.",
    derive: (reference) => ({
      ...reference,
      oneOf: reference.oneOf.map((branch: Json) => {
        const rules: string[] | undefined = branch.properties?.rule?.enum;
        if (rules?.includes('require_at_least_one_review'))
          return {
            ...branch,
            properties: {
              ...branch.properties,
              rule: { ...branch.properties.rule, enum: [...rules, 'require_at_least_one_approved_review', 'require_author_to_merge'] },
            },
          };
        if (rules?.includes('custom')) return { ...branch, properties: { ...branch.properties, message: { type: 'string' } } };
        return branch;
      }),
    }),
  },
  PlainObject: {
    name: 'PlainJSONObject',
    reason:
      "The reference's PlainObject (visitor claims, adaptive schemas) declares no type, so under JSON Schema a string, number or " +
      'boolean also matches it and the oneOf of its values fails for every scalar claim. The same schema with type object.',
    derive: (reference) => ({ type: 'object', ...reference }),
  },
  RevisionSemanticChangePageEdited: {
    name: 'RevisionSemanticChangePageEditedAnyAttributes',
    reason:
      "The reference's page_edited attributes are a oneOf of the document, group and link attributes, none of which closes its " +
      'properties, so every object matches all three and the oneOf fails for any answer. The same three as an anyOf.',
    derive: (reference) => ({
      ...reference,
      properties: { ...reference.properties, attributes: { anyOf: reference.properties.attributes.oneOf } },
    }),
  },
  SiteStructure: {
    name: 'SiteStructureWithLinks',
    reason:
      "A site's external links (today's client, 0.202.0: addExternalLinkToSite) stand in its structure beside sections and groups; " +
      "0.143.2's structure lists only sections and groups, so 0.202.0's SiteExternalLink is added to its items.",
    derive: (reference) =>
      withExternalLinks(reference, (schema) => schema.oneOf.find((branch: Json) => branch.properties?.type?.enum?.includes('sections')).properties.structure),
  },
  SiteSectionGroup: {
    name: 'SiteSectionGroupWithLinks',
    reason:
      "A group of a site's structure holds external links too (today's client, 0.202.0: a link added with a sectionGroup); " +
      "0.143.2's group children are only sections and groups, so 0.202.0's SiteExternalLink is added to them.",
    derive: (reference) => withExternalLinks(reference, (schema) => schema.properties.children),
  },
  UserSitePermission: {
    name: 'UserSitePermissionWithSiteOrigin',
    reason:
      "A grant on the site itself is where a level comes from as often as the organization; 0.143.2's origin names only a space or " +
      "the organization, so the site origin of today's client (0.202.0, UserSitePermissionSiteOrigin) is added to it.",
    derive: (reference) => ({
      ...reference,
      properties: {
        ...reference.properties,
        origin: {
          ...reference.properties.origin,
          oneOf: [
            ...reference.properties.origin.oneOf,
            {
              type: 'object',
              description: 'Direct site permission origin.',
              properties: {
                type: { type: 'string', enum: ['site'] },
                site: { type: 'string' },
                reason: { type: 'string', enum: ['member', 'team', 'default'] },
                team: { type: 'string' },
              },
              required: ['type', 'site', 'reason'],
            },
          ],
        },
      },
    }),
  },
};

/** `reference` with 0.202.0's SiteExternalLink added to the `oneOf` of the items of the array `arrayOf` finds in it (a copy). */
function withExternalLinks(reference: Json, arrayOf: (schema: Json) => Json): Json {
  const copy = structuredClone(reference);
  const items = arrayOf(copy).items;
  items.oneOf = [...items.oneOf, { $ref: '#/components/schemas/SiteExternalLink' }];
  return copy;
}
