export { isIpLiteral, OutboundAddressPolicy } from './address-policy';
export { AddressRanges, unbracket } from './address-ranges';
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
