export { isIpLiteral, OutboundAddressPolicy, unbracket } from './address-policy';
export {
  OUTBOUND_DEFAULTS,
  OutboundError,
  OutboundFetcher,
  redactCredentials,
  type OutboundErrorKind,
  type OutboundFetchOptions,
  type OutboundReply,
  type OutboundRequestOptions,
  type OutboundResponse,
} from './outbound-fetch';
