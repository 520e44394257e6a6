// Which requests are for a published site rather than for Quire's own API. The
// gateway routes by it and the reader rebuilds the visitor's URL by it, so both read one rule:
//
// - the API's host is PUBLIC_URL's host, and any host that cannot be a site's custom hostname: an
//   IP address, `localhost`, or a name without a dot (a compose or Kubernetes service name) —
//   custom hostnames are domain names (reference pattern), and probes and services call by those;
// - a request whose Host is none of these is for the site with that hostname (or a proxy in front).

/** The host name of a Host header (`Docs.Example.com:443` → `docs.example.com`, `[::1]:80` → `::1`). */
export function hostNameOf(hostHeader: string | undefined): string {
  const host = (hostHeader ?? '').trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(1, host.indexOf(']') > 0 ? host.indexOf(']') : undefined);
  const colon = host.indexOf(':');
  return (colon >= 0 ? host.slice(0, colon) : host).replace(/\.$/, '');
}

/** Whether a request with this Host header is addressed to Quire itself, not to a site's hostname. */
export function isApiHost(hostHeader: string | undefined, publicUrl: string): boolean {
  const name = hostNameOf(hostHeader);
  if (name === '' || name === 'localhost' || !name.includes('.') || name.includes(':')) return true;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(name)) return true;
  try {
    return name === new URL(publicUrl).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return false;
  }
}
