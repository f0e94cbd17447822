// Escaping for everything a caller of the API can name (plans, projects, lines,
// equipment, warning messages). Every string reaching HTML, SVG or JSON-in-HTML passes here.

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Safe in HTML/SVG text and in double- or single-quoted attributes. */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/**
 * JSON for a `<script type="application/json">` (or an import map): `<`, `>` and `&` are
 * written as \u escapes so `</script>` or `<!--` inside the data cannot end the element;
 * U+2028/U+2029 likewise, so the text stays valid JavaScript too. JSON.parse restores them.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
