// The PDF's bookmarks (its outline): the contents, then every memory by its title, so a reader
// on a screen jumps to a story as the printed contents lets a reader of paper. Typst writes an
// outline for each part, but the join keeps pages only, so the book's own is written here.
import { PDFDict, PDFHexString, PDFName, PDFNull, PDFNumber, type PDFDocument, type PDFRef } from 'pdf-lib';

export interface OutlineEntry {
  title: string;
  /** 1-based, in the joined book. */
  page: number;
}

export function writeOutline(book: PDFDocument, entries: OutlineEntry[]): void {
  const pages = book.getPages();
  const usable = entries.filter((entry) => entry.page >= 1 && entry.page <= pages.length);
  if (usable.length === 0) return;
  const { context } = book;
  const rootRef = context.nextRef();
  const refs: PDFRef[] = usable.map(() => context.nextRef());
  usable.forEach((entry, i) => {
    const item = context.obj({}) as PDFDict;
    item.set(PDFName.of('Title'), PDFHexString.fromText(entry.title));
    item.set(PDFName.of('Parent'), rootRef);
    if (i > 0) item.set(PDFName.of('Prev'), refs[i - 1]!);
    if (i < usable.length - 1) item.set(PDFName.of('Next'), refs[i + 1]!);
    item.set(PDFName.of('Dest'), context.obj([pages[entry.page - 1]!.ref, PDFName.of('XYZ'), PDFNull, PDFNull, PDFNull]));
    context.assign(refs[i]!, item);
  });
  const root = context.obj({}) as PDFDict;
  root.set(PDFName.of('Type'), PDFName.of('Outlines'));
  root.set(PDFName.of('First'), refs[0]!);
  root.set(PDFName.of('Last'), refs.at(-1)!);
  root.set(PDFName.of('Count'), PDFNumber.of(usable.length));
  context.assign(rootRef, root);
  book.catalog.set(PDFName.of('Outlines'), rootRef);
}
