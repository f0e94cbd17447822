// Reads a PDF the way a person's viewer would (pdf.js): its pages and the text on each.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const standardFontDataUrl = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/';

// pdf.js in Node runs its worker in this process, shared by every open document: reading two
// at once lets one's teardown cut the other off ("Invalid page request"), so reads queue.
let queue: Promise<unknown> = Promise.resolve();

/** The text of each page, items joined by spaces. */
export function pdfPages(pdf: Uint8Array): Promise<string[]> {
  const read = queue.then(() => readPages(pdf));
  queue = read.catch(() => {});
  return read;
}

async function readPages(pdf: Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), standardFontDataUrl }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages;
}
