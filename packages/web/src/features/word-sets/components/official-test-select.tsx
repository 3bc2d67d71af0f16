import type { OfficialWordSet } from '@spellwell/shared';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { useOfficialWordSets } from '../api/get-official-word-sets';
import { officialLabel } from '../lib/official-label';

interface OfficialTestSelectProps {
  value: string;
  onChoose: (id: string, set: OfficialWordSet | undefined) => void;
}

/** "Add a test from selected schools": picking one fills the form below with its test. */
export function OfficialTestSelect({ value, onChoose }: OfficialTestSelectProps) {
  const official = useOfficialWordSets();
  const sets = official.data ?? [];
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
        {sets.map((set) => (
          <option key={set.id} value={set.id}>
            {officialLabel(set)}
          </option>
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
