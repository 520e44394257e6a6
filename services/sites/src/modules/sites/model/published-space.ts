/** A space as content presents it to an anonymous reader (reference schema Space; proto SpaceEntry.space_json). */
export interface PresentedSpace {
  id: string;
  title: string;
  [field: string]: unknown;
}

/** A projected space (table published_spaces): content's anonymous presentation, or the fact that content has it no more. */
export interface PublishedSpace {
  spaceId: string;
  /** Empty for a space content never answered (unknown when first asked). */
  organizationId: string;
  /** False once content no longer answers it (deleted, purged): no site shows it. */
  live: boolean;
  /** Its current (published) revision; empty when gone. */
  revision: string;
  space: PresentedSpace;
}
