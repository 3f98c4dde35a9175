// Timelines as the API shows them (accounts §3); their members are people's person cards.
import type { Selectable } from 'kysely';
import type { Timeline } from '../../common/timelines.js';
import type { TimelinesTable } from '../db/schema.js';

export type TimelineRow = Selectable<TimelinesTable>;

/** `isDefault` is the caller's choice (users.default_timeline_id), since any member may pick it. */
export function presentTimeline(row: TimelineRow, callerDefaultTimelineId: string | null): Timeline {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    color: row.color,
    icon: row.icon,
    isDefault: row.id === callerDefaultTimelineId,
    userId: row.user_id,
    createdAt: row.created_at,
  };
}
