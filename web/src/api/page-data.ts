// Issue 8 "First load": the answers the server wrote into a signed-in browser's page
// (server/page-data.ts) go into the query cache before the first render, so home and the
// timeline page draw at once instead of after /api/auth/user, /api/timelines and the first
// page of memories (or home's spotlight), one after the other, and the shell need not ask for
// the server's settings. Read once: a later sign-in asks the server as usual.
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { MemoryPage } from '../../../common/memories';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '../../../common/page-data';
import { queryKeys } from './keys';

export function seedFromPage(client: QueryClient): void {
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element) return;
  element.remove();
  let data: PageData;
  try {
    data = JSON.parse(element.textContent ?? '') as PageData;
  } catch {
    return; // The calls will ask instead.
  }
  client.setQueryData(queryKeys.currentUser, data.user);
  client.setQueryData(queryKeys.timelines, data.timelines);
  if (data.timelinePage) {
    const pages: InfiniteData<MemoryPage, string | null> = { pages: [data.timelinePage.page], pageParams: [null] };
    client.setQueryData(queryKeys.timelineMemories(data.timelinePage.timelineId), pages);
  }
  if (data.spotlight) client.setQueryData(queryKeys.memorySpotlight, data.spotlight.memory);
  client.setQueryData(queryKeys.publicConfig, data.config);
}
