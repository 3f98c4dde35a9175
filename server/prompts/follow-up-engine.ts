// The built-in follow-up engine (DESIGN "AI"; memories §2 "Questions"). No network: it finds
// the people, places, times and feelings in the memory, asks about those first, then turns
// to warm general questions. A story told by voice, with no text yet, is asked about from its
// title and the day's prompt it answers. It never asks a question in previousQuestions, the title or the prompt (follow-up-repeats.ts), and
// always gives the same question for the same input, so "Another question" steps through the pool.
import { createHash } from 'node:crypto';
import nlp from 'compromise';
import {
  familyNames,
  feelingWords,
  generalQuestions,
  negations,
  occasions,
  placeNouns,
  promptTemplates,
  relativeQualifiers,
  relatives,
  seasons,
  titleTemplates,
  topicTemplates,
  type TopicKind,
} from './follow-up-vocabulary.js';
import { normaliseQuestion, repeatsAny } from './follow-up-repeats.js';

export interface Topic {
  kind: TopicKind;
  /** As the question will say it: "Grandma Rose", "your sister", "Brighton", "1987", "proud". */
  text: string;
  /** Where it starts in the memory; earlier topics are asked about first. */
  at: number;
  end: number;
}

/** Asked about in this order; within each, by where the topic appears. */
const CATEGORIES = [['person'], ['place'], ['year', 'decade', 'occasion', 'season', 'month'], ['feeling']] as const satisfies readonly (readonly TopicKind[])[];
/** A few of each is plenty: the person who wrote it will answer a handful of questions at most. */
const PER_CATEGORY = [3, 3, 3, 2];
/**
 * compromise reads only the memory's opening: it takes about a tenth of a millisecond per
 * character, and a 20 000-character memory must not hold the event loop for seconds. The
 * topics asked about first are near the start anyway; the word lists still see everything.
 */
const NLP_TEXT_MAX = 3_000;
/** Longer "names" are mis-readings (a whole clause tagged as a place). */
const TOPIC_MAX_LENGTH = 40;

