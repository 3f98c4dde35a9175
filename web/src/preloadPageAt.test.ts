// @vitest-environment jsdom
// Issue 21 "First load": a signed-in page opened on the timeline loads the timeline page's code
// before the first render (main.tsx → App.tsx preloadSignedInApp → preloadPageAt), so that render
// draws the page rather than a "Loading..." React holds for 300 ms; no other page is fetched ahead.
import { describe, expect, it } from 'vitest';
import { LazyTimelinePage } from './features/timeline-page';
import { preloadPageAt } from './SignedInApp';

describe('preloadPageAt', () => {
  it('loads nothing ahead for a page the server does not name beside the signed-in app', async () => {
    await preloadPageAt('/profile');
    await preloadPageAt('/timelines-of-old');
    expect(LazyTimelinePage.isLoaded()).toBe(false);
  });

  it("loads the timeline page's code for /timeline and a timeline's own address", async () => {
    await preloadPageAt('/timeline/3f6c1e9a-0000-4000-8000-000000000001');
    expect(LazyTimelinePage.isLoaded()).toBe(true);
  });
});
