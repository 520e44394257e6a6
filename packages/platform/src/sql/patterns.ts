/** A LIKE/ILIKE pattern matching values that contain `text` literally (wildcards escaped). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
