import { ContentConversions } from '../src/modules/revisions/domain/conversions';

// The conversion threads the content tests run with: the real ones, built (npm run build), as
// production starts them. One set per test file; idle threads never keep jest waiting.

let conversions: ContentConversions | undefined;

export function testConversions(): ContentConversions {
  return (conversions ??= new ContentConversions({ threads: 2, maxQueue: 64, timeoutMs: 20_000 }));
}
