// What a book holds, handed from the service (which gathers what the requester may view) to
// the renderer (server/books/render/, which knows nothing of the database or of access). Plain
// data, so it crosses into the renderer's child process as JSON.

/** A photo as storage holds it: the renderer streams it, one at a time, and scales it to print. */
export interface BookPhoto {
  /** Its key in the media store. */
  storageKey: string;
  mimeType: string;
  /** As recorded at upload; null when unknown (the renderer reads the header then). */
  width: number | null;
  height: number | null;
}

export interface BookComment {
  author: string;
  /** ISO-8601 instant. */
  createdAt: string;
  /** The typed words, or a voice comment's transcription; never empty. */
  text: string;
}

export interface BookFollowUp {
  question: string;
  answer: string;
}

export interface BookMemory {
  id: string;
  title: string;
  /** ISO-8601 instant (the memory's date, which a person may have moved). */
  createdAt: string;
  /** yyyy-MM-dd of createdAt in the book's tz: the order, the contents and the running head. */
  day: string;
  /** Who told it: its creator's display name. */
  storyteller: string;
  /** In their order on the memory; the book prints every one. */
  photos: BookPhoto[];
  /** The words of its voice; '' when none. */
  transcription: string;
  /** What was typed; '' when none. */
  notes: string;
  followUps: BookFollowUp[];
  /** Oldest first; empty when the book leaves comments out. */
  comments: BookComment[];
  tags: string[];
  /** PUBLIC_URL/listen/{token}, or null: no voice, codes left out, or stopped. */
  listenUrl: string | null;
}

export interface BookDocument {
  title: string;
  /** The family's name for the cover; null when the requester has no family name to show. */
  familyName: string | null;
  /** The range asked for, yyyy-MM-dd, inclusive. */
  start: string;
  end: string;
  /** IANA zone the days are taken in; dates print on its calendar. */
  tz: string;
  /** The cover's photo: the one picked, else the book's first; null when the book has none. */
  cover: BookPhoto | null;
  /** In date order, oldest first. */
  memories: BookMemory[];
}
