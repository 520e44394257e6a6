// Sites' and content's answers kept by version (docs/reader.md, Fast and fresh): a cold page of a
// known site version reads its site profile and page tree from memory or the shared cache.
export { KeptReads, type KeptReadsSettings } from './application/kept-reads';
export { pageMarkdownKey, siteProfileKey, spacePagesKey } from './domain/kept-read-key';
export { keptReads } from './application/kept-reads-of';
