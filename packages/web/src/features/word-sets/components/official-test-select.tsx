import { browserTimeZone, localDate, type OfficialWordSet } from '@spellwell/shared';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { useOfficialWordSets } from '../api/get-official-word-sets';
import { groupBySchool, splitForChild, type OfficialFilter } from '../lib/official-groups';
import { officialLabel } from '../lib/official-label';

interface OfficialTestSelectProps {
  value: string;
  onChoose: (id: string, set: OfficialWordSet | undefined) => void;
  /** The child's school and languages: their lists first, the rest behind "Other schools". */
  filter?: OfficialFilter | undefined;
}

/**
 * "Add a test from selected schools": picking one fills the form below with its test. The
 * options are grouped by school (issue 17 item 8); each keeps the specification's label.
 */
export function OfficialTestSelect({ value, onChoose, filter }: OfficialTestSelectProps) {
  const official = useOfficialWordSets();
  const otherId = useId();
  const [showOthers, setShowOthers] = useState(false);
  const today = localDate(browserTimeZone());
  const { mine, others } = splitForChild(official.data ?? [], filter);
  const otherCount = groupBySchool(others, today).reduce((n, group) => n + group.sets.length, 0);
  // A list already chosen stays in view even when it is not the child's.
  const chosenElsewhere = others.some((set) => set.id === value);
  const groups = groupBySchool(showOthers || chosenElsewhere ? [...mine, ...others] : mine, today);
  const sets = groups.flatMap((group) => group.sets);
  const placeholder = official.isPending
    ? 'Loading tests'
    : official.isError
      ? 'Tests could not be loaded'
      : sets.length === 0
        ? otherCount > 0
          ? 'None for this child yet: see Other schools'
          : 'No tests available yet'
        : 'Choose a test';
  return (
    <div>
      <SelectField
        label="Add a test from selected schools"
        value={value}
        disabled={official.isPending || sets.length === 0}
        aria-busy={official.isPending || undefined}
        onChange={(event) =>
          onChoose(
            event.target.value,
            sets.find((set) => set.id === event.target.value),
          )
        }
      >
        <option value="">{placeholder}</option>
        {groups.map((group) => (
          <optgroup key={group.school} label={group.school}>
            {group.sets.map((set) => (
              <option key={set.id} value={set.id}>
                {officialLabel(set)}
              </option>
            ))}
          </optgroup>
        ))}
      </SelectField>
      {otherCount > 0 ? (
        <label htmlFor={otherId} className="inline-check">
          <input
            id={otherId}
            type="checkbox"
            checked={showOthers || chosenElsewhere}
            disabled={chosenElsewhere}
            onChange={(event) => setShowOthers(event.target.checked)}
          />
          Other schools
        </label>
      ) : null}
      {official.isError ? (
        <Button variant="ghost" size="sm" onClick={() => void official.refetch()}>
          Try loading the tests again
        </Button>
      ) : null}
    </div>
  );
}
