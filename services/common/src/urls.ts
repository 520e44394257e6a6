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
