import type { ContentAccess, ContentNode, ResourceKind } from '../../content-tree';

/** A space or collection whose grants are listed or changed, with the caller's access to its organization. */
export interface PermissionTarget {
  kind: ResourceKind;
  node: ContentNode & { organizationId: string };
  access: ContentAccess;
}
