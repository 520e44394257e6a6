/** Bytes a request's answers may still take; each answer takes its share or is refused whole. */
export interface AnswerBudget {
  readonly maxBytes: number;
  /** Whether `text` fits in what is left (then it is taken from it). */
  take(text: string): boolean;
}

export function answerBudget(maxBytes: number): AnswerBudget {
  let left = maxBytes;
  return {
    maxBytes,
    take(text) {
      const bytes = Buffer.byteLength(text, 'utf8');
      if (bytes > left) return false;
      left -= bytes;
      return true;
    },
  };
}
