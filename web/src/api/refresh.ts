// After a change, the answers it made stale are asked for again. React Query's invalidation
// alone lets an answer asked for before the change, still on its way, count as current: any
// answer clears the mark, and a first fetch in flight is joined rather than asked again. So
// such answers are dropped first. (The likely reason a newcomer who joined a timeline from its
// invite once saw "No timelines yet" on home, in an e2e run: a first fetch of the list begun
// before the join and answered after its invalidation stays, as answers are kept until invalidated.)
import type { InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';

/** Drops what `filters` match that is still on its way, marks them stale, and asks again for those on screen. */
export async function refreshAfterChange(client: QueryClient, filters: InvalidateQueryFilters): Promise<void> {
  await client.cancelQueries(filters);
  await client.invalidateQueries(filters);
}
