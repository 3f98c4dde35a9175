// The words and templates of the built-in follow-up engine (DESIGN "AI": questions built
// from the memory's own people, places, times and feelings). Data only; the engine in
// follow-up-engine.ts decides what to ask.

/** Templates per kind of topic, most inviting first: the engine asks every topic's first before any second. */
export const topicTemplates = {
  person: [
    'What do you remember most about {}?',
    'What is something {} used to say or do that has stayed with you?',
    'If you could ask {} one more thing about that time, what would it be?',
  ],
  place: [
    'What did {} look, sound or smell like back then?',
    'Have you been back to {} since, and how had it changed?',
    'Who else do you picture when you think of {}?',
  ],
  year: ['How old were you in {}, and what else was happening?', 'What was an ordinary day like for you back in {}?'],
  decade: ['What was life like for you in the {}?', 'What music, clothes or sayings take you straight back to the {}?'],
  occasion: ['How did your family usually spend {} back then?', 'What food or tradition do you connect with {}?'],
  season: ['What made that {} stand out from the others?', 'What did you and your family get up to that {}?'],
  month: ['What else was happening in your life that {}?'],
  feeling: ['Why do you think that moment made you feel {}?', 'Do you still feel {} when you think back on it, or has that changed?'],
} as const satisfies Record<string, readonly string[]>;
export type TopicKind = keyof typeof topicTemplates;

/** Relatives the writer calls "my …" or "our …"; asked about as "your …". */
export const relatives = [
  'mother', 'mom', 'mum', 'mommy', 'mummy', 'mama', 'father', 'dad', 'daddy', 'papa',
  'grandmother', 'grandma', 'granny', 'gran', 'nana', 'nan', 'grandfather', 'grandpa', 'grandad', 'granddad', 'gramps',
  'aunt', 'auntie', 'aunty', 'uncle', 'brother', 'sister', 'cousin', 'son', 'daughter', 'wife', 'husband',
  'niece', 'nephew', 'stepmother', 'stepfather', 'godmother', 'godfather', 'best friend', 'teacher', 'neighbour', 'neighbor',
];
/** Words that may stand between "my" and the relative: "my late grandfather", "our little sister". */
export const relativeQualifiers = ['late', 'dear', 'little', 'big', 'older', 'younger', 'baby', 'eldest', 'youngest', 'oldest', 'great'];
/** What a family calls a parent or grandparent by name: "Dad's car", "Nana made tea". */
export const familyNames = ['Mum', 'Mom', 'Dad', 'Mama', 'Papa', 'Grandma', 'Grandpa', 'Granny', 'Gran', 'Nana', 'Nan', 'Grandad', 'Granddad', 'Gramps'];

/** Places named by a common noun, after "the", "our" or "my": "the beach", "our farm". */
export const placeNouns = [
  'beach', 'seaside', 'pier', 'farm', 'lake', 'river', 'park', 'church', 'chapel', 'mosque', 'synagogue', 'temple', 'school',
  'garden', 'kitchen', 'allotment', 'cottage', 'village', 'market', 'mountains', 'campsite', 'caravan', 'house', 'flat',
  'shop', 'bakery', 'harbour', 'harbor', 'station', 'woods', 'forest', 'fair', 'funfair', 'zoo', 'museum', 'cinema',
  'theatre', 'theater', 'restaurant', 'cafe', 'café', 'island', 'orchard', 'factory', 'farmhouse', 'hospital', 'lighthouse',
];

