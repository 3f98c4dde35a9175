// A memory with a recording, for the tests of where its words stand (issue 22).
import type { Memory } from '../../../common/memories';

export function voicedMemory(overrides: Partial<Memory> = {}): Memory {
  return {
    id: 'm1',
    title: 'Harvest supper',
    content: '',
    transcription: '',
    transcriptionStatus: 'queued',
    tags: [],
    createdAt: '2024-09-21T18:00:00.000Z',
    updatedAt: '2024-09-21T18:00:00.000Z',
    userId: 'gran',
    familyId: null,
    audioUrl: '/uploads/story.webm',
    audioDuration: 61,
    timelineIds: ['t1'],
    sharedWith: ['gran', 'sam'],
    audience: 'timeline',
    images: [],
    videos: [],
    followUpResponses: [],
    creator: { id: 'gran', displayName: 'Gran', firstName: null, lastName: null, email: 'gran@example.org', profileImageUrl: null, isStoryteller: false },
    abilities: { canEdit: true, canDelete: false, canShare: true },
    ...overrides,
  };
}
