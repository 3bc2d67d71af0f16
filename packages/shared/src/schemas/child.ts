import { z } from 'zod';
import { LANGUAGES } from '../languages.js';
import { CHILD_NAME_MAX, MESSAGES, SCHOOL_NAME_MAX } from '../messages.js';
import { IdSchema, LanguageSchema, textSchema } from './common.js';

export const ChildNameSchema = textSchema(MESSAGES.nameRequired)
  .trim()
  .min(1, MESSAGES.nameRequired)
  .max(CHILD_NAME_MAX, MESSAGES.nameTooLong);

/**
 * A child's colour on their tab and the practice header (issue 35), from a small palette
 * whose shades keep text contrast in both themes (the web's tokens hold the shades).
 */
export const CHILD_COLOURS = ['teal', 'violet', 'orange', 'blue', 'rose', 'green'] as const;
export type ChildColour = (typeof CHILD_COLOURS)[number];
export const ChildColourSchema = z.enum(CHILD_COLOURS, { error: 'Choose one of the colours' });

/** School levels in Singapore's words: kindergarten, primary and secondary years. */
export const CHILD_LEVELS = [
  'K1',
  'K2',
  'P1',
  'P2',
  'P3',
  'P4',
  'P5',
  'P6',
  'S1',
  'S2',
  'S3',
  'S4',
  'S5',
] as const;
export type ChildLevel = (typeof CHILD_LEVELS)[number];
export const ChildLevelSchema = z.enum(CHILD_LEVELS, { error: 'Choose one of the levels' });

/**
 * How the app speaks of a child in a sentence (issue 36: "Mei, on her own"). Optional and
 * chosen by the parent; a child without one is "their".
 */
export const CHILD_PRONOUNS = ['her', 'his', 'their'] as const;
export type ChildPronoun = (typeof CHILD_PRONOUNS)[number];
export const ChildPronounSchema = z.enum(CHILD_PRONOUNS, { error: 'Choose her, his or their' });

/** "Mei, on her own": the mark of a grade the child made alone on their device. */
export const onTheirOwn = (name: string, pronoun: ChildPronoun | null | undefined = 'their') =>
  `${name}, on ${pronoun ?? 'their'} own`;

/** The languages a child learns at school: official lists in others are kept aside. */
export const ChildLanguagesSchema = z
  .array(LanguageSchema)
  .max(LANGUAGES.length)
  .refine((list) => new Set(list).size === list.length, 'Each language only once');

/**
 * Issue 35 item 7: what tells two children apart and which official lists are theirs. All
 * optional: a child may be only a name. Null clears a school or level; an empty list of
 * languages means "any language".
 */
export const ChildProfileSchema = z.object({
  languages: ChildLanguagesSchema.optional(),
  school: textSchema().trim().max(SCHOOL_NAME_MAX, MESSAGES.schoolTooLong).nullable().optional(),
  level: ChildLevelSchema.nullable().optional(),
  /** Null or absent on Add Child: the first colour no sibling has. */
  colour: ChildColourSchema.nullable().optional(),
  /** Null clears it ("their"). */
  pronoun: ChildPronounSchema.nullable().optional(),
});

export const CreateChildSchema = ChildProfileSchema.extend({ childName: ChildNameSchema });
export type CreateChild = z.infer<typeof CreateChildSchema>;

/** `PATCH /child/{childId}`: the name, checked as when the child was added, and the profile. */
export const RenameChildSchema = CreateChildSchema;
export type RenameChild = CreateChild;

export const ChildSummarySchema = z.object({
  id: IdSchema,
  name: z.string(),
  languages: z.array(LanguageSchema),
  school: z.string().nullable(),
  level: ChildLevelSchema.nullable(),
  colour: ChildColourSchema,
  pronoun: ChildPronounSchema,
});
export type ChildSummary = z.infer<typeof ChildSummarySchema>;
export type ChildProfile = Omit<ChildSummary, 'id' | 'name'>;

/**
 * Each child's colour: the one chosen, else the first of the palette no earlier sibling has
 * (children in the order they were added), so two children never share one unasked.
 */
export function resolveChildColours(stored: readonly (string | null)[]): ChildColour[] {
  const taken = new Set(stored.filter((c): c is ChildColour => isChildColour(c)));
  const out: ChildColour[] = [];
  for (const colour of stored) {
    if (isChildColour(colour)) {
      out.push(colour);
      continue;
    }
    const free =
      CHILD_COLOURS.find((c) => !taken.has(c)) ?? CHILD_COLOURS[out.length % CHILD_COLOURS.length]!;
    taken.add(free);
    out.push(free);
  }
  return out;
}

function isChildColour(value: string | null): value is ChildColour {
  return (CHILD_COLOURS as readonly (string | null)[]).includes(value);
}
