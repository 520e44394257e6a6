import type { ReferenceDocument } from './reference-operations';
import { fromOpenApi30 } from './schema-conversion';
import { SCHEMA_DEVIATIONS } from './spec-deviations';

/* eslint-disable @typescript-eslint/no-explicit-any -- OpenAPI documents are untyped JSON here */
type Json = any;

const REF = /^#\/components\/(schemas|responses|parameters|headers)\/(.+)$/;
type Kind = 'schemas' | 'responses' | 'parameters' | 'headers';

/**
 * Copies the reference components an answer names (and everything they name in turn) into Quire's
 * document, converted to OpenAPI 3.1. The contract (the first reference) keeps its names; a
 * component of an older reference whose name the contract uses for something else is copied as
 * `<name>_<version>` (custom fields come from 0.91.0). A component the spec shapes otherwise is
 * copied as Quire's (spec-deviations.ts).
 */
export class ComponentCopier {
  readonly components: Record<Kind, Record<string, Json>> = { schemas: {}, responses: {}, parameters: {}, headers: {} };
  private readonly contract: ReferenceDocument;

  constructor(references: ReferenceDocument[]) {
    this.contract = references[0];
  }

  /** `value` (a schema or response of `source`) converted, its `$ref`s pointing at copied components. */
  copy(value: Json, source: ReferenceDocument): Json {
    return fromOpenApi30(value, (ref) => this.copyRef(ref, source));
  }

  private copyRef(ref: string, source: ReferenceDocument): string {
    const match = REF.exec(ref);
    if (!match) throw new Error(`unsupported $ref ${ref} in the ${source.version} reference`);
    const [, kind, name] = match as unknown as [string, Kind, string];
    const original = source.document.components[kind][name];
    const deviation = kind === 'schemas' ? SCHEMA_DEVIATIONS[name] : undefined;
    const local = deviation?.name ?? this.localName(kind, name, source, original);
    if (!(local in this.components[kind])) {
      this.components[kind][local] = {}; // placed first: a component that names itself ends here
      const converted = this.copy(original, source);
      const copied = deviation ? { ...deviation.derive(converted), 'x-quire-deviation': deviation.reason } : converted;
      const mapping = this.discriminatorMapping(original, source);
      if (mapping) copied.discriminator = { ...copied.discriminator, mapping };
      this.components[kind][local] = copied;
    }
    return `#/components/${kind}/${local}`;
  }

  /**
   * The reference's discriminators name no `mapping`, so by OpenAPI's rule their values would be
   * the variants' schema names (`RevisionTypeEdits`), not the `type` the answers carry (`edits`).
   * The mapping is made from the value each variant declares (an `enum` or `const` of the
   * property, in it or its `allOf`); none is made if a variant declares none.
   */
  private discriminatorMapping(schema: Json, source: ReferenceDocument): Record<string, string> | undefined {
    const property: unknown = schema?.discriminator?.propertyName;
    const variants: Json[] | undefined = schema?.oneOf ?? schema?.anyOf;
    if (typeof property !== 'string' || schema.discriminator.mapping || !Array.isArray(variants)) return undefined;
    const mapping: Record<string, string> = {};
    for (const variant of variants) {
      const values = typeof variant?.$ref === 'string' ? this.declaredValues(this.resolve(variant.$ref, source), property, source) : [];
      if (values.length === 0) return undefined;
      const target = this.copyRef(variant.$ref, source);
      for (const value of values) mapping[value] = target;
    }
    return mapping;
  }

  private declaredValues(schema: Json, property: string, source: ReferenceDocument): string[] {
    if (typeof schema?.$ref === 'string') return this.declaredValues(this.resolve(schema.$ref, source), property, source);
    const own = schema?.properties?.[property];
    const values: unknown[] = own?.enum ?? (own && 'const' in own ? [own.const] : []);
    const inherited = Array.isArray(schema?.allOf) ? schema.allOf.flatMap((part: Json) => this.declaredValues(part, property, source)) : [];
    return [...values.filter((v): v is string => typeof v === 'string'), ...inherited];
  }

  private resolve(ref: string, source: ReferenceDocument): Json {
    const match = REF.exec(ref);
    if (!match) throw new Error(`unsupported $ref ${ref} in the ${source.version} reference`);
    return source.document.components[match[1] as 'schemas'][match[2] as string];
  }

  private localName(kind: Kind, name: string, source: ReferenceDocument, original: Json): string {
    if (source === this.contract) return name;
    const inContract = this.contract.document.components[kind]?.[name];
    const same = inContract !== undefined && JSON.stringify(inContract) === JSON.stringify(original);
    return inContract === undefined || same ? name : `${name}_${source.version.replace(/\./g, '_')}`;
  }
}
