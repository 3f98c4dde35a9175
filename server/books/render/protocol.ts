// What the renderer's parent (run-child.ts) and its child (child.ts) say to each other.

/** Typst compiles one part (the front matter, or a run of memories) from a JSON file in workDir. */
export interface CompileTask {
  type: 'compile';
  workDir: string;
  /** A CompileInput as JSON, inside workDir. */
  inputFile: string;
  /** The PDF written, inside workDir. */
  outputFile: string;
}

/** pdf-lib joins the parts into the book, with blank pages where a part must start on a recto. */
export interface MergeTask {
  type: 'merge';
  /** The book's title, for the PDF's own metadata. */
  title: string;
  parts: Array<{ file: string; blankPagesBefore: number }>;
  /** The bookmarks: the contents and each memory, at its page in the joined book. */
  outline: Array<{ title: string; page: number }>;
  outputFile: string;
}

/** A photo streamed to `original` is scaled to print inside `box` (points) and written to `output`. */
export interface ScaleTask {
  type: 'scale';
  original: string;
  output: string;
  box: { widthPt: number; heightPt: number };
}

/** A photo ready for the template: a path inside the render's folder and its printed size. */
export interface PrintPhoto {
  /** From the workspace's root, as Typst's image() takes it: "/m3-0.jpg". */
  path: string;
  widthPt: number;
  heightPt: number;
}

export type ChildTask = CompileTask | MergeTask | ScaleTask;

export type ChildAnswer =
  | { type: 'compiled'; pages: number; memoryPages: Array<{ index: number; page: number }>; rssBytes: number }
  | { type: 'merged'; pages: number; rssBytes: number }
  | { type: 'scaled'; photo: PrintPhoto | null; rssBytes: number }
  | { type: 'failed'; message: string };
