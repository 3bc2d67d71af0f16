import { useTroubleWords } from '../../../api/get-trouble-words';
import { CrossSetPracticePage } from './cross-set-practice-page';

interface Props {
  childId: string;
  childName: string | undefined;
  dashboardHref: string;
}

/** The trouble words (issue 19) as one practice across the child's sets. */
export function TroublePracticePage(props: Props) {
  const trouble = useTroubleWords(props.childId, { frozen: true });
  return (
    <CrossSetPracticePage
      {...props}
      query={trouble}
      listName="Trouble words"
      empty={{ title: 'No trouble words', text: 'Every word practised so far looks ready for its test.' }}
    />
  );
}
