import type { ReferenceDocument } from './reference-operations';
import { fromOpenApi30 } from './schema-conversion';

/* eslint-disable @typescript-eslint/no-explicit-any -- OpenAPI documents are untyped JSON here */
type Json = any;

const REF = /^#\/components\/(schemas|responses|parameters)\/(.+)$/;

/**
 * Copies the reference components an answer names (and everything they name in turn) into Quire's
 * document, converted to OpenAPI 3.1. The contract (the first reference) keeps its names; a
 * component of an older reference whose name the contract uses for something else is copied as
 * `<name>_<version>` (custom fields come from 0.91.0).
 */
export class ComponentCopier {
  readonly components: Record<'schemas' | 'responses' | 'parameters', Record<string, Json>> = { schemas: {}, responses: {}, parameters: {} };
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
    const [, kind, name] = match as unknown as [string, 'schemas' | 'responses' | 'parameters', string];
    const original = source.document.components[kind][name];
    const local = this.localName(kind, name, source, original);
    if (!(local in this.components[kind])) {
      this.components[kind][local] = {}; // placed first: a component that names itself ends here
      this.components[kind][local] = this.copy(original, source);
    }
    return `#/components/${kind}/${local}`;
  }

  private localName(kind: 'schemas' | 'responses' | 'parameters', name: string, source: ReferenceDocument, original: Json): string {
    if (source === this.contract) return name;
    const inContract = this.contract.document.components[kind]?.[name];
    const same = inContract !== undefined && JSON.stringify(inContract) === JSON.stringify(original);
    return inContract === undefined || same ? name : `${name}_${source.version.replace(/\./g, '_')}`;
  }
}
