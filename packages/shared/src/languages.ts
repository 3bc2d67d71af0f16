/**
 * The four languages of Singapore's school spelling tests. The specification's Malay and Tamil
 * options carried the value "Chinese" (a defect); here every language has its own value.
 */
export const LANGUAGES = ['English', 'Chinese', 'Malay', 'Tamil'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'English';

/** BCP 47 tags, for `lang` attributes so screen readers and fonts pick the right script. */
export const LANGUAGE_TAGS: Record<Language, string> = {
  English: 'en-GB',
  Chinese: 'zh-Hans',
  Malay: 'ms',
  Tamil: 'ta',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
