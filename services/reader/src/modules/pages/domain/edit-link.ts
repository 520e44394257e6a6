import { customizationSetting } from './customization-setting';

// "Edit on Git" (docs/reader.md): shown when the site's customization turns `git.showEditLink` on
// and content gives the page's file in a Git-synced repository (GetPublishedPages' git_blob_url and
// the page's git_file). Only an https base: page-html refuses any other scheme again. Pure.

/** `{ editUrl }` for the page, or nothing. */
export function editLinkOf(customization: unknown, blobUrl: string, gitFile: string): { editUrl?: string } {
  if (customizationSetting(customization, 'git', 'showEditLink') !== true || !blobUrl.startsWith('https://') || !gitFile) return {};
  return { editUrl: `${blobUrl}${gitFile.split('/').map(encodeURIComponent).join('/')}` };
}

/** The customization's `feedback.enabled` (SiteCustomizationSettings, 0.202.0): the page asks "Was this page helpful?". */
export function feedbackEnabled(customization: unknown): boolean {
  return customizationSetting(customization, 'feedback', 'enabled') === true;
}
