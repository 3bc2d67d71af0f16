import type { Language } from '@spellwell/shared';
import { useTroubleWords } from '../../../api/get-trouble-words';
import { CrossSetPracticePage } from './cross-set-practice-page';

interface Props {
  childId: string;
  /** The practice's one language; without it, the language of the weakest trouble word. */
  language?: Language;
  childName: string | undefined;
  dashboardHref: string;
}

/**
 * The trouble words (issue 19) of one language as one practice across the child's sets: never
 * English and Chinese in one practice (issue 34), even from an address without ?language=.
 */
export function TroublePracticePage({ language, ...props }: Props) {
  const trouble = useTroubleWords(props.childId, { frozen: true, language });
  return (
    <CrossSetPracticePage
      {...props}
      query={trouble}
      oneLanguage={language ?? 'first'}
      listName="Trouble words"
      empty={{ title: 'No trouble words', text: 'Every word practised so far looks ready for its test.' }}
    />
  );
}
