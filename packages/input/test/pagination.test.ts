import { encodePageToken, listEnvelope, openListEnvelope, pageQuery, pageRequest, parseInput } from '../src';
import { ApiError } from '@quire/errors';

/** What route() does with a list's query: parse it with `pageQuery` (400 naming the field), then read the page. */
const parsePageRequest = (query: Record<string, unknown>) => pageRequest(parseInput(pageQuery, query, 'query'));

describe('pagination', () => {
  it('defaults to the first page of 1000', () => {
    expect(parsePageRequest({})).toEqual({ limit: 1000, offset: 0 });
  });

  it('round-trips page tokens', () => {
    expect(parsePageRequest({ limit: '10', page: encodePageToken(30) })).toEqual({ limit: 10, offset: 30 });
  });

  it('takes limit=0 (no items, only the count) and 1000', () => {
    expect(parsePageRequest({ limit: '0' })).toEqual({ limit: 0, offset: 0 });
    expect(parsePageRequest({ limit: '1000' })).toEqual({ limit: 1000, offset: 0 });
    expect(listEnvelope([], 7, { limit: 0, offset: 0 })).toEqual({ count: 7, items: [] });
  });

  it.each(['1001', '-3', '2.5', 'ten', '', '00000000001001', '%00'])('rejects limit=%p with a 400 naming limit', (limit) => {
    expect(() => parsePageRequest({ limit })).toThrow(expect.objectContaining({ code: 400, message: expect.stringContaining('"limit"') }));
  });

  it.each([
    'garbage',
    Buffer.from('{"v":2,"o":1}').toString('base64url'),
    Buffer.from('{"v":1,"o":-1}').toString('base64url'),
    Buffer.from('[1]').toString('base64url'),
  ])('rejects page=%p with a 400 naming page', (page) => {
    expect(() => parsePageRequest({ page })).toThrow(ApiError);
    expect(() => parsePageRequest({ page })).toThrow(/"page"/);
  });

  it('sets next only while items remain, and count to the total', () => {
    const first = listEnvelope([1, 2], 5, { limit: 2, offset: 0 });
    expect(first.count).toBe(5);
    expect(parsePageRequest({ page: first.next?.page }).offset).toBe(2);
    const last = listEnvelope([5], 5, { limit: 2, offset: 4 });
    expect(last.next).toBeUndefined();
    expect(listEnvelope([], 0, { limit: 2, offset: 0 })).toEqual({ count: 0, items: [] });
  });

  it('leaves count out of a list of unknown size, and pages on while seen items remain', () => {
    const first = openListEnvelope([1, 2], 5, { limit: 2, offset: 0 });
    expect(first).not.toHaveProperty('count');
    expect(parsePageRequest({ page: first.next?.page }).offset).toBe(2);
    expect(openListEnvelope([5], 5, { limit: 2, offset: 4 })).toEqual({ items: [5] });
  });

  it('takes a list’s own default limit when the query names none', () => {
    expect(pageRequest({}, 100)).toEqual({ limit: 100, offset: 0 });
    expect(pageRequest({ limit: 7, page: 3 }, 100)).toEqual({ limit: 7, offset: 3 });
    expect(pageRequest({})).toEqual({ limit: 1000, offset: 0 });
  });
});
