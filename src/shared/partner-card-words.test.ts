import { describe, expect, it } from 'vitest';
import { honouredAtLine, partnerCardOptionLabel } from './partner-card-words';

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
