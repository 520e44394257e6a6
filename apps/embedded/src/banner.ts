import type { BootstrapResult } from '@quire/identity';

/**
 * What `npm start` prints on stderr once Quire answers. The address is the base of every `urls`
 * field (PUBLIC_URL or its default), so a link from an answer and the banner name the same host; when
 * PUBLIC_URL points elsewhere (a proxy), where this process listens is said too.
 */
export function embeddedBanner(quire: { url: string; publicUrl: string; dataDir: string; bootstrap: BootstrapResult | null }): string {
  const publicBase = quire.publicUrl.replace(/(?<!\/)\/+$/, '');
  const listening = publicBase === quire.url ? '' : `listening on ${quire.url}; `;
  const lines = [`Quire is running at ${publicBase} (${listening}data in ${quire.dataDir})`];
  if (quire.bootstrap) {
    lines.push(`First start: created an admin user, an organization (${quire.bootstrap.organizationId}) and this API token.`);
    lines.push(`It is shown only once:\n\n    ${quire.bootstrap.token}\n`);
    lines.push(`Try: curl -H "Authorization: Bearer ${quire.bootstrap.token}" ${quire.url}/v1/user`);
  }
  lines.push('Stop with Ctrl-C.');
  return lines.join('\n') + '\n';
}
