import { describe, expect, it } from 'vitest';
import { EN_CATALOGUE } from '@shared/i18n/catalogue';
import { UR_CATALOGUE } from '@shared/i18n/catalogue-ur';
import { catalogueTranslator } from '@shared/i18n/compile-texts';
import { partnerCardOptionLabel } from './partner-card-words';

const text = catalogueTranslator({ en: EN_CATALOGUE, ur: UR_CATALOGUE });

/** The tiles' line, as the catalogue writes it (owner first, then partners). */
function honouredAtLine(names: string[]): string {
  return text('en', 'common:card.honouredAt', { names: names.join(', ') });
}

describe('partner card wording', () => {
  it('names the owner first, then the partners', () => {
    expect(honouredAtLine(['Burns Road Foods', 'Karachi Chai House', 'Lahori Naan'])).toBe(
      'Honoured at: Burns Road Foods, Karachi Chai House, Lahori Naan',
    );
  });

  it('marks a partner card in the Issue Stamp picker with its owner', () => {
    expect(partnerCardOptionLabel('Food Street Card', 'Burns Road Foods')).toBe(
      'Food Street Card (partner card of Burns Road Foods)',
    );
  });
});
