/**
 * The `name=value` pairs of a Cookie header in order, trimmed; a pair without `=` or without a name
 * is left out. Each reader of cookies (credentials, visitor ids) applies its own rules to the values.
 */
export function* cookiePairs(header: string | undefined): Generator<[name: string, value: string]> {
  for (const pair of (header ?? '').split(';')) {
    const eq = pair.indexOf('=');
    const name = eq < 0 ? '' : pair.slice(0, eq).trim();
    if (name) yield [name, pair.slice(eq + 1).trim()];
  }
}
