// Visitor auth claims (session.visitorAuthClaims, a nested PlainObject) flattened at ingest into
// parallel key/value arrays, which ClickHouse 18.16 (no JSON functions) and Postgres can both
// group by: nested keys are joined with '.', an array gives one pair per element (a visitor in
// groups [a, b] counts under both), and numbers and booleans are kept as their JSON text.

type ClaimValue = string | number | boolean | ClaimObject | ClaimValue[];
interface ClaimObject {
  [key: string]: ClaimValue;
}

export interface FlatClaims {
  keys: string[];
  values: string[];
}

export function flattenClaims(claims: ClaimObject | undefined): FlatClaims {
  const flat: FlatClaims = { keys: [], values: [] };
  const visit = (value: ClaimValue, path: string): void => {
    if (Array.isArray(value)) {
      for (const element of value) visit(element, path);
    } else if (typeof value === 'object') {
      for (const [key, nested] of Object.entries(value)) visit(nested, path ? `${path}.${key}` : key);
    } else {
      flat.keys.push(path);
      flat.values.push(typeof value === 'string' ? value : JSON.stringify(value));
    }
  };
  if (claims) visit(claims, '');
  return flat;
}
