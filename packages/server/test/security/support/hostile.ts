import fc from 'fast-check';

/** Strings that have broken real servers: injection, unicode edge cases, number and date lookalikes. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\t\n\r',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uD83D',
  '\uDE00y',
  '\u202Eevil\u202C',
  '\u200F\u200E',
  '\u200B\u200C\u200D\uFEFF',
  'e\u0301\u0301\u0301\u0301',
  '\uFDFD',
  '𝕏𝕐𝕫',
  '👨‍👩‍👧‍👦',
  'ﷺ',
  'İı',
  '\u00A0',
  "' OR '1'='1",
  "'; DROP TABLE children; --",
  '" OR ""="',
  '1; SELECT pg_sleep(10)',
  "1' UNION SELECT email FROM parents --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%2e%2e%2f',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '-0',
  '0x10',
  '1e309',
  '9007199254740993',
  '2025-02-30',
  '2025-02-29',
  '2024-13-01',
  '0000-00-00',
  '2025-2-3',
  '+275760-09-13',
  '2025-01-01T00:00:00Z',
  '9999-12-31T25:61:61Z',
  'null',
  'undefined',
  'true',
  '{}',
  '[]',
  'x'.repeat(5_000),
  'あ'.repeat(20_000),
  '\uD800'.repeat(1_000),
] as const;

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...NASTY_STRINGS), fc.string()).map(([a, b]) => a + b) },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    -0,
    1,
    2,
    3,
    4,
    0.5,
    1.5,
    200,
    201,
    366,
    367,
    2 ** 31,
    2 ** 53 + 2,
    1e308,
    -1e308,
    5e-324,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const prototypeKey = fc.constantFrom('__proto__', 'constructor', 'prototype');

/** A JSON text (not a JS value), so `__proto__` keys really reach the server as own keys. */
export type JsonText = string;

const jsonValue: fc.Arbitrary<JsonText> = fc.letrec<{ value: JsonText }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString.map((s) => JSON.stringify(s)),
    hostileNumber.map((n) => JSON.stringify(n)),
    fc.constantFrom('true', 'false', 'null', '1e999', '-1e999', '0.0000000000000000000001'),
    fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    fc
      .array(fc.tuple(fc.oneof(prototypeKey, hostileString), tie('value')), { maxLength: 4 })
      .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
  ),
})).value;

export const hostileJson = jsonValue;

/** A route's valid body with some fields swapped for hostile values and hostile keys added. */
export function mutatedBody(valid: Record<string, unknown>): fc.Arbitrary<JsonText> {
  const keys = Object.keys(valid);
  return fc
    .record({
      replace: fc.subarray(keys, { minLength: 0 }),
      // A body with no fields (a route whose fields are all optional) has nothing to drop.
      drop: fc.subarray(keys, { maxLength: Math.min(1, keys.length) }),
      values: fc.array(jsonValue, { minLength: keys.length, maxLength: keys.length }),
      extra: fc.array(fc.tuple(fc.oneof(prototypeKey, hostileString), jsonValue), { maxLength: 2 }),
      pollute: fc.constantFrom(
        '',
        '"__proto__":{"isAdmin":true,"parentId":"00000000-0000-4000-8000-000000000000"}',
        '"constructor":{"prototype":{"polluted":true}}',
      ),
    })
    .map(({ replace, drop, values, extra, pollute }) => {
      const entries: string[] = [];
      keys.forEach((key, i) => {
        if (drop.includes(key)) return;
        const value = replace.includes(key) ? values[i]! : JSON.stringify(valid[key]);
        entries.push(`${JSON.stringify(key)}:${value}`);
      });
      for (const [k, v] of extra) entries.push(`${JSON.stringify(k)}:${v}`);
      if (pollute) entries.push(pollute);
      return `{${entries.join(',')}}`;
    });
}

/** Bytes that are not JSON at all, sent as JSON. */
export const brokenJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '[1,2',
    'undefined',
    "{'a':1}",
    '{"a":1,}',
    '\uFEFF{}',
    '{"a":"\\uD800"}',
    '{"a":1}{"b":2}',
    'NaN',
  ),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

/**
 * Percent-encodes a string for a URL, lone surrogates included (as the WTF-8 bytes a broken
 * client would send), which encodeURIComponent refuses to do.
 */
export function encodeHostile(value: string): string {
  let out = '';
  for (const ch of value) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xd800 && cp <= 0xdfff) {
      out += [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(ch);
  }
  return out;
}

/** Path segments sent as they are: broken escapes, traversal, overlong UTF-8. */
export const RAW_SEGMENTS = [
  '%',
  '%zz',
  '%00',
  '..',
  '.',
  '%2e%2e',
  '%C0%AF',
  '%ED%A0%80',
  '%FF',
  '%25',
  '%2F',
];

/** Header values a real client can send (visible ASCII), but hostile ones. */
export const headerValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS).map((s) => s.replace(/[^\x20-\x7e]/g, '').slice(0, 200)),
  fc.string({ unit: 'binary-ascii', maxLength: 60 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
);

export const timeZoneHeader: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(
    'Asia/Singapore',
    'Pacific/Kiritimati',
    'Etc/GMT+12',
    'UTC',
    'utc',
    'Asia/singapore',
    '../../etc',
    'Europe/London ',
  ),
  headerValue,
);

export const contentType: fc.Arbitrary<string | undefined> = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/xml',
  '*/*',
  undefined,
);
