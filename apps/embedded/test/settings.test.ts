import { EMBEDDED_GRPC_DEADLINE_MS, embeddedGrpcDeadlinesFromEnv } from '../src/settings';

describe("embedded mode's gRPC deadlines", () => {
  it('give the API 10 s by default and the reader the shared 2 s, so its degraded answers stay inside its answer timeout', () => {
    expect(EMBEDDED_GRPC_DEADLINE_MS).toBe(10_000);
    expect(embeddedGrpcDeadlinesFromEnv({})).toEqual({ api: 10_000, reader: 2000 });
  });

  it('give every call a GRPC_DEADLINE_MS the operator set', () => {
    expect(embeddedGrpcDeadlinesFromEnv({ GRPC_DEADLINE_MS: '750' })).toEqual({ api: 750, reader: 750 });
  });

  it('refuse a deadline that is not a positive whole number, naming it', () => {
    expect(() => embeddedGrpcDeadlinesFromEnv({ GRPC_DEADLINE_MS: '-1' })).toThrow(/GRPC_DEADLINE_MS/);
    expect(() => embeddedGrpcDeadlinesFromEnv({ GRPC_DEADLINE_MS: 'soon' })).toThrow(/GRPC_DEADLINE_MS/);
  });
});
