// Which pages share a folder of paths: siblings, and with them the children of the groups among
// them, since a group's slug is not part of its children's paths (content's pagePaths). Slugs and
// files are made unique over such a folder, so that no two pages are written to one file.

export function pagesSharingFolder<T extends { children: T[] }>(siblings: readonly T[], isGroup: (page: T) => boolean): T[] {
  return siblings.flatMap((page) => (isGroup(page) ? [page, ...pagesSharingFolder(page.children, isGroup)] : [page]));
}
