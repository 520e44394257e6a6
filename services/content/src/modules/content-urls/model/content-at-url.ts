import type { Role } from '@quire/access';
import type { ChangeRequest } from '../../change-requests';
import type { Collection } from '../../collections';
import type { SpaceWithCounts } from '../../spaces';

/** What a URL names, read as the caller may (reference getContentByUrl); `page` as getPageByPath answers it (JSON text). */
export type ContentAtUrl =
  | { kind: 'collection'; collection: Collection; level: Role }
  | { kind: 'space'; space: SpaceWithCounts; level: Role; changeRequest?: ChangeRequest; page?: string };
