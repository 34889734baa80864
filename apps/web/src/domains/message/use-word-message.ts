import { useCallback } from 'react';
import { useLang } from '../../shell/i18n';
import { useMessageTexts } from './message-texts';
import { type Wordable, type Worded, wordMessage } from './message-words';

// wordMessage in the reader's language, with the product's and an unknown sender's names.
export function useWordMessage(): (m: Wordable) => Worded {
  const { t } = useMessageTexts();
  const lang = useLang();
  return useCallback(
    (m: Wordable) => wordMessage(m, lang, t('message.systemName'), t('message.unknownSender')),
    [lang, t],
  );
}
