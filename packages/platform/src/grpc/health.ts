import type * as grpc from '@grpc/grpc-js';
import type { ServiceBinding } from './server';

/** The Check RPC every service answers; `ready` reflects the same checks as /readyz. */
export function healthBinding(definition: grpc.ServiceDefinition, service: string, isReady: () => Promise<boolean> = async () => true): ServiceBinding {
  return {
    definition,
    implementation: { check: async () => ({ service, ready: await isReady() }) },
  };
}
