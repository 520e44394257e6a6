import { isNodeRemoved } from '../src/modules/comments/domain/comments';

// When a comment's node counts as removed from main (its target page then answers `outdated`).

describe('isNodeRemoved', () => {
  it('is true only for a block the posted page had and main no longer has', () => {
    expect(isNodeRemoved('abc', ['abc', 'def'], ['def'])).toBe(true);
    expect(isNodeRemoved('abc', ['abc'], ['abc', 'def'])).toBe(false);
  });

  it('reads a node of a block split into parts as its block', () => {
    expect(isNodeRemoved('abc.2', ['abc'], [])).toBe(true);
    expect(isNodeRemoved('abc.2', ['abc'], ['abc'])).toBe(false);
  });

  it('never calls a node the posted page did not have removed (an id the client chose)', () => {
    expect(isNodeRemoved('n1', ['abc'], [])).toBe(false);
  });
});
