import { z } from 'zod';
import { readEventActor, type EventActor } from './event-actor';

// How a topic's events are declared, written and read. Each event type has one zod object for its
// `data`, shared by the producer (enqueueEvent validates it strictly: no undeclared field) and the
// consumers (parseEvent validates the envelope and the data; what does not match is a
// MalformedEventError, which the dead-letter guard parks). See docs/conventions.md, Events.

/** The data schema of each event type of a topic, by wire type (`space.created`, …). */
export type EventDataSchemas = Record<string, z.AnyZodObject>;

export interface EventTopic<N extends string = string, S extends EventDataSchemas = EventDataSchemas> {
  /** The Kafka topic. */
  readonly name: N;
  /** What the message key is (one entity's events stay in order), for the documentation. */
  readonly key: string;
  readonly types: S;
}

export function defineTopic<N extends string, S extends EventDataSchemas>(name: N, key: string, types: S): EventTopic<N, S> {
  return { name, key, types };
}

/** The declared event types of a topic. */
export type EventTypeOf<T extends EventTopic> = keyof T['types'] & string;

/** The data a producer gives for an event type: exactly the declared fields. */
export type EventDataOf<T extends EventTopic, K extends EventTypeOf<T>> = z.input<T['types'][K]>;

/** An event as a consumer reads it: one envelope per declared type, discriminated by `type`. */
export type EventOf<T extends EventTopic> = {
  [K in EventTypeOf<T>]: { id: string; type: K; occurredAt: string; data: z.output<T['types'][K]>; actor?: EventActor };
}[EventTypeOf<T>];

/**
 * A message that is not a declared event of its topic: not JSON, not an envelope, an undeclared
 * type, or data that does not match the type's schema. A retry cannot fix it, so the dead-letter
 * guard parks it (failure-kind.ts classifies it as permanent by name).
 */
export class MalformedEventError extends Error {
  override readonly name = 'MalformedEventError';
}

const envelopeSchema = z.object({ id: z.string().min(1), type: z.string().min(1), occurredAt: z.string(), data: z.unknown(), actor: z.unknown() });

function issuesText(error: z.ZodError, prefix: string): string {
  return error.issues.map((issue) => `${[prefix, ...issue.path].join('.')}: ${issue.message}`).join('; ');
}

/**
 * Reads one message of `topic`, with the envelope's `actor` when it has a readable one. Fields the type does not declare are dropped (a consumer cannot
 * read them, and a producer one version ahead that adds an optional field does not park every
 * message); a missing or mistyped field, or an undeclared type, throws MalformedEventError.
 */
export function parseEvent<T extends EventTopic>(topic: T, value: string): EventOf<T> {
  let doc: unknown;
  try {
    doc = JSON.parse(value);
  } catch {
    throw new MalformedEventError(`a message on ${topic.name} is not JSON`);
  }
  const envelope = envelopeSchema.safeParse(doc);
  if (!envelope.success) throw new MalformedEventError(`a message on ${topic.name} is not an event envelope: ${issuesText(envelope.error, 'envelope')}`);
  const { id, type, occurredAt } = envelope.data;
  const schema = Object.prototype.hasOwnProperty.call(topic.types, type) ? topic.types[type] : undefined;
  if (!schema) throw new MalformedEventError(`event ${id} on ${topic.name} has the undeclared type "${type}"`);
  const data = schema.safeParse(envelope.data.data);
  if (!data.success) throw new MalformedEventError(`event ${id} (${type}) on ${topic.name} does not match its schema: ${issuesText(data.error, 'data')}`);
  const actor = readEventActor(envelope.data.actor);
  return { id, type, occurredAt, data: data.data, ...(actor ? { actor } : {}) } as EventOf<T>;
}

/** The same schema with every object, at every depth, refusing keys it does not declare. */
export function strictly(schema: z.ZodTypeAny): z.ZodTypeAny {
  if (schema instanceof z.ZodObject) {
    const shape = Object.entries(schema.shape as z.ZodRawShape).map(([key, field]) => [key, strictly(field)] as const);
    return z.object(Object.fromEntries(shape)).strict();
  }
  if (schema instanceof z.ZodArray) return z.array(strictly(schema.element as z.ZodTypeAny));
  if (schema instanceof z.ZodOptional) return strictly(schema.unwrap() as z.ZodTypeAny).optional();
  if (schema instanceof z.ZodNullable) return strictly(schema.unwrap() as z.ZodTypeAny).nullable();
  if (schema instanceof z.ZodRecord) return z.record(schema.keySchema as z.ZodString, strictly(schema.valueSchema as z.ZodTypeAny));
  return schema;
}
