// Results of a pure function of a text, remembered for the texts asked lately: the reader works out
// the same things from every visit's URL (its kind, its credentials, its cache key), and a site's
// visitors ask few URLs. Bounded by entries and by the length of the texts kept, so addresses made
// up by a client cannot grow a process: a long text is worked out every time, and when the entries
// are full they are all dropped (no bookkeeping per hit, as an LRU would need).

export interface TextMemoLimits {
  /** Texts remembered at most (default 4,096). */
  entries?: number;
  /** Longer texts are never remembered (default 1,024 characters). */
  textLength?: number;
}

export function textMemo<T>(compute: (text: string) => T, limits: TextMemoLimits = {}): (text: string) => T {
  const entries = limits.entries ?? 4096;
  const textLength = limits.textLength ?? 1024;
  const remembered = new Map<string, T>();
  return (text) => {
    if (text.length > textLength) return compute(text);
    const known = remembered.get(text);
    if (known !== undefined || remembered.has(text)) return known as T;
    const value = compute(text);
    if (remembered.size >= entries) remembered.clear();
    remembered.set(text, value);
    return value;
  };
}
