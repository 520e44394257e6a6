import { pageMark } from '../src/layout/emoji';

const gear = { viewBox: '0 0 512 512', paths: ['M195.1 9.5C198.1-5.3 211.2-16 226.4-16l59.8 0zM256.3 336a80 80 0 1 0 -.6-160z'] };

describe('the mark before a page title', () => {
  it('is the emoji when the page has one, else its icon as a decorative inline svg', () => {
    expect(pageMark('1f680', gear)).toBe('<span class="page-emoji" aria-hidden="true">🚀</span>');
    expect(pageMark(undefined, gear)).toBe(
      `<svg class="page-icon" viewBox="0 0 512 512" aria-hidden="true" focusable="false"><path fill="currentColor" d="${gear.paths[0]}"/></svg>`,
    );
    expect(pageMark('<b>x</b>', undefined)).toBe('');
    expect(pageMark(undefined, undefined)).toBe('');
  });

  it('draws nothing but numbers and path commands', () => {
    expect(pageMark(undefined, { viewBox: '0 0 512 512" onload="x', paths: gear.paths })).toBe('');
    expect(pageMark(undefined, { viewBox: '0 0 512 512', paths: ['M0 0"/><script>alert(1)</script><path d="'] })).toBe('');
    expect(pageMark(undefined, { viewBox: '0 0 512 512', paths: [] })).toBe('');
    expect(pageMark(undefined, 'gear')).toBe('');
  });
});
