import {
  ReminderSettingsSchema,
  type ReminderSettings,
  type ReminderSettingsAnswer,
} from '@spellwell/shared';
import { useEffect, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import {
  PushUnavailableError,
  currentSubscription,
  pushSupported,
  subscribeThisDevice,
} from '../../../lib/push-device';
import { useReminders, useSaveReminders, useSendTestReminder } from '../api/reminders';
import section from '../../../components/ui/settings-section.module.css';
import styles from './reminder-settings.module.css';

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
/** Monday first, as a school week reads. */
const DAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

const messageOf = (error: unknown) =>
  error instanceof PushUnavailableError || error instanceof ApiError
    ? error.message
    : 'Reminders could not be saved. Please try again.';

/**
 * Issue 38: when SpellWell reminds the parent of tonight's words, and how: a notification on
 * this device (and every other device where it was turned on), an e-mail, or both.
 */
export function ReminderSettingsSection() {
  const reminders = useReminders();
  if (!reminders.data) {
    return reminders.isError ? (
      <section className={section.section}>
        <Alert tone="error">Reminder settings could not be loaded.</Alert>
      </section>
    ) : null;
  }
  return <ReminderForm saved={reminders.data} />;
}

function ReminderForm({ saved }: { saved: ReminderSettingsAnswer }) {
  const titleId = useId();
  const [draft, setDraft] = useState<ReminderSettings>({
    time: saved.time,
    days: saved.days,
    push: saved.push,
    email: saved.email,
  });
  const [thisDevice, setThisDevice] = useState<boolean | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const save = useSaveReminders();
  const test = useSendTestReminder();

  useEffect(() => {
    let live = true;
    void currentSubscription()
      .then((s) => live && setThisDevice(s !== null))
      .catch(() => live && setThisDevice(false));
    return () => {
      live = false;
    };
  }, []);

  const toggleDay = (day: number) =>
    setDraft((d) => ({
      ...d,
      days: d.days.includes(day) ? d.days.filter((x) => x !== day) : [...d.days, day].sort(),
    }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setProblem(null);
    setDone(null);
    const parsed = ReminderSettingsSchema.safeParse(draft);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please check the reminder settings.');
      return;
    }
    try {
      // Notifications on: this device signs up first, so a refusal is said before anything is saved.
      if (parsed.data.push && !thisDevice) {
        await subscribeThisDevice();
        setThisDevice(true);
      }
      await save.mutateAsync(parsed.data);
      setDone(
        parsed.data.push || parsed.data.email
          ? `Saved. Reminders come at ${parsed.data.time} (${saved.timeZone}) when words are due.`
          : 'Saved. Reminders are off.',
      );
    } catch (error) {
      setProblem(messageOf(error));
    }
  }

  const testResult = test.data
    ? test.data.pushed === 0 && !test.data.emailed
      ? 'Nothing was sent: turn on notifications or e-mail, and save, first.'
      : `Sent${test.data.pushed ? ` to ${test.data.pushed} ${test.data.pushed === 1 ? 'device' : 'devices'}` : ''}${
          test.data.emailed ? `${test.data.pushed ? ' and' : ''} by e-mail` : ''
        }.`
    : null;

  return (
    <section className={section.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={section.title}>
        Reminders
      </h2>
      <p className={section.text}>
        A nudge at your chosen time on evenings when words are due or a test is near, with what each child has
        tonight.
      </p>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label="Time"
          type="time"
          value={draft.time}
          required
          onChange={(event) => setDraft((d) => ({ ...d, time: event.target.value }))}
          hint={`Your time (${saved.timeZone})`}
        />
        <fieldset className={styles.days}>
          <legend className={styles.legend}>Days</legend>
          {DAY_ORDER.map((day) => (
            <label key={day} className={styles.day}>
              <input type="checkbox" checked={draft.days.includes(day)} onChange={() => toggleDay(day)} />
              {DAY_NAMES[day]}
            </label>
          ))}
        </fieldset>
        <label className={styles.row}>
          <input
            type="checkbox"
            role="switch"
            checked={draft.push}
            disabled={!pushSupported()}
            onChange={(event) => setDraft((d) => ({ ...d, push: event.target.checked }))}
          />
          <span>
            Notifications
            <span className={styles.hint}>
              {!pushSupported()
                ? ' This browser cannot show notifications.'
                : thisDevice
                  ? ' This device gets them.'
                  : draft.push
                    ? ' Save to get them on this device too.'
                    : ''}
            </span>
          </span>
        </label>
        <label className={styles.row}>
          <input
            type="checkbox"
            role="switch"
            checked={draft.email}
            disabled={!saved.emailAvailable}
            onChange={(event) => setDraft((d) => ({ ...d, email: event.target.checked }))}
          />
          <span>
            E-mail to {saved.emailAddress}
            {saved.emailAvailable ? null : <span className={styles.hint}> Not set up on this server.</span>}
          </span>
        </label>
        <div className={section.buttons}>
          <Button type="submit" loading={save.isPending}>
            {save.isPending ? 'Saving' : 'Save reminders'}
          </Button>
          <Button type="button" variant="secondary" loading={test.isPending} onClick={() => test.mutate()}>
            Send a test
          </Button>
        </div>
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        {done ? <Alert tone="success">{done}</Alert> : null}
        {testResult ? <Alert tone="info">{testResult}</Alert> : null}
        {test.isError ? <Alert tone="error">{messageOf(test.error)}</Alert> : null}
      </form>
    </section>
  );
}
