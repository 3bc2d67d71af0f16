import { useTonightWords } from '../api/get-tonight-words';
import { CrossSetPracticePage } from './cross-set-practice-page';

interface Props {
  childId: string;
  childName: string | undefined;
  dashboardHref: string;
}

/** Tonight's words (issue 35): every word due now across the child's sets, nearest test first. */
export function TonightPracticePage(props: Props) {
  const tonight = useTonightWords(props.childId);
  return (
    <CrossSetPracticePage
      {...props}
      query={tonight}
      listName="Tonight"
      empty={{ title: 'Nothing due tonight', text: 'Every word is done for tonight.' }}
    />
  );
}
