import type { IncomingMessage } from 'node:http';
import { clientAddressOf, requestHeader } from '@quire/platform/http';
import type { VisitRequest } from '../domain/visit';

/**
 * Who asked, from a request the gateway forwarded: the client address is the one the gateway
 * counted (clientAddressOf: never one the client wrote), the address the one the reader resolved.
 */
export function visitRequestOf(req: IncomingMessage, url: string, secure: boolean): VisitRequest {
  return {
    url,
    cookie: requestHeader(req, 'cookie'),
    userAgent: requestHeader(req, 'user-agent') ?? '',
    ip: clientAddressOf(req),
    referrer: requestHeader(req, 'referer') ?? '',
    language: requestHeader(req, 'accept-language')?.split(',')[0]?.split(';')[0]?.trim() ?? '',
    secure,
  };
}
