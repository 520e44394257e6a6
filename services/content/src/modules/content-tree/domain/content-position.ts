/** Reference ContentPointer: a space or a collection among the siblings. */
export type ContentPointer = { type: 'space'; space: string } | { type: 'collection'; collection: string };

/** Reference ContentPosition; omitted (or empty) means at the end. */
export interface ContentPosition {
  before?: ContentPointer;
  after?: ContentPointer;
}

/** The kind and id of the item a pointer names. */
export function pointedItem(pointer: ContentPointer): { kind: 'space' | 'collection'; id: string } {
  return pointer.type === 'space' ? { kind: 'space', id: pointer.space } : { kind: 'collection', id: pointer.collection };
}
