// Small readers for rendered HTML in tests (the pages are our own, regular markup).

/** The inner HTML of the first element carrying data-testid="<id>" (no nesting of the same tag). */
export function byTestId(html: string, id: string): string | null {
  const open = new RegExp(`<(\\w+)[^>]*data-testid="${id}"[^>]*>`).exec(html);
  if (!open) return null;
  const close = html.indexOf(`</${open[1]}>`, open.index + open[0].length);
  return html.slice(open.index + open[0].length, close);
}

/** The rows of a table body as arrays of cell texts (tags stripped, entities kept). */
export function bodyRows(tableHtml: string): string[][] {
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(tableHtml)?.[1] ?? '';
  return [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1].matchAll(/<t[dh][^>]*>([\s\S]*?)<\/t[dh]>/g)].map((cell) => cell[1].replace(/<[^>]+>/g, '').trim()),
  );
}

export function headerCells(tableHtml: string): string[] {
  const head = /<thead>([\s\S]*?)<\/thead>/.exec(tableHtml)?.[1] ?? '';
  return [...head.matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)].map((cell) => cell[1].trim());
}

export function count(text: string, needle: string): number {
  return text.split(needle).length - 1;
}
