import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TodayStatsSchema, WordSetDetailSchema, WordSetsByChildSchema } from '@spellwell/shared';
import { responseJsonSchema, responseSerializerCompiler } from '../../src/lib/response-serializer.js';

const compile = (schema: z.ZodType) =>
  responseSerializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });

const ID = '3f2b8c1e-5d4a-4f6b-9c7d-1a2b3c4d5e6f';
const detail = {
  id: ID,
  testDate: '2026-12-01',
  description: 'Unit 5',
  language: 'Chinese',
  words: [
    {
      id: ID,
      wordString: '学校',
      reading: 'xue2 xiao4',
      easeFactor: 2.36,
      interval: 3,
      nextReview: '2026-11-25',
      hasRecording: true,
    },
    {
      id: ID,
      wordString: 'quote " and \\ slash',
      reading: null,
      easeFactor: 2.5,
      interval: 0,
      nextReview: null,
      hasRecording: false,
    },
  ],
  planForTestDate: true,
  readiness: { expectedCorrect: 1.4, wordCount: 2, atRisk: [ID], range: { low: 1, high: 2 } },
  testResult: { correct: 1, total: 2, recordedAt: '2026-12-01T10:00:00.000Z' },
  predictedForTest: null,
  plannedReviews: [{ wordId: ID, ruleNextReview: '2026-11-23' }],
};

describe('response serializer', () => {
  it('writes what zod would, for the read routes’ answers', () => {
    for (const [schema, value] of [
      [WordSetDetailSchema, detail],
      [
        WordSetsByChildSchema,
        [
          {
            id: ID,
            name: 'Mei',
            languages: ['English', 'Chinese'],
            school: 'Rosyth "School"',
            level: 'P3',
            colour: 'rose',
            pronoun: 'her',
            role: 'owner',
            wordSets: [
              {
                id: ID,
                testDate: '2026-12-01',
                description: 'd',
                language: 'English',
                wordCount: 2,
                dueCount: 1,
                resumeAt: null,
                words: ['necessary', 'quote " and \\ slash'],
                planForTestDate: false,
                readiness: { expectedCorrect: 1, wordCount: 2, atRisk: [ID, ID], range: { low: 0, high: 2 } },
                practisedCount: 0,
                masteredCount: 0,
                testResult: null,
                predictedForTest: null,
              },
            ],
          },
          {
            id: ID,
            name: 'Raj',
            languages: [],
            school: null,
            level: null,
            colour: 'teal',
            pronoun: 'their',
            role: 'tutor',
            wordSets: [],
          },
        ],
      ],
      [
        TodayStatsSchema,
        {
          wordsReviewedToday: 4,
          wordsReviewedAllTime: 120,
          highestStreak: 3,
          dailyStatsCount: 1,
          ownAnswersToday: [{ wordId: ID, word: 'because', answer: 'becuase "x"', quality: 2, attempts: 2 }],
          onOwnToday: 1,
        },
      ],
    ] as const) {
      const out = compile(schema)(value);
      expect(JSON.parse(out)).toEqual(z.encode(schema as z.ZodType, value));
    }
  });

  it('sends only the fields the contract declares', () => {
    const leaky = {
      ...detail,
      parentEmail: 'a@example.com',
      words: [{ ...detail.words[0], googleSub: 'secret' }],
    };
    const out = JSON.parse(compile(WordSetDetailSchema)(leaky));
    expect(out).not.toHaveProperty('parentEmail');
    expect(out.words[0]).not.toHaveProperty('googleSub');
  });

  it('refuses an answer that lacks a required field', () => {
    const { description: _description, ...missing } = detail;
    expect(() => compile(WordSetDetailSchema)(missing)).toThrow(/description/);
  });

  it('keeps zod’s serializer for a schema JSON Schema cannot express', () => {
    const withDate = z.object({ at: z.date() });
    expect(responseJsonSchema(withDate)).toBeNull();
    expect(compile(withDate)({ at: new Date(Date.UTC(2026, 10, 22)) })).toBe(
      '{"at":"2026-11-22T00:00:00.000Z"}',
    );
    expect(() => compile(withDate)({ at: 'not a date' })).toThrow();
  });

  it('writes a nullable field as one type list, not an anyOf', () => {
    const json = responseJsonSchema(z.object({ at: z.string().nullable() })) as {
      properties: { at: unknown };
    };
    expect(json.properties.at).toEqual({ type: ['string', 'null'] });
  });
});
