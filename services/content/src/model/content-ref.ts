/** Where a link points (reference ContentRef): a URL, a page, an anchor (of a page) or a file. */
export type ContentRef =
  { kind: 'url'; url: string } | { kind: 'page'; page: string } | { kind: 'anchor'; anchor: string; page?: string } | { kind: 'file'; file: string };
