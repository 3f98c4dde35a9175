// The family book's renderer (issue 24; DESIGN "The family book (PDF)"): a BookDocument in, a
// print-ready 6 × 9 inch PDF out. It knows nothing of the database or of access: the books
// service hands it only what the requester may view.
import type { MediaStore } from '../../providers/storage/index.js';
import type { BookDocument } from '../document.js';

export interface RenderOptions {
  /** Photos are streamed from here, one at a time. */
  media: MediaStore;
  /** An empty folder of this render's own; the caller removes it. */
  workDir: string;
  /** 0..1, called often enough to show progress. */
  onProgress: (fraction: number) => void | Promise<void>;
  /** The book was deleted or the server is stopping: stop soon, throw. */
  signal?: AbortSignal;
}

export interface RenderedBook {
  /** Inside workDir. */
  pdfPath: string;
  pages: number;
}

export async function renderBook(doc: BookDocument, options: RenderOptions): Promise<RenderedBook> {
  options.signal?.throwIfAborted();
  void doc;
  // The first cut of the interface, so the books job can be built against it; the renderer follows.
  throw new Error('The book renderer is not built yet.');
}
