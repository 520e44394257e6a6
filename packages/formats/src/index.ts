// @quire/formats: pure format conversion, no database, no network. Content reads and writes
// with it (imports, page documents, comments, links, PDF export); Git Sync will too.

export * from './document/document-nodes';
export { markdownToDocument, anchorOf, stripTags, type ConvertOptions } from './document/markdown-to-document';
export { documentToMarkdown } from './document/document-to-markdown';
export { splitGitBookTags, segmentsText, type Segment } from './document/gitbook-tags';
export { spaceRefTarget, readSpaceRefTarget } from './document/space-refs';
export { markdownBlocks, blockKeyOf, type MarkdownBlock } from './document/markdown-blocks';
export { markdownParser, type MarkdownRule, type Token as MarkdownToken } from './document/markdown-parser';

export { rewriteTargets, listTargets, type TargetKind, type TargetRewrite } from './markdown/link-targets';
export { headingAnchors } from './markdown/heading-anchors';
export { slugify, uniqueSlug, uniqueFileName } from './markdown/slugs';
export { ASSETS_DIR, assetFile, isUrl, pageFile, pagePathOf, relativeTarget, resolveRelative } from './markdown/revision-paths';

export * from './import/imported-content';
export { readMarkdownPage, headingText, humanise, withoutLeadingHeading, type MarkdownPage } from './import/markdown-page';
export { splitLeadingHeading, withoutRepeatedTitle, type TitledMarkdown } from './import/leading-heading';
export { parseSummary, readSummary, type SummaryItem, type SummaryLimits, type SummaryPage, type SummarySource } from './import/summary-md';
export { htmlToMarkdown, type ConvertedHtml } from './import/html-to-markdown';
export { htmlNestingDepth, MAX_HTML_DEPTH } from './import/html-depth';
export { htmlLinks, type PageLinks } from './import/html-links';
export { markdownPage, htmlPage } from './import/single-page';
export { websitePages, type SitePages } from './import/website-pages';
export { pageTreeFromPaths, type PathPage } from './import/page-tree';
export { commonTitleSuffix, withoutSuffix } from './import/site-title';
export { readZipContent } from './import/zip-content';
export { readZipEntries, type ZipEntryFile, type ZipEntryLimits } from './import/zip-entries';
export { buildZipTree, zipSource, MAX_TREE_DEPTH, type PageContent, type Summary } from './import/zip-tree';
export { readDocxContent, type DocxLimits } from './import/docx-content';
export { contentTypeOf } from './import/file-types';
export { imageTargets, imageContentType, fileName } from './import/image-types';
export { clip, nameFromUrl, safeDecode } from './import/names';
export { fileNameProblem } from './names/file-name';

export { renderPdf, type PdfPage, type PdfSource } from './pdf/render-pdf';
export { PDF_LIMITS } from './pdf/pdf-limits';

export * from './git/git-layout';
export { readGitLayout } from './git/read-git-layout';
export { placeDocuments, writeGitLayout, type PlacedDocument } from './git/write-git-layout';
export { emojiCharacters } from './git/page-front-matter';
