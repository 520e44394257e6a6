import { SNIPPET_LEAD_CHARS, snippetFromSentenceStart } from '../src/modules/search/domain/snippet-start';

describe('search snippets from a sentence start', () => {
  it('starts at the sentence that holds the first match when it starts inside the snippet', () => {
    expect(snippetFromSentenceStart('replicas the autoscaler keeps. **Scaling** up takes a minute.', 'The smallest number of ')).toBe(
      '**Scaling** up takes a minute.',
    );
    expect(snippetFromSentenceStart('is done! Then the **cluster** grows? Yes.', 'x ')).toBe('Then the **cluster** grows? Yes.');
    expect(snippetFromSentenceStart('ends (here.) Then **match**.', 'It ')).toBe('Then **match**.');
  });

  it('takes the sentence’s start from the lead when it begins before the snippet', () => {
    expect(snippetFromSentenceStart('of the cluster, **scaling** up.', 'Setup is quick. Most of the time the size ')).toBe(
      'Most of the time the size of the cluster, **scaling** up.',
    );
  });

  it('keeps a snippet that starts the section or a sentence', () => {
    expect(snippetFromSentenceStart('The **cluster** grows.', '')).toBe('The **cluster** grows.');
    expect(snippetFromSentenceStart('The **cluster** grows.', 'Done. ')).toBe('The **cluster** grows.');
    expect(snippetFromSentenceStart('no match marks here', '')).toBe('no match marks here');
  });

  it('takes a short lead whole (it is the section’s start) and marks a sentence longer than the lead with …', () => {
    expect(snippetFromSentenceStart('the **cluster** grows.', 'When ')).toBe('When the **cluster** grows.');
    expect(snippetFromSentenceStart('the **cluster** grows.', 'w'.repeat(SNIPPET_LEAD_CHARS))).toBe('…the **cluster** grows.');
  });
});
