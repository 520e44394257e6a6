import { siteEventsOf } from '../src/modules/insights/grpc/insights.grpc';

const base = {
  timestamp: '2026-01-02T03:04:05.000Z',
  session: { visitorId: 'v'.repeat(16), sessionId: 's'.repeat(16), ip: '203.0.113.9', userAgent: 'Mozilla/5.0' },
  location: { url: 'https://docs.example.com/setup', page: 'page1' },
};

describe("the reader's page feedback", () => {
  it('arrives as the reference page_post_feedback with its rating', () => {
    const [event] = siteEventsOf([{ ...base, type: 'page_post_feedback', feedbackRating: 'good' }]);
    expect(event).toMatchObject({ type: 'page_post_feedback', feedback: { rating: 'good' } });
  });

  it('refuses a rating outside the reference values, and other events carry none', () => {
    expect(() => siteEventsOf([{ ...base, type: 'page_post_feedback', feedbackRating: 'great' }])).toThrow();
    expect(siteEventsOf([{ ...base, type: 'page_view' }])[0]).not.toHaveProperty('feedback');
  });

  it('carries a comment as the reference page_post_feedback_comment, refusing one past 512 characters', () => {
    const [event] = siteEventsOf([{ ...base, type: 'page_post_feedback_comment', feedbackRating: 'ok', feedbackComment: 'Missing a step.' }]);
    expect(event).toMatchObject({ type: 'page_post_feedback_comment', feedback: { rating: 'ok', comment: 'Missing a step.' } });
    expect(() => siteEventsOf([{ ...base, type: 'page_post_feedback_comment', feedbackRating: 'ok', feedbackComment: 'x'.repeat(513) }])).toThrow();
  });
});
