export { type FetchedText, responseText } from './domain/fetched-text';
export { IMPORT_SOURCES, type ImportDeps, type Importer, type ImportSource } from './domain/importer';
export { IMPORTERS } from './domain/importers';
