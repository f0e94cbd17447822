// The HTML document every Share Link page shares: viewport for phones, the stylesheet
// asset, and no referrer, so the token in the page's address never leaks to other sites.
import { escapeHtml } from './escape.ts';

export interface PageOptions {
  /** The link's root path without a trailing slash, e.g. `/share/<token>`. */
  basePath: string;
  /** CSP nonce for the page's inline scripts (the import map), when the server uses one. */
  nonce?: string;
}

export interface DocumentParts {
  title: string;
  body: string;
  /** Extra markup at the end of <head> (already escaped). */
  head?: string;
  /** null = no stylesheet link (pages without a valid base path, e.g. the 404). */
  stylesheetHref: string | null;
  /** Inline CSS (already safe), for pages that must stand alone. */
  inlineStyle?: string;
}

export function renderDocument(parts: DocumentParts): string {
  const stylesheet = parts.stylesheetHref
    ? `<link rel="stylesheet" href="${escapeHtml(parts.stylesheetHref)}">`
    : '';
  const inlineStyle = parts.inlineStyle ? `<style>${parts.inlineStyle}</style>` : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(parts.title)}</title>
${stylesheet}${inlineStyle}${parts.head ?? ''}
</head>
<body>
${parts.body}
</body>
</html>
`;
}

/** The base path without trailing slashes ("/share/t/" and "/share/t" give the same links). */
export function basePathOf(options: PageOptions): string {
  return options.basePath.replace(/\/+$/, '');
}

export function assetHref(options: PageOptions, name: string): string {
  return `${basePathOf(options)}/assets/${name}`;
}

export function nonceAttribute(options: PageOptions): string {
  return options.nonce ? ` nonce="${escapeHtml(options.nonce)}"` : '';
}

/**
 * The box a wide table scrolls sideways in on a phone: a labelled region that takes focus,
 * so keyboard users can scroll it too.
 */
export function tableScrollOpen(labelledBy: string): string {
  return `<div class="table-scroll" tabindex="0" role="region" aria-labelledby="${labelledBy}">`;
}
