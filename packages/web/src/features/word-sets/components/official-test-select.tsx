import { browserTimeZone, localDate, type OfficialWordSet } from '@spellwell/shared';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { useOfficialWordSets } from '../api/get-official-word-sets';
import { groupBySchool } from '../lib/official-groups';
import { officialLabel } from '../lib/official-label';

interface OfficialTestSelectProps {
  value: string;
  onChoose: (id: string, set: OfficialWordSet | undefined) => void;
}

/**
 * "Add a test from selected schools": picking one fills the form below with its test. The
 * options are grouped by school (issue 17 item 8); each keeps the specification's label.
 */
export function OfficialTestSelect({ value, onChoose }: OfficialTestSelectProps) {
  const official = useOfficialWordSets();
  const groups = groupBySchool(official.data ?? [], localDate(browserTimeZone()));
  const sets = groups.flatMap((group) => group.sets);
  const placeholder = official.isPending
    ? 'Loading tests'
    : official.isError
      ? 'Tests could not be loaded'
      : sets.length === 0
        ? 'No tests available yet'
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
      {official.isError ? (
        <Button variant="ghost" size="sm" onClick={() => void official.refetch()}>
          Try loading the tests again
        </Button>
      ) : null}
    </div>
  );
}
