/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are untyped JSON that tests read field by field and validate against the reference schemas */
import type { StackState } from './stack';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  /** Parsed JSON, or undefined for an empty body. */
  body: T;
  text: string;
}

export interface RequestOptions {
  token?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
  /** Sent as is: bytes for what a string cannot hold, such as invalid UTF-8. */
  rawBody?: string | Uint8Array<ArrayBuffer>;
}

/** HTTP to the gateway, as any REST client would send it. */
export function apiClient(stack: StackState, defaultToken: string | null = stack.token) {
  async function request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const token = options.token === undefined ? defaultToken : options.token;
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | Uint8Array<ArrayBuffer> | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(stack.url + path, { method, headers, body, signal: AbortSignal.timeout(20000) });
    const text = await res.text();
    let parsed: unknown;
    if (text.length) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
    }
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }
  return {
    request,
    get: <T = any>(path: string, o?: RequestOptions) => request<T>('GET', path, o),
    post: <T = any>(path: string, body?: unknown, o?: RequestOptions) => request<T>('POST', path, { ...o, body }),
    patch: <T = any>(path: string, body?: unknown, o?: RequestOptions) => request<T>('PATCH', path, { ...o, body }),
    put: <T = any>(path: string, body?: unknown, o?: RequestOptions) => request<T>('PUT', path, { ...o, body }),
    delete: <T = any>(path: string, o?: RequestOptions) => request<T>('DELETE', path, o),
  };
}

export type ApiClient = ReturnType<typeof apiClient>;

/** Asserts the error shape every error response has. */
export function expectError(res: ApiResponse, status: number, messagePattern?: RegExp): void {
  expect({ status: res.status, body: res.body }).toMatchObject({ status, body: { error: { code: status } } });
  expect(typeof res.body.error.message).toBe('string');
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  if (messagePattern) expect(res.body.error.message).toMatch(messagePattern);
}

/** A signed link with its signature's first character changed (to another one: the same would not tamper). */
export function tamperedSignature(url: string): string {
  return url.replace(/signature=(.)/, (_, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`);
}
