import { classifyFailure } from '../src/dead-letters';
import { DependencyUnavailableError, notFound, serviceUnavailable } from '@quire/errors';

function withProps(message: string, props: Record<string, unknown>): Error {
  return Object.assign(new Error(message), props);
}

describe('classifyFailure', () => {
  it.each([
    ['connection refused', withProps('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED' })],
    ['connection reset', withProps('read ECONNRESET', { code: 'ECONNRESET' })],
    ['socket timeout', withProps('timeout', { code: 'ETIMEDOUT' })],
    ['DNS failure', withProps('getaddrinfo EAI_AGAIN clickhouse', { code: 'EAI_AGAIN' })],
    ['unknown host', withProps('getaddrinfo ENOTFOUND kafka', { code: 'ENOTFOUND' })],
    ['undici socket error', withProps('other side closed', { code: 'UND_ERR_SOCKET' })],
    ['a dependency reported down', new DependencyUnavailableError('ClickHouse is unavailable: connect ECONNREFUSED')],
    ['PostgreSQL connection failure (08006)', withProps('connection failure', { code: '08006' })],
    ['PostgreSQL too many connections (53300)', withProps('sorry, too many clients already', { code: '53300' })],
    ['PostgreSQL disk full (53100)', withProps('could not extend file', { code: '53100' })],
    ['PostgreSQL admin shutdown (57P01)', withProps('terminating connection due to administrator command', { code: '57P01' })],
    ['PostgreSQL starting up (57P03)', withProps('the database system is starting up', { code: '57P03' })],
    ['PostgreSQL statement timeout (57014)', withProps('canceling statement due to statement timeout', { code: '57014' })],
    ['PostgreSQL serialization failure (40001)', withProps('could not serialize access', { code: '40001' })],
    ['PostgreSQL deadlock (40P01)', withProps('deadlock detected', { code: '40P01' })],
    ['ClickHouse timeout', withProps('Timeout exceeded: elapsed 30 seconds', { code: '159', type: 'TIMEOUT_EXCEEDED' })],
    ['ClickHouse overloaded', withProps('Too many simultaneous queries', { code: '202', type: 'TOO_MANY_SIMULTANEOUS_QUERIES' })],
    ['ClickHouse memory limit', withProps('Memory limit exceeded', { code: '241', type: 'MEMORY_LIMIT_EXCEEDED' })],
    ['an HTTP 503', withProps('Service Unavailable', { statusCode: 503 })],
    ['an HTTP 502 (status)', withProps('Bad Gateway', { status: 502 })],
    ['gRPC unavailable', withProps('14 UNAVAILABLE: No connection established', { code: 14, details: 'No connection established' })],
    ['gRPC deadline', withProps('4 DEADLINE_EXCEEDED', { code: 4, details: 'Deadline exceeded' })],
    ['a service our gRPC client found down or late (its 503)', serviceUnavailable('The content service is unavailable; try again shortly')],
    ['socket hang up without a code', new Error('socket hang up')],
    ['a request timeout without a code', new Error('Timeout error.')],
    ['Postgres connection terminated', new Error('Connection terminated unexpectedly')],
    ['a store down', new Error('store down')],
    ['a transient cause inside a wrapper', new Error('insert failed', { cause: withProps('connect ECONNREFUSED', { code: 'ECONNREFUSED' }) })],
  ])('%s is transient', (_what, err) => {
    expect(classifyFailure(err)).toBe('transient');
  });

  it.each([
    ['a service answering that the thing is not there (its 404)', notFound('Space not found')],
    ['PostgreSQL NUL in text (22021)', withProps('invalid byte sequence for encoding "UTF8": 0x00', { code: '22021' })],
    ['PostgreSQL unique violation (23505)', withProps('duplicate key value violates unique constraint', { code: '23505' })],
    ['PostgreSQL foreign key (23503)', withProps('violates foreign key constraint', { code: '23503' })],
    ['PostgreSQL bad input syntax (22P02)', withProps('invalid input syntax for type integer', { code: '22P02' })],
    ['PostgreSQL undefined column (42703)', withProps('column "x" does not exist', { code: '42703' })],
    ['ClickHouse cannot parse', withProps('Cannot parse input: expected , before: \\0', { code: '27', type: 'CANNOT_PARSE_INPUT_ASSERTION_FAILED' })],
    ['ClickHouse type mismatch', withProps('Type mismatch in IN or VALUES section', { code: '53', type: 'TYPE_MISMATCH' })],
    ['ClickHouse bad UTF-8 in a 500 answer', withProps('Code: 117. DB::Exception: Incorrect data', { code: '117', type: 'INCORRECT_DATA', statusCode: 500 })],
    [
      'a JSON parse error',
      (() => {
        try {
          JSON.parse('{');
        } catch (err) {
          return err;
        }
        return null;
      })(),
    ],
    ['a shape error', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['an HTTP 400', withProps('Bad Request', { statusCode: 400 })],
    ['gRPC invalid argument', withProps('3 INVALID_ARGUMENT: bad id', { code: 3, details: 'bad id' })],
    ['a plain error', new Error('the message is not an event envelope')],
    ['a thrown string', 'boom'],
    ['nothing', undefined],
  ])('%s is permanent', (_what, err) => {
    expect(classifyFailure(err)).toBe('permanent');
  });
});
