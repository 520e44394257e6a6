import { scimBadRequest } from './scim-errors';

// RFC 7644 §3.4.2.2 filters: attribute comparisons (eq ne co sw ew gt ge lt le pr), value paths
// (`emails[type eq "work"]`), `not (…)`, grouping and `and`/`or` (and binds tighter).

export type CompareOp = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'gt' | 'ge' | 'lt' | 'le';
export type ScimValue = string | number | boolean | null;

export type ScimFilter =
  | { kind: 'compare'; path: string[]; op: CompareOp; value: ScimValue }
  | { kind: 'present'; path: string[] }
  | { kind: 'and' | 'or'; left: ScimFilter; right: ScimFilter }
  | { kind: 'not'; filter: ScimFilter }
  | { kind: 'valuePath'; path: string[]; filter: ScimFilter };

const OPS = new Set(['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le']);
const TOKEN = /\s*(\(|\)|\[|\]|"(?:[^"\\]|\\.)*"|[^\s()[\]"]+)/y;

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = TOKEN.exec(text)) !== null) {
    tokens.push(match[1] as string);
    if (TOKEN.lastIndex >= text.length) break;
  }
  if (text.slice(TOKEN.lastIndex).trim() !== '') throw invalid(text);
  return tokens;
}

const invalid = (text: string) => scimBadRequest('invalidFilter', `Invalid filter: ${JSON.stringify(text)}`);

/** An attribute path, URN prefix dropped (`urn:…:User:userName` → ['userName']), split on dots. */
export function attributePath(raw: string): string[] {
  const colon = raw.lastIndexOf(':');
  const name = raw.startsWith('urn:') && colon >= 0 ? raw.slice(colon + 1) : raw;
  if (!/^[A-Za-z$][\w$-]*(\.[A-Za-z$][\w$-]*)?$/.test(name)) throw scimBadRequest('invalidFilter', `Invalid attribute path: ${JSON.stringify(raw)}`);
  return name.split('.');
}

function literal(token: string, text: string): ScimValue {
  if (token.startsWith('"')) return JSON.parse(token) as string;
  if (token === 'true') return true;
  if (token === 'false') return false;
  if (token === 'null') return null;
  if (/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(token)) return Number(token);
  throw invalid(text);
}

/** Parses a filter; a 400 `invalidFilter` for anything it cannot read. */
export function parseFilter(text: string): ScimFilter {
  const tokens = tokenize(text);
  let at = 0;
  const peek = () => tokens[at];
  const next = () => {
    const token = tokens[at++];
    if (token === undefined) throw invalid(text);
    return token;
  };
  const expect = (token: string) => {
    if (next() !== token) throw invalid(text);
  };
  const orExpr = (): ScimFilter => {
    let left = andExpr();
    while (peek()?.toLowerCase() === 'or') {
      at++;
      left = { kind: 'or', left, right: andExpr() };
    }
    return left;
  };
  const andExpr = (): ScimFilter => {
    let left = atom();
    while (peek()?.toLowerCase() === 'and') {
      at++;
      left = { kind: 'and', left, right: atom() };
    }
    return left;
  };
  const atom = (): ScimFilter => {
    const token = next();
    if (token === '(') {
      const inner = orExpr();
      expect(')');
      return inner;
    }
    if (token.toLowerCase() === 'not') {
      expect('(');
      const inner = orExpr();
      expect(')');
      return { kind: 'not', filter: inner };
    }
    const path = attributePath(token);
    if (peek() === '[') {
      at++;
      const inner = orExpr();
      expect(']');
      return { kind: 'valuePath', path, filter: inner };
    }
    const op = next().toLowerCase();
    if (op === 'pr') return { kind: 'present', path };
    if (!OPS.has(op)) throw invalid(text);
    return { kind: 'compare', path, op: op as CompareOp, value: literal(next(), text) };
  };
  const filter = orExpr();
  if (at !== tokens.length) throw invalid(text);
  return filter;
}
