import { createHash } from 'node:crypto';

/**
 * One parent's reminder of one local day has one identity wherever and however often it is
 * sent, so that a repeat after a crash (decision record 015) lands on the same thing:
 * the queue's job id, the Web Push `Topic`, the notification's `tag` and the e-mail's
 * Message-ID are all derived from (parent, day), never random.
 */
function digest(parentId: string, day: string): Buffer {
  return createHash('sha256').update(`spellwell-reminder ${parentId} ${day}`).digest();
}

/**
 * A UUID (RFC 9562 version 8, "custom": the bits are ours) for pg-boss's job id: the job table's
 * primary key then refuses a second job of the same parent and day, from any server.
 */
export function reminderJobId(parentId: string, day: string): string {
  const bytes = digest(parentId, day).subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * RFC 8030 `Topic` (at most 32 base64url characters): a push service keeps only the latest
 * undelivered message of a topic, so a re-sent reminder replaces the first while the device
 * is offline. Opaque: it tells the push service nothing about the parent.
 */
export function reminderTopic(parentId: string, day: string): string {
  return digest(parentId, day).toString('base64url').slice(0, 32);
}

/** The notification's tag: a second notification with it replaces the first on the screen. */
export function reminderTag(parentId: string, day: string): string {
  return `reminder-${reminderTopic(parentId, day)}`;
}

/**
 * The e-mail's Message-ID: a mailbox that keeps one message per Message-ID (Gmail does) shows a
 * re-sent reminder once; one that does not shows it twice, marked as the same message.
 */
export function reminderMessageId(parentId: string, day: string, domain: string): string {
  return `<reminder.${digest(parentId, day).toString('hex').slice(0, 32)}@${domain}>`;
}
