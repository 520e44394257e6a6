import type { VisitorSegmentRow } from '../model/insights-records';

// Reference SiteInsightsVisitorSegment: visitors grouped by identical visitorAuthClaims.

export interface VisitorSegment {
  title: string;
  claims: Record<string, unknown>;
  events: number;
  visitors: number;
  sessions: number;
}

export function presentVisitorSegment(row: VisitorSegmentRow): VisitorSegment {
  const claims = parseClaims(row.claims);
  return { title: segmentTitle(claims), claims, events: row.events, visitors: row.visitors, sessions: row.sessions };
}

function parseClaims(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A readable title: "key: value" pairs in key order, values shortened. */
export function segmentTitle(claims: Record<string, unknown>): string {
  const parts = Object.keys(claims)
    .sort()
    .map((key) => {
      const value = claims[key];
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      return `${key}: ${text.length > 40 ? `${text.slice(0, 39)}…` : text}`;
    });
  return parts.length ? parts.join(', ') : 'Anonymous';
}
