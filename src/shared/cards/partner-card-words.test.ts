import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import common from '@shared/i18n/en/common';
import { partnerCardOptionLabel } from './partner-card-words';

/** The tiles' line, as the browser's translator renders the catalogue text (owner first, then partners). */
async function honouredAtLine(names: string[]): Promise<string> {
  const translator = i18next.createInstance();
  await translator.init({
    lng: 'en',
    resources: { en: { common } },
    keySeparator: false,
    interpolation: { escapeValue: false },
  });
  return translator.t('common:card.honouredAt', { names: names.join(', ') });
}

describe('partner card wording', () => {
  it('names the owner first, then the partners', async () => {
    expect(await honouredAtLine(['Burns Road Foods', 'Karachi Chai House', 'Lahori Naan'])).toBe(
      'Honoured at: Burns Road Foods, Karachi Chai House, Lahori Naan',
    );
  });

  it('marks a partner card in the Issue Stamp picker with its owner', () => {
    expect(partnerCardOptionLabel('Food Street Card', 'Burns Road Foods')).toBe(
      'Food Street Card (partner card of Burns Road Foods)',
    );
  });
});
