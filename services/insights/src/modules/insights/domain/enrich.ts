import { textMemo } from '@quire/helpers';
import type * as IsBot from 'isbot';
import type * as UaParser from 'ua-parser-js';
import type * as GeoIpModule from 'geoip-lite';

/** Reference SiteInsightsVisitorBrowser / Device / OS values. */
export type VisitorBrowser = 'chrome' | 'firefox' | 'safari' | 'edge' | 'ie' | 'opera' | 'unknown';
export type VisitorDevice = 'desktop' | 'tablet' | 'mobile' | 'unknown';
export type VisitorOs = 'windows' | 'macos' | 'linux' | 'android' | 'ios' | 'unknown';

export interface Enrichment {
  browser: VisitorBrowser;
  os: VisitorOs;
  device: VisitorDevice;
  isBot: boolean;
  /** ISO 3166-1 alpha-2, '' when unknown. */
  country: string;
  /** The IP's approximate location, null when unknown. */
  point: { latitude: number; longitude: number } | null;
}

// Order matters: Edge and Opera announce themselves as Chrome too, Chrome as Safari.
const BROWSERS: Array<[RegExp, VisitorBrowser]> = [
  [/edge/, 'edge'],
  [/opera/, 'opera'],
  [/firefox/, 'firefox'],
  [/chrom/, 'chrome'],
  [/safari/, 'safari'],
  [/^(ie|iemobile)$/, 'ie'],
];
// iOS before macOS: "iOS" never contains "mac", but keep the specific ones first anyway.
const SYSTEMS: Array<[RegExp, VisitorOs]> = [
  [/^ios$/, 'ios'],
  [/android/, 'android'],
  [/windows/, 'windows'],
  [/mac/, 'macos'],
  [/linux|ubuntu|debian|fedora|mint|arch|gentoo|centos|red ?hat|suse|chromium os/, 'linux'],
];

function match<T extends string>(table: Array<[RegExp, T]>, name: string | undefined, fallback: T): T {
  const lower = (name ?? '').toLowerCase();
  if (!lower) return fallback;
  for (const [pattern, value] of table) if (pattern.test(lower)) return value;
  return fallback;
}

type UserAgentInfo = Pick<Enrichment, 'browser' | 'os' | 'device' | 'isBot'>;

/** Distinct user agents remembered; real traffic repeats a few hundred agents over and over. */
export const USER_AGENT_CACHE_SIZE = 5000;

/**
 * Browser, OS and device class from a user agent. Parsing costs ~35 µs (most of an event's
 * ingest time), so results are memoized (textMemo: cleared when full, no bookkeeping on the hot
 * path; every user agent ingest accepts, at most 1,024 characters, is remembered).
 */
export const parseUserAgent: (userAgent: string) => UserAgentInfo = textMemo((userAgent) => Object.freeze(parseUserAgentUncached(userAgent)), {
  entries: USER_AGENT_CACHE_SIZE,
  textLength: 1024,
});

// The user-agent parsers are loaded on the first event, not at start.
let agents: { uaParser: typeof UaParser; isBot: typeof IsBot } | undefined;
function agentLibraries(): { uaParser: typeof UaParser; isBot: typeof IsBot } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily on purpose (see above)
  return (agents ??= { uaParser: require('ua-parser-js') as typeof UaParser, isBot: require('isbot') as typeof IsBot });
}

/** Browser, OS and device class from a user agent (ua-parser-js v1). */
function parseUserAgentUncached(userAgent: string): UserAgentInfo {
  const result = new (agentLibraries().uaParser.UAParser)(userAgent).getResult();
  const browser = match(BROWSERS, result.browser.name, 'unknown');
  const os = match(SYSTEMS, result.os.name, 'unknown');
  // ua-parser leaves the type empty for desktops; anything else (tv, console, ...) is unknown.
  const type = result.device.type;
  const device: VisitorDevice =
    type === 'mobile' || type === 'tablet' ? type : type === undefined && (browser !== 'unknown' || os !== 'unknown') ? 'desktop' : 'unknown';
  return { browser, os, device, isBot: userAgent !== '' && agentLibraries().isBot.isbot(userAgent) };
}

type GeoIp = typeof GeoIpModule;
let geoip: GeoIp | null = null;

// geoip-lite reads its whole database (tens of MB) when required: only once, and only when the
// first event needs it, so services and tests that never look up a country do not pay for it.
function geo(): GeoIp {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily on purpose (see above)
  if (!geoip) geoip = require('geoip-lite') as GeoIp;
  return geoip;
}

/** Country and location of an IP address from the offline database (one lookup for both). */
export function locate(ip: string): Pick<Enrichment, 'country' | 'point'> {
  const found = ip ? geo().lookup(ip) : null;
  if (!found) return { country: '', point: null };
  const [latitude, longitude] = found.ll;
  // geoip-lite answers [0, 0] for a range it knows only by country (no coordinates).
  const point = latitude === 0 && longitude === 0 ? null : { latitude, longitude };
  return { country: found.country ?? '', point };
}

/** ISO country code of an IP address from the offline database, '' when unknown or private. */
export function countryOf(ip: string): string {
  return locate(ip).country;
}

export function enrich(userAgent: string, ip: string): Enrichment {
  return { ...parseUserAgent(userAgent), ...locate(ip) };
}
