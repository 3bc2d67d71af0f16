import { describe, expect, it } from 'vitest';
import {
  reminderJobId,
  reminderMessageId,
  reminderTag,
  reminderTopic,
} from '../../src/modules/reminders/reminder-identity.js';

const A = '0b9c7f5e-1d2a-4c3b-8e4f-5a6b7c8d9e0f';
const B = '1c8d6e4f-2e3b-4d5c-9f6a-7b8c9d0e1f2a';

describe('a reminder’s identity: one per parent and local day, the same from any server', () => {
  it('is the same for the same parent and day, and differs for another parent or day', () => {
    for (const make of [reminderJobId, reminderTopic, reminderTag]) {
      expect(make(A, '2026-11-27')).toBe(make(A, '2026-11-27'));
      expect(make(A, '2026-11-27')).not.toBe(make(A, '2026-11-28'));
      expect(make(A, '2026-11-27')).not.toBe(make(B, '2026-11-27'));
    }
  });

  it('is a UUID (version 8, RFC 9562 variant) for pg-boss’s job id', () => {
    expect(reminderJobId(A, '2026-11-27')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('is a Topic a push service takes (RFC 8030: at most 32 base64url characters) that names no one', () => {
    const topic = reminderTopic(A, '2026-11-27');
    expect(topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(topic).not.toContain(A.slice(0, 8));
  });

  it('is a Message-ID in angle brackets at the given domain', () => {
    expect(reminderMessageId(A, '2026-11-27', 'spellwell.example')).toMatch(
      /^<reminder\.[0-9a-f]{32}@spellwell\.example>$/,
    );
  });
});
