import type { SpecsClient } from '@quire/platform/grpc';
import type { Logger } from '@quire/platform/logger';
import type { specs } from '@quire/proto';
import { openApiTagsOf, operationText, replaceOpenApiTags, schemaText, type OpenApiTag } from '../domain/openapi-text';

/** Items per specs call (GetPublishedOperations answers at most 20), calls per answer, calls at once. */
const ITEMS_PER_READ = 20;
const MAX_READS = 50;
const READS_IN_FLIGHT = 4;

export interface OpenApiTextDeps {
  /** Absent (some unit tests): API reference blocks keep their tags. */
  specs?: () => SpecsClient;
  logger?: Logger;
}

/** One item specs is asked about: an operation, webhook, swagger operation or one schema name. */
type Item =
  | { kind: 'operation'; ref: specs.SpecOperationRef }
  | { kind: 'webhook'; ref: specs.SpecWebhookRef }
  | { kind: 'swagger'; ref: specs.SwaggerOperationRef }
  | { kind: 'schema'; ref: specs.SpecSchemaRef };

const itemKey = (item: Item): string => JSON.stringify([item.kind, item.ref]);

const itemsOf = (tag: OpenApiTag): Item[] =>
  tag.kind === 'schemas' ? tag.names.map((name) => ({ kind: 'schema', ref: { spec: tag.spec, name } })) : [tag as Item];

/**
 * The pages' markdown with their API reference blocks as text (docs/reader.md, Pages machines read),
 * read from specs as the site's reader (its apiToken), in batches. A block specs does not answer
 * (missing spec or item, specs failing, past MAX_READS batches) keeps its tag; `isComplete` is false
 * when specs failed or was not asked about every block, so that the answer is not kept.
 */
export async function withOpenApiText(
  deps: OpenApiTextDeps,
  apiToken: string,
  markdowns: readonly string[],
): Promise<{ markdowns: string[]; isComplete: boolean }> {
  const unique = new Map<string, Item>();
  for (const tag of markdowns.flatMap(openApiTagsOf)) for (const item of itemsOf(tag)) unique.set(itemKey(item), item);
  const specsClient = deps.specs;
  if (unique.size === 0 || !specsClient) return { markdowns: [...markdowns], isComplete: true };
  const { texts, isComplete } = await readItemTexts({ specs: specsClient, logger: deps.logger }, apiToken, [...unique.values()]);
  const render = (tag: OpenApiTag): string | undefined => {
    const found = itemsOf(tag).flatMap((item) => texts.get(itemKey(item)) ?? []);
    return found.length ? found.join('\n\n') : undefined;
  };
  return { markdowns: markdowns.map((markdown) => replaceOpenApiTags(markdown, render)), isComplete };
}

async function readItemTexts(
  deps: OpenApiTextDeps & { specs: () => SpecsClient },
  apiToken: string,
  items: Item[],
): Promise<{ texts: Map<string, string>; isComplete: boolean }> {
  const batches: Item[][] = [];
  for (let at = 0; at < items.length && batches.length < MAX_READS; at += ITEMS_PER_READ) batches.push(items.slice(at, at + ITEMS_PER_READ));
  const texts = new Map<string, string>();
  let isComplete = batches.length * ITEMS_PER_READ >= items.length;
  for (let at = 0; at < batches.length; at += READS_IN_FLIGHT) {
    const read = await Promise.all(batches.slice(at, at + READS_IN_FLIGHT).map((batch) => readBatch(deps, apiToken, batch, texts)));
    if (read.includes(false)) isComplete = false;
  }
  return { texts, isComplete };
}

/** Reads one batch into `texts`; false when specs failed. */
async function readBatch(deps: OpenApiTextDeps & { specs: () => SpecsClient }, apiToken: string, batch: Item[], texts: Map<string, string>): Promise<boolean> {
  const of = <K extends Item['kind']>(kind: K) => batch.filter((item): item is Extract<Item, { kind: K }> => item.kind === kind);
  const [operations, webhooks, swaggers, schemas] = [of('operation'), of('webhook'), of('swagger'), of('schema')];
  let answer: specs.GetPublishedOperationsResponse;
  try {
    answer = await deps.specs().getPublishedOperations({
      apiToken,
      operations: operations.map((i) => i.ref),
      webhooks: webhooks.map((i) => i.ref),
      swaggerOperations: swaggers.map((i) => i.ref),
      schemas: schemas.map((i) => i.ref),
    });
  } catch (err) {
    deps.logger?.warn({ err }, 'reader: API reference blocks not read; their markdown keeps the tags');
    return false;
  }
  // Specs answers one per item asked, in the same order.
  const keep = (item: Item, text: string | undefined) => {
    if (text !== undefined) texts.set(itemKey(item), text);
  };
  const asText = (op: specs.OpenApiOperation | undefined) => (op ? operationText(op) : undefined);
  operations.forEach((item, i) => keep(item, asText(found(answer.operations[i])?.operation)));
  webhooks.forEach((item, i) => keep(item, asText(found(answer.webhooks[i])?.webhook)));
  swaggers.forEach((item, i) => keep(item, asText(found(answer.swaggerOperations[i])?.operation)));
  schemas.forEach((item, i) => {
    const schema = found(answer.schemas[i])?.schema;
    keep(item, schema ? schemaText(schema) : undefined);
  });
  return true;
}

const found = <T extends { found: boolean }>(item: T | undefined): T | undefined => (item?.found ? item : undefined);
