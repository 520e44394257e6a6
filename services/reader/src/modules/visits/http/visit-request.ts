import type { Request } from 'express';
import { clientAddressOf } from '@quire/platform/http';
import type { VisitRequest } from '../domain/visit';

/**
 * Who asked, from a request the gateway forwarded: the client address is the one the gateway
 * counted (clientAddressOf: never one the client wrote), the address the one the reader resolved.
 */
export function visitRequestOf(req: Request, url: string, secure: boolean): VisitRequest {
  return {
    url,
    cookie: req.header('cookie'),
    userAgent: req.header('user-agent') ?? '',
    ip: clientAddressOf(req),
    referrer: req.header('referer') ?? '',
    language: req.header('accept-language')?.split(',')[0]?.split(';')[0]?.trim() ?? '',
    secure,
  };
}
