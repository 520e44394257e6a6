import { accessLine, isSecretParameter, REDACTED, redactPath, redactQuery } from '../src/access-log/access-line';

describe('the access line', () => {
  const base = { requestId: 'req-1', method: 'GET', path: '/v1/user', query: '', status: 200, durationMs: 3.4 };

  it('says who asked what and what the gateway answered, in whole milliseconds', () => {
    expect(accessLine({ ...base, principal: 'user-1' })).toEqual({
      requestId: 'req-1',
      method: 'GET',
      path: '/v1/user',
      status: 200,
      ms: 3,
      principal: 'user-1',
    });
    expect(accessLine({ ...base, status: 401 })).toEqual({ requestId: 'req-1', method: 'GET', path: '/v1/user', status: 401, ms: 3 });
    expect(accessLine({ ...base, status: 499, aborted: true })).toMatchObject({ status: 499, aborted: true });
  });

  it('keeps the query but replaces the value of every credential in it', () => {
    const line = accessLine({
      ...base,
      path: '/v1/openapi-documents/v1',
      query: 'expires=1767225600&signature=abcDEF&page=2&jwt_token=eyJx&share_key=sk_1&token=t&api_key=k&accessToken=a&X-Amz-Signature=s&q=a%20b',
    });
    expect(line.path).toBe(
      `/v1/openapi-documents/v1?expires=1767225600&signature=${REDACTED}&page=2&jwt_token=${REDACTED}&share_key=${REDACTED}` +
        `&token=${REDACTED}&api_key=${REDACTED}&accessToken=${REDACTED}&X-Amz-Signature=${REDACTED}&q=a%20b`,
    );
    for (const secret of ['abcDEF', 'eyJx', 'sk_1', '=t&', '=k&', '=a&', '=s&']) expect(line.path).not.toContain(secret);
  });

  it('judges an encoded parameter name by what it means', () => {
    expect(redactQuery('%73ignature=x')).toBe(`%73ignature=${REDACTED}`);
    expect(redactQuery('%zz=1&limit=5')).toBe('%zz=1&limit=5');
    expect(redactQuery('flag&key')).toBe('flag&key');
  });

  it.each(['signature', 'sig', 'token', 'jwt_token', 'key', 'share_key', 'apiKey', 'api-key', 'client_secret', 'password', 'code', 'Authorization'])(
    'takes %s for a credential',
    (name) => expect(isSecretParameter(name)).toBe(true),
  );

  it.each(['page', 'limit', 'query', 'format', 'expires', 'orderBy', 'search'])('keeps %s', (name) => expect(isSecretParameter(name)).toBe(false));

  it("hides a link invite's secret, which is in its path", () => {
    expect(redactPath('/invite/org1/inv_secret123')).toBe(`/invite/org1/${REDACTED}`);
    expect(accessLine({ ...base, path: '/invite/org1/inv_secret123' }).path).not.toContain('inv_secret123');
    expect(redactPath('/o/org1/s/space1')).toBe('/o/org1/s/space1');
  });
});
