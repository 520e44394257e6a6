export { blobKey, isBlobKey, type BlobStore } from './blob-store';
export { FsBlobStore } from './fs-blob-store';
export { PgBlobStore } from './pg-blob-store';
