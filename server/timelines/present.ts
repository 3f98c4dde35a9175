// Timelines as the API shows them (accounts §3); their members are people's person cards,
// each with what the caller may do with them.
import type { Selectable } from 'kysely';
import type { Timeline, TimelineMember } from '../../common/timelines.js';
import { timelineAbilities, timelineMemberAbilities, type TimelineViewer } from '../access/index.js';
import type { TimelinesTable } from '../db/schema.js';
import { presentMember, type MemberRow } from '../people/index.js';

export type TimelineRow = Selectable<TimelinesTable>;

/** `isDefault` is the viewer's choice (users.default_timeline_id), since any member may pick it. */
export function presentTimeline(row: TimelineRow, viewer: TimelineViewer): Timeline {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    color: row.color,
    icon: row.icon,
    isDefault: row.id === viewer.defaultTimelineId,
    userId: row.user_id,
    createdAt: row.created_at,
    abilities: timelineAbilities(viewer, row),
  };
}

export function presentTimelineMember(row: MemberRow, viewerId: string, timeline: TimelineRow): TimelineMember {
  return { ...presentMember(row), abilities: timelineMemberAbilities(viewerId, timeline, row.id) };
}
