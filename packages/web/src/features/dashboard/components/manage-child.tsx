import { zodResolver } from '@hookform/resolvers/zod';
import {
  CHILD_NAME_MAX,
  RenameChildSchema,
  type ChildWithWordSets,
  type RenameChild,
} from '@spellwell/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { useDeleteChild } from '../api/delete-child';
import { useRenameChild } from '../api/rename-child';
import { ChildProfileFields } from './child-profile-fields';
import styles from './dashboard.module.css';

/** The edit form's values: the child as they are now. */
const profileOf = (child: ChildWithWordSets) => ({
  childName: child.name,
  languages: child.languages,
  school: child.school ?? '',
  level: child.level,
  colour: child.colour,
  pronoun: child.pronoun === 'their' ? null : child.pronoun,
});

const practicesLabel = (n: number) => `${n} ${n === 1 ? 'practice' : 'practices'}`;

interface ManageChildProps {
  parentId: string;
  child: ChildWithWordSets;
  /** Called once the child is gone, so the dashboard can open another tab. */
  onRemoved: (name: string) => void;
}

/** Rename a child or change their languages, school, level and colour, or remove them and everything of theirs after saying exactly what goes. */
export function ManageChild({ parentId, child, onRemoved }: ManageChildProps) {
  const [mode, setMode] = useState<'closed' | 'rename' | 'remove'>('closed');
  const rename = useRenameChild(parentId, child.id);
  const remove = useDeleteChild(parentId, child.id);
  const form = useForm<z.input<typeof RenameChildSchema>, unknown, RenameChild>({
    resolver: zodResolver(RenameChildSchema),
    defaultValues: profileOf(child),
  });
  const close = () => {
    setMode('closed');
    form.reset(profileOf(child));
    rename.reset();
    remove.reset();
  };
  const onSubmit = form.handleSubmit(async (values) => {
    const ok = await rename.mutateAsync(values).then(
      () => true,
      () => false,
    );
    if (ok) setMode('closed');
  });

  return (
    <>
      <Button variant="ghost" size="sm" className={styles.manage} onClick={() => setMode('rename')}>
        Rename or remove {child.name}
      </Button>
      <Dialog
        open={mode === 'rename'}
        onClose={close}
        title={`Rename or remove ${child.name}`}
        footer={
          <Button variant="danger" onClick={() => setMode('remove')}>
            Remove {child.name}
          </Button>
        }
      >
        <form id={`rename-${child.id}`} onSubmit={onSubmit} noValidate className={styles.form}>
          <TextField
            label="Child's Name"
            placeholder="Enter child's name"
            autoComplete="off"
            maxLength={CHILD_NAME_MAX + 1}
            error={form.formState.errors.childName?.message}
            {...form.register('childName')}
          />
          <ChildProfileFields register={form.register} errors={form.formState.errors} />
          {rename.isError ? <Alert tone="error">{rename.error.message}</Alert> : null}
          <Button type="submit" loading={rename.isPending} block>
            {rename.isPending ? 'Saving...' : 'Save'}
          </Button>
        </form>
      </Dialog>
      <Dialog
        open={mode === 'remove'}
        onClose={close}
        title={`Remove ${child.name}?`}
        description={`This deletes ${child.name} and everything of theirs: ${practicesLabel(child.wordSets.length)}, every grade and all statistics. It cannot be undone.`}
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              // Not mutate's own onSuccess: this panel unmounts as the list refetches without
              // the child, and callbacks of an unmounted mutate never run.
              onClick={() =>
                void remove.mutateAsync().then(
                  () => onRemoved(child.name),
                  () => {},
                )
              }
            >
              {remove.isPending ? 'Removing...' : `Remove ${child.name}`}
            </Button>
          </>
        }
      >
        {remove.isError ? <Alert tone="error">{remove.error.message}</Alert> : null}
      </Dialog>
    </>
  );
}
