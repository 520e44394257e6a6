/**
 * The base of every `urls` field when PUBLIC_URL is not set, and the address the embedded banner
 * prints: one host for both. 127.0.0.1 rather than `localhost`, because the gateway binds 127.0.0.1
 * by default (BIND_HOST) and `localhost` may resolve to ::1 first, where nothing listens.
 */
export function defaultPublicUrl(port: number): string {
  return `http://127.0.0.1:${port}`;
}

/** Builds the absolute URLs of `urls` fields from PUBLIC_URL. */
export class UrlBuilder {
  private readonly base: string;
  constructor(publicUrl: string) {
    this.base = publicUrl.replace(/\/+$/, '');
  }
  /** API location, e.g. api('/orgs/abc') → https://host/v1/orgs/abc */
  api(path: string): string {
    return `${this.base}/v1${path}`;
  }
  /** Web-app location, e.g. app('/o/abc') → https://host/o/abc */
  app(path: string): string {
    return `${this.base}${path}`;
  }
}
