import type { UrlBuilder } from '@quire/urls';
import { presentSpace, type PresentedSpace } from '../../spaces';
import type { ReadLinks } from '../application/read-links';
import type { LinkedObjects } from '../presenters/link.presenter';

// The links routes' answer (docs/conventions.md, "Presenters are pure; answers do the reads"): the
// full objects link items embed (reference: ContentLocation embeds Organization and Space), read
// once per answer by application/read-links.ts and presented here for the caller, for
// modules/links/presenters/link.presenter.ts.

/** The space being read and the other spaces its links name, presented at the caller's level on each. */
export function linkedObjects({ space, level, linked }: ReadLinks, urls: UrlBuilder): LinkedObjects {
  const spaces = new Map<string, PresentedSpace>([[space.id, presentSpace(space, level, urls)]]);
  for (const other of linked.spaces) spaces.set(other.space.id, presentSpace(other.space, other.level, urls));
  return { organizations: linked.organizations, spaces };
}