/** "Rose's," → "Rose": compromise keeps possessives and trailing punctuation in its text. */
function tidy(text: string): string {
  return text
    .replace(/^[\s"'“‘([]+|[\s.,;:!?"'”’)\]]+$/g, '')
    .replace(/['’]s$/, '')
    .replace(/\s+/g, ' ');
}

const words = (list: readonly string[]) => list.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
const RELATIVE = new RegExp(`\\b(?:my|our)\\s+((?:(?:${words(relativeQualifiers)})[\\s-]+)?(?:${words(relatives)}))\\b`, 'gi');
const FAMILY_NAME = new RegExp(`\\b(?:${words(familyNames)})\\b`, 'g');
const PLACE_NOUN = new RegExp(`\\b(the|our|my)\\s+(${words(placeNouns)})\\b`, 'gi');
const YEAR = /\b(?:19|20)\d\d\b/g;
const DECADE = /\b(?:19|20)\d0s\b/g;
// Longest first, so "Christmas Eve" is found rather than "Christmas".
const OCCASION = new RegExp(`\\b(?:${words([...occasions].sort((a, b) => b.length - a.length))})(?=\\W|$)`, 'gi');
const SEASON = new RegExp(`\\b(?:${words(seasons)})\\b`, 'gi');

function* matches(pattern: RegExp, memory: string, kind: TopicKind, text: (match: RegExpExecArray) => string = (match) => match[0]): Generator<Topic> {
  for (const match of memory.matchAll(pattern)) yield { kind, text: text(match), at: match.index, end: match.index + match[0].length };
}

function* fromNlp(matched: { text: string; offset?: { start: number; length: number } }[], kind: TopicKind): Generator<Topic> {
  for (const { text, offset } of matched) {
    if (offset) yield { kind, text: tidy(text), at: offset.start, end: offset.start + offset.length };
  }
}

const canonicalOccasion = (found: string) => occasions.find((name) => name.toLowerCase() === found.toLowerCase()) ?? found;

function* feelings(memory: string): Generator<Topic> {
  const tokens = [...memory.matchAll(/[A-Za-z’']+/g)];
  for (const [index, token] of tokens.entries()) {
    const feeling = feelingWords[token[0].toLowerCase()];
    if (!feeling) continue;
    // "I wasn't scared", "not so happy": a denied feeling is no feeling to ask about.
    const before = tokens.slice(Math.max(0, index - 2), index).map((each) => each[0].toLowerCase().replace('’', "'"));
    if (before.some((word) => negations.test(word))) continue;
    yield { kind: 'feeling', text: feeling, at: token.index, end: token.index + token[0].length };
  }
}

/** Every candidate of one category; the caller orders, de-duplicates and caps them. */
function candidates(memory: string, doc: ReturnType<typeof nlp>, category: number): Iterable<Topic> {
  if (category === 0) {
    return [
      ...fromNlp(doc.people().json({ offset: true }), 'person'),
      // "my late grandfather" is asked about as "your late grandfather".
      ...matches(RELATIVE, memory, 'person', (match) => `your ${match[1]!.toLowerCase()}`),
      ...matches(FAMILY_NAME, memory, 'person'),
    ];
  }
  if (category === 1) {
    return [
      ...fromNlp(doc.places().json({ offset: true }), 'place'),
      ...matches(PLACE_NOUN, memory, 'place', (match) => `${match[1]!.toLowerCase() === 'the' ? 'the' : 'your'} ${match[2]!.toLowerCase()}`),
    ];
  }
  if (category === 2) {
    return [
      ...matches(YEAR, memory, 'year'),
      ...matches(DECADE, memory, 'decade'),
      ...matches(OCCASION, memory, 'occasion', (match) => canonicalOccasion(match[0])),
      ...matches(SEASON, memory, 'season', (match) => match[0].toLowerCase()),
      // compromise tells the month "May" from the verb "may".
      ...fromNlp(doc.match('#Month').json({ offset: true }), 'month'),
    ];
  }
  return feelings(memory);
}

/** The memory's topics, by category (people, places, times, feelings), each in reading order. */
export function findTopics(memory: string): Topic[][] {
  const doc = nlp(memory.slice(0, NLP_TEXT_MAX));
  return CATEGORIES.map((_, category) => {
    const found = [...candidates(memory, doc, category)].sort((a, b) => a.at - b.at || b.end - a.end);
    const kept: Topic[] = [];
    for (const topic of found) {
      if (kept.length === PER_CATEGORY[category]) break;
      if (!topic.text || topic.text.length > TOPIC_MAX_LENGTH) continue;
      // The same words twice ("Brighton … Brighton"), or a part of one already kept ("Grandma" in "Grandma Rose").
      const overlaps = kept.some((other) => topic.at < other.end && other.at < topic.end);
      const repeats = kept.some((other) => other.text.toLowerCase() === topic.text.toLowerCase());
      if (!overlaps && !repeats) kept.push(topic);
    }
    return kept;
  });
}

const ask = (topic: Topic, round: number): string | undefined => topicTemplates[topic.kind][round]?.replace('{}', topic.text);

/**
 * Where the general questions start: fixed by the memory (sha-256, so similar memories start
 * far apart), and at the first, the most open one, for an empty memory.
 */
function startFor(memory: string, size: number): number {
  const text = normaliseQuestion(memory);
  return text ? createHash('sha256').update(text).digest().readUIntBE(0, 6) % size : 0;
}

/**
 * The questions about the memory's own topics, round by round: the first round asks each
 * topic's first template (a person, a place, a time, a feeling, then the next of each), the
 * second round their second templates, and so on.
 */
function specificRounds(memory: string): string[][] {
  const topics = findTopics(memory);
  const rounds = Math.max(...Object.values(topicTemplates).map((templates) => templates.length));
  return Array.from({ length: rounds }, (_, round) => {
    const questions: string[] = [];
    for (let slot = 0; slot < Math.max(...PER_CATEGORY); slot++) {
      for (const category of topics) {
        const topic = category[slot];
        const question = topic && ask(topic, round);
        if (question) questions.push(question);
      }
    }
    return questions;
  });
}

/** The general questions, starting at a point fixed by `seed`, then the rest of them. */
function generalFrom(seed: string): string[] {
  const start = startFor(seed, generalQuestions.length);
  return [...generalQuestions.slice(start), ...generalQuestions.slice(0, start)];
}

/** Without repeats (as a reader compares questions), in order. */
function distinct(questions: string[]): string[] {
  const seen = new Set<string>();
  return questions.filter((question) => {
    const key = normaliseQuestion(question);
    return !seen.has(key) && Boolean(seen.add(key));
  });
}

/**
 * Every question the engine may ask about `memory`, best first: the questions about its own
 * topics, then the general questions, starting at a point fixed by the memory.
 */
export function followUpPool(memory: string): string[] {
  return distinct([...specificRounds(memory).flat(), ...generalFrom(memory)]);
}

/** Quoted in a question: a long title or prompt would drown it, and its own end mark would double. */
const QUOTED_MAX_LENGTH = 120;
/** Whether the text ends in a question mark, closing quotes aside. */
const asksSomething = (text: string | undefined): boolean => /\?["'”’\s]*$/.test(text ?? '');

function quotable(text: string | undefined, keepEndMark: boolean): string | null {
  const trimmed = (text ?? '').trim().replace(/\s+/g, ' ').replace(/^["'“‘]+|["'”’]+$/g, '');
  const quoted = keepEndMark ? trimmed : trimmed.replace(/[\s.!?…:;,]+$/, '');
  return quoted && quoted.length <= QUOTED_MAX_LENGTH ? quoted : null;
}

/**
 * Every question about a story with no text yet (a voice-only memory), best first: the first
 * round about its title's own people, places, times and feelings, then questions about the
 * title and about the prompt it answers, alternating, then the later rounds, then the general
 * questions.
 */
export function storyPool(title: string | undefined, prompt: string | undefined): string[] {
  // A title that asks something is the question the story answers (a prompt tapped in the app,
  // a question on the storyteller's page), not a name for it: "when you think of “What…”" reads
  // as nonsense, so it is asked about as that prompt is.
  const titleAsks = asksSomething(title);
  const named = titleAsks ? null : quotable(title, false);
  const asked = quotable(titleAsks ? title : prompt, true);
  const aboutTitle = named ? titleTemplates.map((template) => template.replace('{}', named)) : [];
  const aboutPrompt = asked ? promptTemplates.map((template) => template.replace('{}', asked)) : [];
  const anchored: string[] = [];
  for (let index = 0; index < Math.max(aboutTitle.length, aboutPrompt.length); index++) {
    anchored.push(...[aboutTitle[index], aboutPrompt[index]].filter((question): question is string => Boolean(question)));
  }
  const seed = [title ?? '', prompt ?? ''].join('\n').trim();
  const [first = [], ...later] = specificRounds(title ?? '');
  return distinct([...first, ...anchored, ...later.flat(), ...generalFrom(seed)]);
}

export interface FollowUpInput {
  memoryContent: string;
  previousQuestions: readonly string[];
  /** For a story with no text yet: its title and the day's prompt it answers. */
  title?: string;
  prompt?: string;
}

/** The first question of the pool not yet asked: about the text when there is any, else about the title and prompt. */
export function builtInFollowUp({ memoryContent, previousQuestions, title, prompt }: FollowUpInput): string {
  const pool = memoryContent.trim() ? followUpPool(memoryContent) : storyPool(title, prompt);
  // Neither the prompt the story answers nor its title is asked back (a story tapped from a
  // prompt has it as its title too), nor anything asked already.
  const avoid = [...previousQuestions, title, prompt];
  // The general questions outnumber FOLLOW_UP_PREVIOUS_MAX, so the API never runs out; only
  // a caller sending more than that could, and a repeat is better than no question.
  return pool.find((question) => !repeatsAny(question, avoid)) ?? pool[0]!;
}
