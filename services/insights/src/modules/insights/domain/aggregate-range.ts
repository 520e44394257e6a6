import { badRequest } from '@quire/errors';

// Reference SiteInsightsQueryRange: a preset ending now, or a custom { from, to }.

export const RANGE_PRESETS = ['lastYear', 'last3Months', 'last30Days', 'last7Days', 'last24Hours'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export type RangeInput = RangePreset | { from: string; to: string };

/** A custom range is capped so an hourly series stays far below the store's result-row limit. */
export const MAX_CUSTOM_RANGE_DAYS = 731;

const DAY = 86_400;

/** The range as inclusive unix seconds. */
export function rangeBounds(range: RangeInput, now: Date): { from: number; to: number } {
  const to = Math.floor(now.getTime() / 1000);
  if (typeof range === 'object') return customBounds(range);
  switch (range) {
    case 'lastYear':
      return { from: monthsBefore(now, 12), to };
    case 'last3Months':
      return { from: monthsBefore(now, 3), to };
    case 'last30Days':
      return { from: to - 30 * DAY, to };
    case 'last7Days':
      return { from: to - 7 * DAY, to };
    case 'last24Hours':
      return { from: to - DAY, to };
  }
}

function monthsBefore(now: Date, months: number): number {
  const d = new Date(now.getTime());
  d.setUTCMonth(d.getUTCMonth() - months);
  return Math.floor(d.getTime() / 1000);
}

function customBounds(range: { from: string; to: string }): { from: number; to: number } {
  const from = Date.parse(range.from);
  const to = Date.parse(range.to);
  if (!Number.isFinite(from) || from < 0) throw badRequest('Invalid body field "range.from": must be a timestamp');
  if (!Number.isFinite(to) || to < from) throw badRequest('Invalid body field "range.to": must be a timestamp not before range.from');
  if (to - from > MAX_CUSTOM_RANGE_DAYS * DAY * 1000) throw badRequest(`Invalid body field "range": at most ${MAX_CUSTOM_RANGE_DAYS} days`);
  return { from: Math.floor(from / 1000), to: Math.floor(to / 1000) };
}
