// metadata.json (memories §3 "Export metadata file"): exactly the fields the spec lists. The
// single export's carries a short form of each comment and version '1.0'; the bulk export's
// holds the full comment list and the creator record instead, and no version.
import type { Comment } from '../../common/comments.js';
import { EXPORT_METADATA_VERSION } from '../../common/limits.js';
import type { MemoryImage, MemoryVideo } from '../../common/memories.js';
import type { Member } from '../../common/timelines.js';
import type { MemoryExport } from './gather.js';

interface MetadataMemory {
  id: string;
  title: string;
  content: string;
  transcription: string;
  tags: string[];
  createdAt: string;
  updatedAt: string;
  userId: string;
  familyId: string | null;
  timeline: { id: string; name: string } | null;
}

interface MetadataMedia {
  images: MemoryImage[];
  videos: MemoryVideo[];
  audioUrl: string | null;
}

export interface SingleMetadata {
  memory: MetadataMemory;
  media: MetadataMedia;
  comments: {
    id: string;
    content: string | null;
    transcription: string | null;
    audioUrl: string | null;
    createdAt: string;
    user: { id: string; displayName: string | null; email: string };
  }[];
  exportedAt: string;
  version: typeof EXPORT_METADATA_VERSION;
}

/** memories §3 "Comment": the entity as the spec lists it. */
export type FullComment = Pick<Comment, 'id' | 'userId' | 'content' | 'transcription' | 'audioUrl' | 'createdAt' | 'user'>;

export interface BulkMetadata {
  memory: MetadataMemory;
  media: MetadataMedia;
  comments: FullComment[];
  creator: Member;
  exportedAt: string;
}

function memoryPart({ memory, timelines }: MemoryExport): MetadataMemory {
  return {
    id: memory.id,
    title: memory.title,
    content: memory.content,
    transcription: memory.transcription,
    tags: memory.tags,
    createdAt: memory.createdAt,
    updatedAt: memory.updatedAt,
    userId: memory.userId,
    familyId: memory.familyId,
    // One timeline in the file; memory_content.txt names them all.
    timeline: timelines[0] ?? null,
  };
}

const mediaPart = ({ memory }: MemoryExport): MetadataMedia => ({ images: memory.images, videos: memory.videos, audioUrl: memory.audioUrl });

export function singleMetadata(archive: MemoryExport, exportedAt: Date): SingleMetadata {
  return {
    memory: memoryPart(archive),
    media: mediaPart(archive),
    comments: archive.comments.map((comment) => ({
      id: comment.id,
      content: comment.content,
      transcription: comment.transcription,
      audioUrl: comment.audioUrl,
      createdAt: comment.createdAt,
      user: { id: comment.user.id, displayName: comment.user.displayName, email: comment.user.email },
    })),
    exportedAt: exportedAt.toISOString(),
    version: EXPORT_METADATA_VERSION,
  };
}

export function bulkMetadata(archive: MemoryExport, exportedAt: Date): BulkMetadata {
  return {
    memory: memoryPart(archive),
    media: mediaPart(archive),
    comments: archive.comments.map(({ id, userId, content, transcription, audioUrl, createdAt, user }) => ({ id, userId, content, transcription, audioUrl, createdAt, user })),
    creator: archive.memory.creator,
    exportedAt: exportedAt.toISOString(),
  };
}
