import { normaliseShareCode, SHARE_MESSAGES } from '@spellwell/shared';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import styles from './shared-lists.module.css';

/**
 * "Add a shared list" (issue 37): type the code another parent gave, in any case, with or
 * without dashes, and open the list's page. A string that cannot be a code is answered here,
 * without a lookup (each counts against 20 a minute).
 */
export function AddSharedList({ childId }: { childId?: string | undefined }) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = normaliseShareCode(typed);
    if (!code) {
      setError(typed.trim() ? SHARE_MESSAGES.codeInvalid : SHARE_MESSAGES.codeRequired);
      return;
    }
    const href = paths.sharedList.getHref(code);
    void navigate(childId ? `${href}?${new URLSearchParams({ child: childId })}` : href);
  };
  return (
    <section className={styles.section} aria-labelledby="add-shared-list-title">
      <h2 id="add-shared-list-title" className={styles.sectionTitle}>
        Add a shared list
      </h2>
      <form className={styles.row} onSubmit={submit} noValidate>
        <TextField
          label="Code from another parent"
          hint="Like K7QM-2XR9-HT4P"
          value={typed}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={error}
          onChange={(e) => {
            setTyped(e.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit" variant="secondary">
          Open shared list
        </Button>
      </form>
    </section>
  );
}
