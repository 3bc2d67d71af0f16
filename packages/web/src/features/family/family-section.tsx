import {
  ROLE_LABELS,
  roleCan,
  type ChildRole,
  type CreatedInvite,
  type Invite,
  type Member,
  type MemberRole,
} from '@spellwell/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { queryKeys } from '../../lib/query-keys';
import { QrCode } from '../../components/ui/qr-code';
import { familyApi } from './family-api';
import styles from './family.module.css';

interface FamilySectionProps {
  /** The signed-in parent. */
  parentId: string;
  childId: string;
  childName: string;
  role: ChildRole;
}

/**
 * On a child's tab (issue 37): who shares the child. The owner invites another adult by link
 * or QR code as a co-parent or a tutor, withdraws open invites and removes members; a member
 * sees who else shares the child and may leave.
 */
export function FamilySection({ parentId, childId, childName, role }: FamilySectionProps) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const manages = roleCan(role, 'manage');
  const [members, setMembers] = useState<Member[]>([]);
  const [invites, setInvites] = useState<Invite[]>([]);
  const [inviteRole, setInviteRole] = useState<MemberRole>('co-parent');
  const [created, setCreated] = useState<CreatedInvite | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    familyApi.members(childId).then(setMembers, () => undefined);
    if (manages) familyApi.invites(childId).then(setInvites, () => undefined);
  }, [childId, manages]);
  useEffect(load, [load]);

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
      load();
    }
  };

  const invite = () => run(async () => setCreated(await familyApi.invite(childId, inviteRole)));
  const withdraw = (id: string) =>
    run(async () => {
      await familyApi.withdraw(childId, id);
      if (created?.id === id) setCreated(null);
    });
  const remove = (member: Member) =>
    run(async () => {
      await familyApi.remove(childId, member.parentId);
      // Leaving: the child goes from this parent's dashboard.
      if (member.parentId === parentId)
        await queryClient.invalidateQueries({ queryKey: queryKeys.wordSets.byParent(parentId) });
    });

  return (
    <section aria-labelledby={headingId} className={styles.family} data-testid="family">
      <h2 id={headingId}>Family</h2>
      <ul className={styles.list} aria-label={`Who shares ${childName}`}>
        {members.map((m) => (
          <li key={m.parentId}>
            <span>
              {m.parentId === parentId ? `${m.name} (you)` : m.name}, {ROLE_LABELS[m.role]}
            </span>
            {m.role !== 'owner' && manages ? (
              <Button size="sm" variant="ghost" disabled={busy} onClick={() => void remove(m)}>
                Remove {m.name}
              </Button>
            ) : null}
            {m.role !== 'owner' && !manages && m.parentId === parentId ? (
              <Button size="sm" variant="ghost" disabled={busy} onClick={() => void remove(m)}>
                Leave
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {manages ? (
        <>
          <fieldset className={styles.roles}>
            <legend>Invite another adult to practise with {childName} as</legend>
            {(['co-parent', 'tutor'] as const).map((r) => (
              <label key={r}>
                <input
                  type="radio"
                  name={`invite-role-${childId}`}
                  value={r}
                  checked={inviteRole === r}
                  onChange={() => setInviteRole(r)}
                />{' '}
                {ROLE_LABELS[r]}
              </label>
            ))}
          </fieldset>
          <p className={styles.url}>
            A co-parent can do everything but delete {childName} or invite others; a tutor practises, grades
            and prints, but does not change the lists.
          </p>
          <Button variant="secondary" loading={busy} onClick={() => void invite()}>
            Make an invite link
          </Button>
        </>
      ) : null}
      {error ? <p role="alert">{error}</p> : null}
      {created ? (
        <div aria-live="polite">
          <QrCode
            className={styles.qr}
            value={created.url}
            label={`QR code of the invite to share ${childName}`}
          />
          <p className={styles.url} data-testid="invite-url">
            {created.url}
          </p>
          <p className={styles.url}>
            Works once, until {new Date(created.expiresAt).toLocaleString()}. Send it only to the adult you
            mean: whoever opens it first, signed in, joins.
          </p>
        </div>
      ) : null}
      {manages && invites.length > 0 ? (
        <ul className={styles.list} aria-label="Open invites">
          {invites.map((i) => (
            <li key={i.id}>
              <span>
                {ROLE_LABELS[i.role]} invite, open until {new Date(i.expiresAt).toLocaleDateString()}
              </span>
              <Button size="sm" variant="ghost" disabled={busy} onClick={() => void withdraw(i.id)}>
                Withdraw
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
