// What each renderer's child has in common: its arguments and its last line, a JSON report the
// comparison reads (pages, and the child's own peak RSS as the kernel kept it).
import { readFileSync } from 'node:fs';

export interface RenderArgs {
  /** The photos to print: the 2000 × 1500 originals, or copies scaled to print size. */
  photos: string;
  /** Where the PDF goes. */
  out: string;
  /** An empty folder of the child's own. */
  work: string;
}

export function renderArgs(): RenderArgs {
  const [photos, out, work] = process.argv.slice(2);
  if (!photos || !out || !work) throw new Error('usage: RENDERER PHOTOS_DIR OUT.pdf WORK_DIR');
  return { photos, out, work };
}

/** The child's report, printed as its last line of output. */
export function report(pages: number | null): void {
  const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))![1];
  console.log(JSON.stringify({ pages, hwmBytes: Number(hwm) * 1024 }));
}
