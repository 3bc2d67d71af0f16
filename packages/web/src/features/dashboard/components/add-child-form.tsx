import { zodResolver } from '@hookform/resolvers/zod';
import { CHILD_NAME_MAX, CreateChildSchema, type CreateChild } from '@spellwell/shared';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { CheckIcon } from '../../../components/ui/icons';
import { useCreateChild } from '../api/create-child';
import { hasChildNamed } from '../lib/child-names';
import { ChildProfileFields } from './child-profile-fields';
import styles from './dashboard.module.css';

/** How long "Child Added" shows before the new child's tab opens. */
export const CHILD_ADDED_MS = 1200;

interface AddChildFormProps {
  parentId: string;
  /** True when the parent has no children yet: the heading says what to do first. */
  first: boolean;
  /** The parent's children: a second child of the same name is added only once confirmed. */
  existing: readonly { name: string }[];
  /** Called as a valid name is sent, so the tab stays put while the list grows under it. */
  onSubmitting: () => void;
  onAdded: (childId: string) => void;
}

export function AddChildForm({ parentId, first, existing, onSubmitting, onAdded }: AddChildFormProps) {
  const headingId = useId();
  const createChild = useCreateChild(parentId);
  const [added, setAdded] = useState<{ id: string; name: string } | null>(null);
  /** A child whose name the parent already has a child of, waiting for "Add another". */
  const [duplicate, setDuplicate] = useState<CreateChild | null>(null);
  const form = useForm<z.input<typeof CreateChildSchema>, unknown, CreateChild>({
    resolver: zodResolver(CreateChildSchema),
    defaultValues: { childName: '', languages: [], school: '', level: null, colour: null, pronoun: null },
  });

  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => {
      setAdded(null);
      onAdded(added.id);
    }, CHILD_ADDED_MS);
    return () => clearTimeout(timer);
  }, [added, onAdded]);

  async function add(values: CreateChild) {
    setDuplicate(null);
    onSubmitting();
    const child = await createChild.mutateAsync(values).catch(() => null);
    if (!child) return;
    form.reset();
    setAdded(child);
  }

  const onSubmit = form.handleSubmit(async (values) => {
    if (added) return;
    if (duplicate?.childName !== values.childName && hasChildNamed(values.childName, existing)) {
      setDuplicate(values);
      return;
    }
    await add(values);
  });

  const label = added ? 'Child Added' : createChild.isPending ? 'Adding Child' : 'Add Child';
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId}>{first ? 'Add your first child' : 'Add a child'}</h2>
      <form onSubmit={onSubmit} noValidate className={styles.form}>
        <TextField
          label="Child's Name"
          placeholder="Enter child's name"
          autoComplete="off"
          // One over the limit so the "cannot exceed" message can show rather than silently cutting.
          maxLength={CHILD_NAME_MAX + 1}
          error={form.formState.errors.childName?.message}
          {...form.register('childName')}
        />
        <details className={styles.more}>
          <summary>Languages, school and level (optional)</summary>
          <div className={styles.form}>
            <ChildProfileFields register={form.register} errors={form.formState.errors} />
          </div>
        </details>
        <Button
          type="submit"
          variant={added ? 'success' : 'primary'}
          loading={createChild.isPending}
          icon={added ? <CheckIcon /> : undefined}
          block
        >
          {label}
        </Button>
        {duplicate ? (
          <Alert
            tone="info"
            title={`You already have a child called ${duplicate.childName}.`}
            action={
              <>
                <Button variant="secondary" size="sm" onClick={() => void add(duplicate)}>
                  Add another {duplicate.childName}
                </Button>{' '}
                <Button variant="ghost" size="sm" onClick={() => setDuplicate(null)}>
                  Cancel
                </Button>
              </>
            }
          >
            Two tabs with one name are easy to mix up; a different name (or an initial) keeps them apart.
          </Alert>
        ) : null}
        {createChild.isError ? <Alert tone="error">{createChild.error.message}</Alert> : null}
        <p role="status" className="visually-hidden">
          {added ? `${added.name} was added.` : ''}
        </p>
      </form>
    </section>
  );
}
