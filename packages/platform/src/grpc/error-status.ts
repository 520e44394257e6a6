import * as grpc from '@grpc/grpc-js';
import { ApiError, type ErrorReason, isErrorReason, serviceUnavailable } from '@quire/errors';

/**
 * How an ApiError crosses a gRPC call: its code as the gRPC status, its message as the status
 * details (for people and logs), and its reason, when it has one, in this trailing metadata key so
 * that the caller can branch on code and reason instead of matching the message.
 */
export const ERROR_REASON_METADATA_KEY = 'quire-error-reason';

/** The HTTP codes a server answers as their gRPC status; any other becomes INTERNAL. */
const STATUS_OF_CODE: Record<number, grpc.status> = {
  400: grpc.status.INVALID_ARGUMENT,
  401: grpc.status.UNAUTHENTICATED,
  403: grpc.status.PERMISSION_DENIED,
  404: grpc.status.NOT_FOUND,
  409: grpc.status.ALREADY_EXISTS,
  429: grpc.status.RESOURCE_EXHAUSTED,
  501: grpc.status.UNIMPLEMENTED,
  503: grpc.status.UNAVAILABLE,
};

/**
 * The statuses a client turns back into the caller's HTTP code. UNAVAILABLE and DEADLINE_EXCEEDED
 * become a 503 naming the service (below); anything else is that service failing, a 500.
 */
const CODE_OF_STATUS: Partial<Record<grpc.status, number>> = {
  [grpc.status.INVALID_ARGUMENT]: 400,
  [grpc.status.UNAUTHENTICATED]: 401,
  [grpc.status.PERMISSION_DENIED]: 403,
  [grpc.status.NOT_FOUND]: 404,
  [grpc.status.ALREADY_EXISTS]: 409,
  [grpc.status.RESOURCE_EXHAUSTED]: 429,
};

/** Server side: the status a handler's ApiError is answered with. */
export function statusOfApiError(error: ApiError): grpc.StatusObject {
  const metadata = new grpc.Metadata();
  if (error.reason) metadata.set(ERROR_REASON_METADATA_KEY, error.reason);
  return { code: STATUS_OF_CODE[error.code] ?? grpc.status.INTERNAL, details: error.message, metadata };
}

/** Client side: the ApiError a failed call throws, with the reason the server gave (a known one only). */
export function apiErrorOfStatus(err: grpc.ServiceError, serviceName: string): ApiError {
  const reason = reasonOf(err.metadata);
  const code = CODE_OF_STATUS[err.code];
  if (code) return new ApiError(code, err.details || err.message, {}, reason);
  if (err.code === grpc.status.UNAVAILABLE || err.code === grpc.status.DEADLINE_EXCEEDED) {
    return serviceUnavailable(`The ${serviceName} service is unavailable; try again shortly`);
  }
  return new ApiError(500, `The ${serviceName} service failed`);
}

function reasonOf(metadata: grpc.Metadata | undefined): ErrorReason | undefined {
  const [value] = metadata?.get(ERROR_REASON_METADATA_KEY) ?? [];
  return isErrorReason(value) ? value : undefined;
}
