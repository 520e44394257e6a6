import { isMediaType } from '../src/media-type';

// A content type a client gives is a media type (RFC 6838 type/subtype, optional parameters), so no
// CR/LF in one can break a later download.

describe('isMediaType', () => {
  it.each([
    'image/png',
    'text/html',
    'text/html; charset=utf-8',
    'text/html;charset=UTF-8',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/ld+json',
    'multipart/form-data; boundary="a b;c"',
    'text/plain; charset=utf-8; format=flowed',
    'application/x-www-form-urlencoded',
  ])('accepts %j', (value) => {
    expect(isMediaType(value)).toBe(true);
  });

  it.each([
    'text/html\r\nX-Evil: 1',
    'text/html\nX-Evil: 1',
    'text/html; charset=utf-8\r\n',
    'text',
    '/png',
    'image/',
    'image/png/x',
    'image png',
    'image/png;',
    'image/png; charset',
    'image/png; a="unterminated',
    'image/p\u0000ng',
    'ïmage/png',
    'image/' + 'a'.repeat(200),
    '',
  ])('refuses %j', (value) => {
    expect(isMediaType(value)).toBe(false);
  });
});
