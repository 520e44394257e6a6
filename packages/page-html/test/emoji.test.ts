import { emojiMark, emojiText } from '../src/layout/emoji';

describe('page emoji', () => {
  it('reads code points and characters as the reference gives them', () => {
    expect(emojiText('1f680')).toBe('🚀');
    expect(emojiText('1F468-200D-1F4BB')).toBe('👨‍💻');
    expect(emojiText('🧰')).toBe('🧰');
    expect(emojiText('🇫🇷')).toBe('🇫🇷');
  });

  it('drops anything that is not only emoji', () => {
    for (const value of ['<b>x</b>', 'abc', '12', '🚀 launch', '"onmouseover=1', 'ffffffff', '', '🚀'.repeat(30), 42, null]) {
      expect(emojiText(value)).toBeUndefined();
      expect(emojiMark(value)).toBe('');
    }
  });

  it('marks the emoji as decoration', () => {
    expect(emojiMark('1f389')).toBe('<span class="page-emoji" aria-hidden="true">🎉</span>');
  });
});
