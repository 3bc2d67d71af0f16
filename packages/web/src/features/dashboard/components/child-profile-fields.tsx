import {
  CHILD_COLOURS,
  CHILD_LEVELS,
  CHILD_PRONOUNS,
  LANGUAGES,
  SCHOOL_NAME_MAX,
  type CreateChildSchema,
} from '@spellwell/shared';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import { SelectField, TextField } from '../../../components/ui/field';
import styles from './child-profile-fields.module.css';

type Values = z.input<typeof CreateChildSchema>;

const LEVEL_NAMES: Record<string, string> = { K: 'Kindergarten', P: 'Primary', S: 'Secondary' };
/** "P3" → "Primary 3". */
const levelName = (level: string) => `${LEVEL_NAMES[level[0]!]} ${level.slice(1)}`;

interface Props {
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
}

/**
 * A child's optional languages, school, level, pronoun (issue 36) and colour (issue 35 item 7), on Add Child and a
 * child's edit: official lists are offered for the child's school and languages first, and the
 * colour marks the child's tab and practice header.
 */
export function ChildProfileFields({ register, errors }: Props) {
  return (
    <>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Languages at school</legend>
        <div className={styles.options}>
          {LANGUAGES.map((language) => (
            <label key={language} className={styles.option}>
              <input type="checkbox" value={language} {...register('languages')} />
              {language}
            </label>
          ))}
        </div>
        {errors.languages?.message ? (
          <span role="alert" className={styles.error}>
            {errors.languages.message}
          </span>
        ) : null}
      </fieldset>
      <TextField
        label="School"
        hint="As on the school's spelling lists"
        autoComplete="off"
        maxLength={SCHOOL_NAME_MAX + 1}
        error={errors.school?.message}
        {...register('school')}
      />
      <SelectField
        label="Level"
        error={errors.level?.message}
        {...register('level', { setValueAs: (value: string | null) => (value ? value : null) })}
      >
        <option value="">Not set</option>
        {CHILD_LEVELS.map((level) => (
          <option key={level} value={level}>
            {levelName(level)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Pronoun"
        hint="For “Mei, on her own” beside what the child practised alone"
        error={errors.pronoun?.message}
        {...register('pronoun', { setValueAs: (value: string | null) => (value ? value : null) })}
      >
        <option value="">their</option>
        {CHILD_PRONOUNS.filter((p) => p !== 'their').map((pronoun) => (
          <option key={pronoun} value={pronoun}>
            {pronoun}
          </option>
        ))}
      </SelectField>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Colour</legend>
        <div className={styles.options}>
          {CHILD_COLOURS.map((colour) => (
            <label key={colour} className={styles.swatch} data-child-colour={colour}>
              <input type="radio" value={colour} {...register('colour')} />
              <span className={styles.dot} aria-hidden="true" />
              {colour[0]!.toUpperCase() + colour.slice(1)}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}
