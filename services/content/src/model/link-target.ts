/** What a target in a markdown body is: a link's or an image's (domain/content/link-targets.ts finds them). */
export type TargetKind = 'link' | 'image';
