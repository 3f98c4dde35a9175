// @vitest-environment jsdom
// Issue 8 "First load": what the server wrote into the page fills the query cache once.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '../../../common/page-data';
import { queryKeys } from './keys';
import { seedFromPage } from './page-data';

const user = { id: 'u1', email: 'rose@example.org', displayName: 'Rose' } as unknown as PageData['user'];
const timelines = [{ id: 't1', name: 'Our Family' }] as unknown as PageData['timelines'];
const page = { memories: [{ id: 'm1', title: 'The wedding' }], nextCursor: 'c2' } as unknown as NonNullable<PageData['timelinePage']>['page'];
const memory = { id: 'm2', title: 'The picnic' } as unknown as NonNullable<PageData['spotlight']>['memory'];
const config: PageData['config'] = { feedbackUrl: 'mailto:family@example.org', transcriptionAvailable: true, transcription: { engine: 'local', model: 'base.en' }, mail: { enabled: false } };

function writePage(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = PAGE_DATA_ELEMENT_ID;
  element.textContent = text;
  document.head.append(element);
}

afterEach(() => document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove());

describe('seedFromPage', () => {
  it("puts the user, the timelines, the timeline's first page and the server's settings in the cache, and reads the element only once", () => {
    writePage(JSON.stringify({ user, timelines, timelinePage: { timelineId: 't1', page }, spotlight: null, config } satisfies PageData));
    const client = new QueryClient();
    seedFromPage(client);
    expect(client.getQueryData(queryKeys.currentUser)).toEqual(user);
    expect(client.getQueryData(queryKeys.timelines)).toEqual(timelines);
    expect(client.getQueryData(queryKeys.publicConfig)).toEqual(config);
    expect(client.getQueryData(queryKeys.timelineMemories('t1'))).toEqual({ pages: [page], pageParams: [null] });
    expect(document.getElementById(PAGE_DATA_ELEMENT_ID)).toBeNull();

    const later = new QueryClient();
    seedFromPage(later);
    expect(later.getQueryData(queryKeys.currentUser)).toBeUndefined();
  });

  it("puts home's spotlight in the cache, also when there is no memory to show (null)", () => {
    for (const shown of [memory, null]) {
      writePage(JSON.stringify({ user, timelines, timelinePage: null, spotlight: { memory: shown }, config } satisfies PageData));
      const client = new QueryClient();
      seedFromPage(client);
      expect(client.getQueryState(queryKeys.memorySpotlight)?.status).toBe('success');
      expect(client.getQueryData(queryKeys.memorySpotlight)).toEqual(shown);
    }
  });

  it('leaves the cache empty when the page has no data or unreadable data, so the calls ask', () => {
    const client = new QueryClient();
    seedFromPage(client);
    expect(client.getQueryData(queryKeys.currentUser)).toBeUndefined();
    writePage('{not json');
    seedFromPage(client);
    expect(client.getQueryData(queryKeys.currentUser)).toBeUndefined();
    expect(client.getQueryData(queryKeys.timelines)).toBeUndefined();
    expect(client.getQueryState(queryKeys.memorySpotlight)).toBeUndefined();
    expect(client.getQueryData(queryKeys.publicConfig)).toBeUndefined();
  });
});