/** Holidays and occasions, as they are written. */
export const occasions = [
  'Christmas', 'Christmas Eve', 'Easter', 'Thanksgiving', 'Hanukkah', 'Passover', 'Diwali', 'Eid', 'Ramadan', 'Holi',
  'Lunar New Year', 'Chinese New Year', "New Year's Eve", "New Year's Day", 'Halloween', 'Bonfire Night', 'Boxing Day',
];
/** "autumn" but not "fall", which is far more often the verb. */
export const seasons = ['spring', 'summer', 'autumn', 'winter'];
/** Capitalised, as months are written; not May, which is far more often the verb. */
export const months = ['January', 'February', 'March', 'April', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Words for feelings and the adjective a question uses for each ("so much joy" → "joyful"). */
export const feelingWords: Record<string, string> = {
  happy: 'happy', happiness: 'happy', happier: 'happy', happiest: 'happy', glad: 'glad', delighted: 'delighted',
  joy: 'joyful', joyful: 'joyful', joyous: 'joyful',
  excited: 'excited', excitement: 'excited', thrilled: 'thrilled',
  proud: 'proud', pride: 'proud',
  grateful: 'grateful', thankful: 'grateful', gratitude: 'grateful',
  safe: 'safe', peaceful: 'peaceful', calm: 'calm', relieved: 'relieved', relief: 'relieved',
  nostalgic: 'nostalgic', nostalgia: 'nostalgic', hopeful: 'hopeful', carefree: 'carefree', free: 'free',
  sad: 'sad', sadness: 'sad', unhappy: 'sad', sorrow: 'sad', heartbroken: 'heartbroken', devastated: 'heartbroken',
  lonely: 'lonely', loneliness: 'lonely', homesick: 'homesick',
  scared: 'scared', afraid: 'afraid', frightened: 'frightened', terrified: 'terrified', fear: 'afraid',
  nervous: 'nervous', anxious: 'anxious', worried: 'worried',
  angry: 'angry', furious: 'angry', embarrassed: 'embarrassed', ashamed: 'ashamed',
  surprised: 'surprised', amazed: 'amazed', astonished: 'amazed', overwhelmed: 'overwhelmed',
};
/** A feeling right after one of these is denied ("I wasn't scared"): it is not asked about. */
export const negations = /^(not|never|no|hardly|barely|nor)$|n't$/;

/**
 * Warm questions that fit any memory: the pool's tail, and all of it for an empty memory.
 * More of them than previousQuestions may hold (FOLLOW_UP_PREVIOUS_MAX), so one is always new.
 */
export const generalQuestions = [
  'What is one small detail of this memory you would want your grandchildren to know?',
  'Who else was there, and what do you think they would remember about it?',
  'What were you feeling in that moment, and has that changed as you look back?',
  'What happened just before this, and what happened right after?',
  'What sounds, smells or tastes bring this memory back to you?',
  'What did this moment teach you that you still carry with you?',
  'If you could step back into this moment for a minute, what would you do or say?',
  'How did this memory change the way you saw your family?',
  'What was the weather like, and what were you wearing?',
  'Is there a photo of this moment, and what does it not show?',
  'Who would you most like to share this memory with, and why?',
  'What made you laugh that day?',
  'What would you tell your younger self about this moment?',
  'Where were you living at the time, and what was home like?',
  'What was the hardest part of this experience?',
  'What part of this story do you find yourself telling most often?',
  'How did the people around you react?',
  'Was there anything you wished you had said or done differently?',
  'What surprised you most about how it turned out?',
  'What were you most looking forward to back then?',
  'How old were you, and what mattered most to you at that age?',
  'Which song, film or book reminds you of this time?',
  'What food do you connect with this memory?',
  'Who did you tell about this first, and what did they say?',
  'What did a normal day look like for you around this time?',
  'What object from this time would you keep forever?',
  'What did this moment mean to the people you love?',
  'How do you think you would handle it today?',
  'What is something about this memory that few people know?',
  'What made this moment different from an ordinary day?',
  'Who do you wish could have been there with you?',
  'What did you do to celebrate, or to get through it?',
  'What tradition or habit grew out of this experience?',
  'What would someone standing next to you have seen and heard?',
  'What were you worried about at the time, and did it come true?',
  'What were people around you talking about back then?',
  'How did you get there, and what was the journey like?',
  'What kindness from someone else do you remember from this time?',
  'What did you learn about yourself?',
  "If this memory were a chapter in your family's book, what would its title be?",
  'What was your favourite part, and why?',
  'Who in the family today is most like the person you were then?',
  'What did you hope for your future at that point in your life?',
  'What did you say to each other afterwards?',
  'How have the place and the people changed since then?',
  'What would you want future generations to understand about life back then?',
  'Which other memory does this one remind you of?',
  'What did you keep from this time, like a letter, a ticket or a gift?',
  'What was going on in the wider world at the time?',
  'How did this memory shape a choice you made later?',
  'Looking back, who would you like to thank for this moment?',
  'Which moment from that day do you see most clearly when you close your eyes?',
  'What did it feel like to come home afterwards?',
  'What advice would you give someone going through the same thing today?',
  'Who helped make this moment happen?',
  'What do you understand now about this moment that you did not at the time?',
] as const;

/**
 * Questions about a story told by voice, with no text yet: "{}" is its title (issue 9 "Voice":
 * the built-in engine asks from the title and the day's prompt). Most inviting first.
 */
export const titleTemplates = [
  'What is the first thing you picture when you think of “{}”?',
  'Who else was part of “{}”, and what were they like then?',
  'How old were you at the time of “{}”, and where were you living?',
  'What would you most like your family to know about “{}”?',
  'How do you feel now when you look back on “{}”?',
] as const;

/** The same, from the prompt the story answers ("{}" is the prompt, as asked). */
export const promptTemplates = [
  'You chose this story for “{}”: what made it the one that came to mind?',
  'Is there another moment that answers “{}”, and how is it different from this one?',
] as const;
