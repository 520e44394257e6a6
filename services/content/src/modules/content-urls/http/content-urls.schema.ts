import { z } from '@quire/input';

// Reference getContentByUrl and getEmbedByUrl: `url` (required), at most the reference URL's 2,048.
export const urlQuery = z.object({ url: z.string().min(1).max(2048) });
