import { SCHOOL_NAME_MAX, SchoolSchema } from '@spellwell/shared';
import { TextField } from '../../../components/ui/field';

/** The admin's school for "Save Practice + Official"; checked with the API's own schema. */
export function checkSchool(value: string): string | null {
  const result = SchoolSchema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Not a valid school name');
}

interface Props {
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}

/** Admins only: which school the official list is filed under in the parents' dropdown. */
export function SchoolField({ value, error, onChange }: Props) {
  return (
    <TextField
      label="School (official list)"
      hint="Parents see official tests grouped by school. Left blank: Unspecified school."
      autoComplete="off"
      maxLength={SCHOOL_NAME_MAX + 1}
      value={value}
      error={error ?? undefined}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
