// A memory as the edit view gets it, with as many photos and videos as a test needs.
import type { Memory } from '../../../../../common/memories';

const image = (id: string) => ({ id, url: `/uploads/${id}.jpg`, thumbnailUrl: `/uploads/${id}-t.jpg`, originalUrl: `/uploads/${id}-o.jpg`, width: 10, height: 10 });
const video = (id: string) => ({ id, url: `/uploads/${id}.webm`, mimeType: 'video/webm', thumbnailUrl: null });

export function memoryWith(images: number, videos: number): Memory {
  return {
    id: 'm1',
    title: 'Sledging',
    content: 'Notes',
    transcription: '',
    transcriptionStatus: 'none',
    tags: ['winter'],
    createdAt: '2024-01-05T15:30:00.000Z',
    updatedAt: '2024-01-05T15:30:00.000Z',
    userId: 'u1',
    familyId: null,
    audioUrl: null,
    audioDuration: null,
    timelineIds: ['t1'],
    sharedWith: ['u1'],
    audience: 'private',
    images: Array.from({ length: images }, (_, index) => image(`i${index}`)),
    videos: Array.from({ length: videos }, (_, index) => video(`v${index}`)),
    followUpResponses: [],
    creator: { id: 'u1', displayName: 'Ada', firstName: null, lastName: null, email: 'ada@example.org', profileImageUrl: null, isStoryteller: false },
    abilities: { canEdit: true, canDelete: true, canShare: true },
  };
}
