import { localDate, type Grade, type Language } from '@spellwell/shared';
import { expect } from 'vitest';
import type { TestParent } from '../helper.js';

/**
 * A family made through the API, as the route tests of the evening features (review weeks,
 * tonight's words, test results) need one: a child, its sets, their words, grades. Every call
 * is in Singapore's time zone, so "today" is the same day for the server and the test.
 */
export const SG = { 'x-time-zone': 'Asia/Singapore' };
export const today = localDate('Asia/Singapore');

/** A child of `parent` ("Mei" unless named); its id. */
export async function createChild(parent: TestParent, childName = 'Mei'): Promise<string> {
  const res = await parent.inject({
    method: 'POST',
    url: `/api/child/create/${parent.id}`,
    payload: { childName },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

/** A word set of the child, its words one a line; its id. */
export async function createWordSet(
  parent: TestParent,
  childId: string,
  {
    testDate,
    words,
    language = 'English',
    description = 'Week 1',
  }: { testDate: string; words: string; language?: Language; description?: string },
): Promise<string> {
  const res = await parent.inject({
    method: 'POST',
    url: `/api/word-sets/create/${childId}`,
    headers: SG,
    payload: { testDate, description, language, words },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

/** The set as the API answers it (words, readiness, test result…). */
export async function wordSetDetail(parent: TestParent, childId: string, wordSetId: string) {
  const res = await parent.inject({
    method: 'GET',
    url: `/api/child/${childId}/word-sets/${wordSetId}`,
    headers: SG,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The set's words in list order. */
export async function wordsOf(
  parent: TestParent,
  childId: string,
  wordSetId: string,
): Promise<{ id: string; wordString: string }[]> {
  return (await wordSetDetail(parent, childId, wordSetId)).words;
}

/** One grade, as the practice page sends it (`gradedOn`: a grade the parent dates back). */
export function grade(
  parent: TestParent,
  childId: string,
  wordId: string,
  quality: Grade,
  gradedOn?: string,
) {
  return parent.inject({
    method: 'POST',
    url: `/api/words/update/${childId}/${wordId}`,
    headers: SG,
    payload: gradedOn === undefined ? { quality } : { quality, gradedOn },
  });
}
