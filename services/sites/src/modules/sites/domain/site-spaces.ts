import type { SiteSpace } from '../model/site-structure';
import type { StructureSibling } from './site-structure';

/** A space to put on a site, as content answered it for the caller. */
export interface SpaceToAttach {
  id: string;
  title: string;
}

export const asSibling = (s: SiteSpace): StructureSibling => ({ kind: 'site-space', id: s.id, position: s.position, hidden: s.hidden });
