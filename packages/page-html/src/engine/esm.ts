// The ES-module-only libraries (unified's hast utilities, lowlight), loaded once per process.
// TypeScript's CommonJS output turns `import()` into `require()`, which jest's module loader cannot
// apply to an ES module; an `import()` compiled at run time stays a real one in Node and in jest.

import type * as ToHtml from 'hast-util-to-html';
import type * as Sanitize from 'hast-util-sanitize';
import type * as Lowlight from 'lowlight';

// The body carries a per-load token: V8 caches a compiled Function by its source, with the module
// context it was first compiled in, and jest gives every test file a context of its own.
const token = `${Date.now()}-${Math.random()}`;
const importEsm = new Function('specifier', `return import(specifier); // ${token}`) as (specifier: string) => Promise<unknown>;

export interface HastTools {
  toHtml: typeof ToHtml.toHtml;
  sanitize: typeof Sanitize.sanitize;
  lowlight: typeof Lowlight;
}

let loading: Promise<HastTools> | undefined;

/** The libraries, imported on first use and shared afterwards. */
export function hastTools(): Promise<HastTools> {
  loading ??= Promise.all([importEsm('hast-util-to-html'), importEsm('hast-util-sanitize'), importEsm('lowlight')]).then(([toHtml, sanitize, lowlight]) => ({
    toHtml: (toHtml as typeof ToHtml).toHtml,
    sanitize: (sanitize as typeof Sanitize).sanitize,
    lowlight: lowlight as typeof Lowlight,
  }));
  loading.catch(() => (loading = undefined));
  return loading;
}
