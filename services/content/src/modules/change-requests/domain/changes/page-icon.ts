// The reference's Icon as content takes it: a Font Awesome name. One rule for every way in (the
// API's page fields, a Git Sync import's front matter). Pure.

export const PAGE_ICON = /^[a-z0-9-]{1,50}$/;

export const isPageIcon = (value: string): boolean => PAGE_ICON.test(value);
