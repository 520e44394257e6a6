import { randomUUID } from 'node:crypto';
import type { Response } from 'express';

// JSON text made elsewhere (a worker thread's converted document) placed inside an answer without
// parsing it back into objects: parsing a 28 MB document would cost the event loop what the thread
// saved it.

/** JSON text to stand in an answer as the value it encodes. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON.stringify, with every RawJson's text written in place as is. */
export function stringifyWithRaw(value: unknown): string {
  const raws: string[] = [];
  // A fresh marker per call: no string of the answer can already hold it.
  const marker = `raw-json:${randomUUID()}:`;
  const text = JSON.stringify(value, (_key, v: unknown) => (v instanceof RawJson ? `${marker}${raws.push(v.text) - 1}` : v));
  if (!raws.length) return text;
  const parts: string[] = [];
  let from = 0;
  for (;;) {
    const at = text.indexOf(`"${marker}`, from);
    if (at < 0) break;
    const end = text.indexOf('"', at + 1);
    parts.push(text.slice(from, at), raws[Number(text.slice(at + 1 + marker.length, end))] as string);
    from = end + 1;
  }
  parts.push(text.slice(from));
  return parts.join('');
}

/** `res.json(value)` for an answer that may hold RawJson. */
export function sendJson(res: Response, value: unknown): void {
  res.type('application/json').send(stringifyWithRaw(value));
}
