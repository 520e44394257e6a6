import { z } from 'zod';
import type { EventTopic } from './event-schema';

// proto/TOPICS.md's per-topic tables, generated from the schemas (npm run events:doc); a unit test
// (packages/platform/test/events.test.ts) fails when the document and the schemas differ.
// Each table sits between `<!-- events:<topic> -->` and `<!-- /events -->`; the prose around
// the markers is written by hand and kept.

/** How a field's schema reads in the document. */
export function typeText(schema: z.ZodTypeAny): string {
  if (schema instanceof z.ZodOptional) return typeText(schema.unwrap() as z.ZodTypeAny);
  if (schema instanceof z.ZodNullable) return `${typeText(schema.unwrap() as z.ZodTypeAny)} or null`;
  if (schema instanceof z.ZodString) return 'string';
  if (schema instanceof z.ZodNumber) return 'number';
  if (schema instanceof z.ZodBoolean) return 'boolean';
  if (schema instanceof z.ZodLiteral) return `\`${JSON.stringify(schema.value)}\``;
  if (schema instanceof z.ZodEnum) return (schema.options as string[]).map((o) => `\`${o}\``).join(' / ');
  if (schema instanceof z.ZodArray) return `${typeText(schema.element as z.ZodTypeAny)}[]`;
  if (schema instanceof z.ZodRecord) return `{ ${typeText(schema.keySchema as z.ZodTypeAny)}: ${typeText(schema.valueSchema as z.ZodTypeAny)} }`;
  if (schema instanceof z.ZodObject) {
    const fields = Object.entries(schema.shape as z.ZodRawShape).map(([name, field]) => `${name}${field.isOptional() ? '?' : ''}: ${typeText(field)}`);
    return `{ ${fields.join(', ')} }`;
  }
  throw new Error(`topics-doc: no text for a ${schema.constructor.name} (add it to typeText)`);
}

/** One field as a table cell line: `name` (`?` when optional), its type, and its description. */
function fieldText(name: string, schema: z.ZodTypeAny): string {
  const description = schema.description ? ` — ${schema.description}` : '';
  return `\`${name}\`${schema.isOptional() ? ' (optional)' : ''}: ${typeText(schema)}${description}`;
}

/** A cell may hold neither a pipe nor a line break. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The table of one topic: one row per event type, in declaration order. */
export function topicTable(topic: EventTopic): string {
  const rows = Object.entries(topic.types).map(([type, schema]) => {
    const fields = Object.entries(schema.shape as z.ZodRawShape).map(([name, field]) => fieldText(name, field));
    return `| \`${type}\` | ${cell(fields.join('<br>'))} | ${cell(schema.description ?? '')} |`;
  });
  return [`Key: ${topic.key}.`, '', '| type | data | notes |', '|---|---|---|', ...rows].join('\n');
}

const BLOCK = /<!-- events:([a-z.-]+) -->\n[\s\S]*?<!-- \/events -->/g;

/** The document with every topic's block replaced by its table; throws when a topic has no block or a block no topic. */
export function renderTopicsDoc(markdown: string, topics: readonly EventTopic[]): string {
  const seen = new Set<string>();
  const rendered = markdown.replace(BLOCK, (_block, name: string) => {
    const topic = topics.find((t) => t.name === name);
    if (!topic) throw new Error(`topics-doc: TOPICS.md has a block for ${name}, which no schema declares`);
    seen.add(name);
    return `<!-- events:${name} -->\n${topicTable(topic)}\n<!-- /events -->`;
  });
  const missing = topics.filter((t) => !seen.has(t.name)).map((t) => t.name);
  if (missing.length > 0) throw new Error(`topics-doc: TOPICS.md has no <!-- events:… --> block for ${missing.join(', ')}`);
  return rendered;
}
