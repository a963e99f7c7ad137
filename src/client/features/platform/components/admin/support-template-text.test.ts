import { describe, expect, it } from 'vitest';
import { templateTextFor } from './support-template-text';

describe('templateTextFor', () => {
  const template = { bodyEn: 'Thank you for writing to us.', bodyUr: 'ہمیں لکھنے کا شکریہ۔' };

  it("fills the answer in the conversation's language", () => {
    expect(templateTextFor(template, 'en')).toBe('Thank you for writing to us.');
    expect(templateTextFor(template, 'ur')).toBe('ہمیں لکھنے کا شکریہ۔');
  });
});
