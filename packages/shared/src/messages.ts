import { GOOGLE_CREDENTIAL_MISSING } from './sign-in-messages.js';

/** Limits and the exact messages of the specification (section 5), shared by forms and API. */
export const CHILD_NAME_MAX = 15;
export const DESCRIPTION_MAX = 20;
export const LANGUAGE_MAX = 20;
export const WORDS_MAX = 200;
export const WORD_LENGTH_MAX = 50;
export const SCHOOL_NAME_MAX = 60;
export const WORDS_TEXTAREA_ROWS = 15;

export const MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name cannot exceed ${CHILD_NAME_MAX} characters`,
  testDateRequired: 'Test date is required',
  testDateInvalid: 'Test date must be a real date',
  descriptionRequired: 'Description is required',
  descriptionTooLong: `Description cannot exceed ${DESCRIPTION_MAX} characters`,
  schoolTooLong: `School cannot exceed ${SCHOOL_NAME_MAX} characters`,
  languageRequired: 'Language is required',
  wordsRequired: 'Add at least one word',
  tooManyWords: `A practice can hold at most ${WORDS_MAX} words`,
  wordTooLong: `Each word can be at most ${WORD_LENGTH_MAX} characters`,
  selectLanguageFirst: 'Please select the language first',
  googleCredentialMissing: GOOGLE_CREDENTIAL_MISSING,
  failedToFetchAudio: 'Failed to fetch audio',
  textNotUnicode: 'Text contains a broken character; please type it again',
  nothingToChange: 'Give a test date, description or language to change',
} as const;
