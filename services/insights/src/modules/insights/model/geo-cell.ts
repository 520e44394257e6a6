import type * as H3 from 'h3-js';

// h3-js (an emscripten build, ~13 ms) is loaded on the first point, not at start.
let h3Library: typeof H3 | undefined;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily on purpose (see above)
const h3Cells = (): typeof H3 => (h3Library ??= require('h3-js') as typeof H3);

// Visitor locations as H3 cells (the reference's visitorGeoPoint: { latitude, longitude, h3 }, with
// `precision` 0..15 being the H3 resolution). Each event stores its point's cell at the finest
// resolution (15); the cell at a coarser resolution is derived from it by bit arithmetic, which
// both stores can do in SQL (ClickHouse 18.16 has no H3 functions, Postgres none at all):
//
//   H3 index bits: 63 reserved | 62..59 mode | 58..56 reserved | 55..52 resolution |
//                  51..45 base cell | 44..0 fifteen 3-bit digits, resolution 1 first.
//
// The parent at resolution r keeps everything above digit r+1, writes r into the resolution
// field, and fills the unused digits with 7 — exactly h3-js's cellToParent.

export const FINEST_PRECISION = 15;
const RESOLUTION_SHIFT = 52n;
// Bit 63 is reserved (always 0), so the masks fit a signed 64-bit integer (Postgres BIGINT) too.
const ALL_BITS = (1n << 63n) - 1n;

/** The stored cell of a point: H3 resolution 15 as unsigned decimal text ('0' when unknown). */
export function storedCellOf(latitude: number, longitude: number): string {
  return BigInt(`0x${h3Cells().latLngToCell(latitude, longitude, FINEST_PRECISION)}`).toString();
}

/** The masks that turn a stored cell into its parent at `precision`: (cell & keep) | set. */
export function parentMasks(precision: number): { keep: bigint; set: bigint } {
  const unused = (1n << BigInt(3 * (FINEST_PRECISION - precision))) - 1n;
  const resolution = 0xfn << RESOLUTION_SHIFT;
  return { keep: ALL_BITS & ~resolution & ~unused, set: (BigInt(precision) << RESOLUTION_SHIFT) | unused };
}

/**
 * A cell as both stores' SQL spells it: 16 lowercase hex digits, so text order is numeric order.
 * Returns null for anything that is not a valid H3 cell.
 */
export function sqlCellText(h3: string): string | null {
  if (!/^[0-9a-fA-F]{1,16}$/.test(h3) || !h3Cells().isValidCell(h3.toLowerCase())) return null;
  return BigInt(`0x${h3}`).toString(16).padStart(16, '0');
}

export function cellResolution(sqlText: string): number {
  return Number((BigInt(`0x${sqlText}`) >> RESOLUTION_SHIFT) & 0xfn);
}

export interface GeoPoint {
  latitude: number;
  longitude: number;
  h3: string;
}

/** The reference value of a cell (its SQL text): the cell's centre and its H3 index. */
export function cellPoint(sqlText: string): GeoPoint {
  const h3 = BigInt(`0x${sqlText}`).toString(16);
  const [latitude, longitude] = h3Cells().cellToLatLng(h3);
  return { latitude, longitude, h3 };
}
