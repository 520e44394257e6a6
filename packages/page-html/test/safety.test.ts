import type { Root } from 'hast';
import { imageUrl, linkUrl, PAGE_SCHEMA } from '../src';
import { hastTools } from '../src/engine/esm';

describe('page-html URL policy', () => {
  it('keeps http(s), mailto and relative links, and marks absolute ones external', () => {
    expect(linkUrl('https://example.com/a b')).toEqual({ href: 'https://example.com/a%20b', external: true });
    expect(linkUrl('mailto:team@example.com')).toEqual({ href: 'mailto:team@example.com', external: false });
    expect(linkUrl('/docs/page#x')).toEqual({ href: '/docs/page#x', external: false });
    expect(linkUrl('../other')).toEqual({ href: '../other', external: false });
    expect(linkUrl('//cdn.test/x')).toEqual({ href: 'https://cdn.test/x', external: true });
  });

  it('refuses javascript:, vbscript:, data:, file: and disguised schemes', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JAVASCRIPT:alert(1)',
      'java\nscript:alert(1)',
      'java\u0000script:x',
      'vbscript:x',
      'data:text/html,<script>',
      'file:///etc/passwd',
      '\\\\evil.test',
      '/\\evil.test',
      '',
      'x'.repeat(9000),
    ]) {
      expect(linkUrl(url)).toBeUndefined();
    }
    expect(linkUrl(42)).toBeUndefined();
  });

  it('allows images over http(s) or relative only: no data: images', () => {
    expect(imageUrl('https://cdn.test/a.png')?.href).toBe('https://cdn.test/a.png');
    expect(imageUrl('/files/f1')?.href).toBe('/files/f1');
    expect(imageUrl('data:image/png;base64,AAAA')).toBeUndefined();
    expect(imageUrl('mailto:x@y.z')).toBeUndefined();
  });

  it('refuses a relative address with a lone surrogate instead of throwing (encodeURI would)', () => {
    expect(linkUrl('docs/\ud83d')).toBeUndefined();
    expect(imageUrl('\udfffa.png')).toBeUndefined();
    expect(linkUrl('docs/😀')?.href).toBe('docs/%F0%9F%98%80');
  });
});

describe('page-html sanitiser schema (the second wall)', () => {
  it('drops what the renderer never builds: scripts, handlers, styles, frames, unsafe URLs, foreign classes', async () => {
    const { sanitize, toHtml } = await hastTools();
    const hostile: Root = {
      type: 'root',
      children: [
        { type: 'element', tagName: 'script', properties: {}, children: [{ type: 'text', value: 'alert(1)' }] },
        { type: 'element', tagName: 'iframe', properties: { src: 'https://evil.test' }, children: [] },
        {
          type: 'element',
          tagName: 'p',
          properties: { onClick: 'alert(1)', style: 'color:red', className: ['hint', 'evil'], id: 'ok' },
          children: [{ type: 'text', value: 'text' }],
        },
        {
          type: 'element',
          tagName: 'a',
          properties: { href: 'javascript:alert(1)', target: '_top', rel: ['opener'] },
          children: [{ type: 'text', value: 'link' }],
        },
        { type: 'element', tagName: 'img', properties: { src: 'data:image/png;base64,AAAA', alt: 'x', onError: 'alert(1)' }, children: [] },
        { type: 'element', tagName: 'input', properties: { type: 'text', value: 'x' }, children: [] },
        { type: 'comment', value: '<script>' },
      ],
    };
    expect(toHtml(sanitize(hostile, PAGE_SCHEMA))).toBe('<p class="hint" id="ok">text</p><a rel="">link</a><img alt="x"><input type="checkbox" disabled>');
  });
});
