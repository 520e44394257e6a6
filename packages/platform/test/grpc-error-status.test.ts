import * as grpc from '@grpc/grpc-js';
import { ApiError, badRequest, notFound, revisionNotFound } from '@quire/errors';
import pino from 'pino';
import { apiErrorOfStatus, ERROR_REASON_METADATA_KEY, statusOfApiError } from '../src/grpc/error-status';
import { bind, startGrpcServer, stopGrpcServer } from '../src/grpc/server';
import { createGrpcClient } from '../src/grpc/client';

// How an error crosses a gRPC call: the code as the status, the message as details, the reason
// in trailing metadata, so that a caller in another service branches on code and reason.

const failed = (code: grpc.status, details: string, reason?: string): grpc.ServiceError => {
  const metadata = new grpc.Metadata();
  if (reason !== undefined) metadata.set(ERROR_REASON_METADATA_KEY, reason);
  return Object.assign(new Error(`${code} ${grpc.status[code]}: ${details}`), { code, details, metadata });
};

describe('server side: an ApiError as a status', () => {
  it('answers each known code with its status and the message as details', () => {
    const cases: Array<[number, grpc.status]> = [
      [400, grpc.status.INVALID_ARGUMENT],
      [401, grpc.status.UNAUTHENTICATED],
      [403, grpc.status.PERMISSION_DENIED],
      [404, grpc.status.NOT_FOUND],
      [409, grpc.status.ALREADY_EXISTS],
      [429, grpc.status.RESOURCE_EXHAUSTED],
      [501, grpc.status.UNIMPLEMENTED],
      [503, grpc.status.UNAVAILABLE],
      [500, grpc.status.INTERNAL],
      [413, grpc.status.INTERNAL],
    ];
    for (const [code, status] of cases) {
      expect(statusOfApiError(new ApiError(code, 'why'))).toMatchObject({ code: status, details: 'why' });
    }
  });

  it('puts the reason in the trailing metadata, and nothing there without one', () => {
    const stale = statusOfApiError(revisionNotFound('r1'));
    expect(stale.code).toBe(grpc.status.NOT_FOUND);
    expect(stale.details).toBe('Revision r1 not found');
    expect(stale.metadata.get(ERROR_REASON_METADATA_KEY)).toEqual(['revision-not-found']);
    expect(statusOfApiError(notFound('Revision r1 not found')).metadata.get(ERROR_REASON_METADATA_KEY)).toEqual([]);
  });
});

describe('client side: a status as an ApiError', () => {
  it('turns the known statuses back into their codes with the details as the message', () => {
    expect(apiErrorOfStatus(failed(grpc.status.INVALID_ARGUMENT, 'Invalid field "x": must be short'), 'sites')).toMatchObject({
      code: 400,
      message: 'Invalid field "x": must be short',
      reason: undefined,
    });
    expect(apiErrorOfStatus(failed(grpc.status.PERMISSION_DENIED, 'no'), 'sites').code).toBe(403);
    expect(apiErrorOfStatus(failed(grpc.status.ALREADY_EXISTS, 'taken'), 'sites').code).toBe(409);
  });

  it('exposes a known reason, typed, and drops one it does not know', () => {
    const stale = apiErrorOfStatus(failed(grpc.status.NOT_FOUND, 'Revision r1 not found', 'revision-not-found'), 'content');
    expect(stale).toBeInstanceOf(ApiError);
    expect(stale).toMatchObject({ code: 404, reason: 'revision-not-found' });
    expect(apiErrorOfStatus(failed(grpc.status.NOT_FOUND, 'gone', 'made-up'), 'content').reason).toBeUndefined();
  });

  it('answers an unreachable or late service as a 503 naming it, and anything else as its failure', () => {
    expect(apiErrorOfStatus(failed(grpc.status.UNAVAILABLE, 'down'), 'content')).toMatchObject({
      code: 503,
      message: 'The content service is unavailable; try again shortly',
    });
    expect(apiErrorOfStatus(failed(grpc.status.DEADLINE_EXCEEDED, 'late'), 'content').code).toBe(503);
    expect(apiErrorOfStatus(failed(grpc.status.INTERNAL, 'secret detail'), 'content')).toMatchObject({ code: 500, message: 'The content service failed' });
  });
});

describe('over a real call', () => {
  // A one-method service with JSON messages: enough to carry a status and its trailers.
  const json = { serialize: (v: unknown) => Buffer.from(JSON.stringify(v)), deserialize: (b: Buffer) => JSON.parse(b.toString()) as unknown };
  const definition: grpc.ServiceDefinition = {
    read: {
      path: '/test.Errors/Read',
      requestStream: false,
      responseStream: false,
      requestSerialize: json.serialize,
      requestDeserialize: json.deserialize,
      responseSerialize: json.serialize,
      responseDeserialize: json.deserialize,
    },
  };
  const Ctor = grpc.makeGenericClientConstructor(definition, 'Errors') as unknown as (new (
    address: string,
    credentials: grpc.ChannelCredentials,
    options?: object,
  ) => grpc.Client & { read: grpc.requestCallback<unknown> }) & { service: grpc.ServiceDefinition };
  const thrown: Record<string, Error> = {
    stale: revisionNotFound('r1'),
    refused: badRequest('Invalid field "query": must be short', 'search-query-refused'),
    plain: notFound('Revision r1 not found'),
  };
  let server: grpc.Server;
  let client: { read(request: { what: string }): Promise<unknown>; close(): void };

  beforeAll(async () => {
    const implementation = { read: async ({ what }: { what: string }) => Promise.reject(thrown[what]) };
    const started = await startGrpcServer('127.0.0.1:0', [bind(definition, implementation as never)], pino({ level: 'silent' }));
    server = started.server;
    client = createGrpcClient(Ctor as never, `127.0.0.1:${started.port}`, 'errors', { deadlineMs: 5000 }) as unknown as typeof client;
  });
  afterAll(async () => {
    client.close();
    await stopGrpcServer(server);
  });

  it('carries code, message and reason from the handler to the caller', async () => {
    await expect(client.read({ what: 'stale' })).rejects.toMatchObject({ code: 404, message: 'Revision r1 not found', reason: 'revision-not-found' });
    await expect(client.read({ what: 'refused' })).rejects.toMatchObject({ code: 400, reason: 'search-query-refused' });
    const plain = (await client.read({ what: 'plain' }).catch((e: unknown) => e)) as ApiError;
    expect(plain).toMatchObject({ code: 404, message: 'Revision r1 not found' });
    expect(plain.reason).toBeUndefined();
  });
});
