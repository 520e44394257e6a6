import type { Request } from 'express';
import type { VisitRequest } from '../domain/visit';

/**
 * Who asked, from a request the gateway forwarded: the client address is the first
 * x-forwarded-for hop (the gateway sets it), the address the one the reader resolved.
 */
export function visitRequestOf(req: Request, url: string, secure: boolean): VisitRequest {
  const forwarded = req.header('x-forwarded-for')?.split(',')[0]?.trim();
  const ip = forwarded || req.socket.remoteAddress || '';
  return {
    url,
    cookie: req.header('cookie'),
    userAgent: req.header('user-agent') ?? '',
    ip: ip.startsWith('::ffff:') ? ip.slice(7) : ip,
    referrer: req.header('referer') ?? '',
    language: req.header('accept-language')?.split(',')[0]?.split(';')[0]?.trim() ?? '',
    secure,
  };
}
