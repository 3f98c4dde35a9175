// Query keys, so every screen that reads a thing invalidates the same one.
export const queryKeys = {
  currentUser: ['auth', 'user'] as const,
  publicConfig: ['config'] as const,
  providers: ['auth', 'providers'] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
  timelines: ['timelines'] as const,
  timelineMembers: (timelineId: string) => ['timelines', timelineId, 'members'] as const,
  timelineInvite: (timelineId: string) => ['timelines', timelineId, 'invite'] as const,
  // Under the timeline, with its members: adding a storyteller adds a member too.
  storytellers: (timelineId: string) => ['timelines', timelineId, 'storytellers'] as const,
  questions: (timelineId: string) => ['timelines', timelineId, 'questions'] as const,
  storytellerLink: (storytellerId: string) => ['storytellers', storytellerId, 'link'] as const,
  person: (userId: string) => ['people', userId] as const,
  timelineInviteDetails: (inviteId: string) => ['timeline-invite', inviteId] as const,
  familyInvite: (inviteId: string) => ['family-invite', inviteId] as const,
  family: (familyId: string) => ['families', familyId] as const,
  dailyPrompts: (timelineId: string | null) => ['prompts', 'daily', timelineId ?? 'none'] as const,
  memories: ['memories'] as const,
  memory: (memoryId: string) => ['memories', memoryId] as const,
  memorySpotlight: ['memories', 'spotlight'] as const,
  comments: (memoryId: string) => ['memories', memoryId, 'comments'] as const,
  // Under 'memories', so every change that refreshes memories (capture, edit, share, delete)
  // refreshes the timeline page and its calendar too.
  timelineMemories: (timelineId: string, filter: { start?: string; end?: string } = {}) =>
    ['memories', 'timeline', timelineId, filter.start ?? '', filter.end ?? ''] as const,
  timelineMemoryDays: (timelineId: string) => ['memories', 'timeline-days', timelineId] as const,
  notifications: ['notifications', 'list'] as const,
  // Under 'memories' too: a change to any memory may change what a search or a preview finds.
  search: (filter: { q: string; start?: string; end?: string; withImages?: boolean; timelineIds?: string[] }) =>
    ['memories', 'search', filter.q, filter.start ?? '', filter.end ?? '', filter.withImages ? 'images' : '', (filter.timelineIds ?? []).join(',')] as const,
  bulkPreview: (start: string, end: string, timelineId: string | null) => ['memories', 'bulk-preview', start, end, timelineId ?? ''] as const,
  // The prefixes of the lists above, to refresh every page, day list, search or preview at once
  // (issue 20 "Always current": features/notifications/notificationTargets.ts).
  timelineMemoriesAll: ['memories', 'timeline'] as const,
  timelineMemoryDaysAll: ['memories', 'timeline-days'] as const,
  searchAll: ['memories', 'search'] as const,
  bulkPreviewAll: ['memories', 'bulk-preview'] as const,
  families: ['families'] as const,
  // Issue 24: the caller's books, polled while one is being made.
  books: ['books'] as const,
  // Under 'memories': a memory changed or deleted may change the photos a cover is chosen from.
  bookCoverPhotos: (timelineId: string, start: string, end: string) => ['memories', 'book-cover', timelineId, start, end] as const,
  // Issue 25: the caller's archives of everything, polled while one is being made.
  everythingArchives: ['archives', 'everything'] as const,
};
