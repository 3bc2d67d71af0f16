import { DESCRIPTION_MAX, LANGUAGES } from '@spellwell/shared';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { SelectField, TextField } from '../../../components/ui/field';

interface PracticeDetailFieldsProps {
  /** Each field registered with its form (`form.register('testDate')`, …). */
  fields: {
    testDate: UseFormRegisterReturn<'testDate'>;
    description: UseFormRegisterReturn<'description'>;
    language: UseFormRegisterReturn<'language'>;
  };
  errors: { testDate?: string | undefined; description?: string | undefined; language?: string | undefined };
  /** The language's tag, so the description is spelt and read in it. */
  lang: string | undefined;
  /** Between the test date and the description (Add New Practice's plan switch). */
  afterTestDate?: ReactNode;
  /** A first, empty choice ("Select language") while none is chosen yet. */
  languagePlaceholder?: string;
}

/**
 * A practice's test date, description and language, with the same labels, limits and messages
 * wherever a practice is made or corrected (Add New Practice, Practice details).
 */
export function PracticeDetailFields({
  fields,
  errors,
  lang,
  afterTestDate,
  languagePlaceholder,
}: PracticeDetailFieldsProps) {
  return (
    <>
      <TextField label="Test Date" type="date" error={errors.testDate} {...fields.testDate} />
      {afterTestDate}
      <TextField
        label="Description"
        autoComplete="off"
        maxLength={DESCRIPTION_MAX + 1}
        lang={lang}
        error={errors.description}
        {...fields.description}
      />
      <SelectField label="Language" error={errors.language} {...fields.language}>
        {languagePlaceholder ? <option value="">{languagePlaceholder}</option> : null}
        {LANGUAGES.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </SelectField>
    </>
  );
}
