// What other features may use of the family's questions: the storyteller's link (server/
// storytellers) shows `nextQuestionFor` and saves a story with `answerQuestion` on its own
// transaction; the week's reminder e-mail (M2) mails `nextQuestionFor`, the same question the
// link would show, so an answered one is never mailed again.
export { answerQuestion, nextQuestionFor, questionTextFor, type NextQuestion } from './answers.js';
