// What the server writes into the page it sends a signed-in browser (server/page-data.ts,
// issue 8 "First load"): the answers the first screen would otherwise ask for one after the
// other, in exactly the JSON of their API calls.
import type { PublicConfig } from './config.js';
import type { Memory, MemoryPage } from './memories.js';
import type { Timeline } from './timelines.js';
import type { User } from './users.js';

/** The id of the `<script type="application/json">` element that carries it. */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

export interface PageData {
  /** GET /api/auth/user */
  user: User;
  /** GET /api/timelines */
  timelines: Timeline[];
  /** The first page of GET /api/timelines/{id}/memories, on a timeline page. */
  timelinePage: { timelineId: string; page: MemoryPage } | null;
  /**
   * GET /api/memories/spotlight, on home (issue 21 "First load": the spotlight is home's
   * largest text, so it is drawn with the first render); `memory` null when there is none.
   */
  spotlight: { memory: Memory | null } | null;
  /**
   * GET /api/config. Asked for by the shell, it answered after home's first paint and its
   * arrival re-rendered the whole shell at once (issue 21 "First load").
   */
  config: PublicConfig;
}
