import { isApiHost } from '@quire/urls';

/**
 * The absolute URL a visitor asked for, as sites resolves it: on Quire's own host it is the
 * built-in address under PUBLIC_URL (`/sites/{org}/{basename}/…`); on any other host, the site's
 * hostname (or a proxy origin) as the visitor typed it. The scheme plays no part in resolving.
 */
export function visitorUrlOf(request: { publicUrl: string; host: string | undefined; proto: string | undefined; path: string }): string {
  const path = request.path.startsWith('/') ? request.path : `/${request.path}`;
  if (isApiHost(request.host, request.publicUrl)) return `${request.publicUrl.replace(/\/+$/, '')}${path}`;
  const proto = request.proto === 'https' ? 'https' : 'http';
  return `${proto}://${String(request.host).trim().toLowerCase()}${path}`;
}
