export { PgliteDatabase, PgliteInstance } from './pglite';
export { copyPublicSchema } from './pglite-copy';
export { pgliteTemplateDir } from './pglite-template';
