import { describe, expect, it } from 'vitest';
import { draftOf, previewOf, requestOf } from './automation-form-rules';

describe('automation form rules', () => {
  const setting = {
    kind: 'welcome' as const,
    enabled: false,
    subject: 'Welcome to {vendor}!',
    body: 'Hi {name}.',
    bonusStamp: true,
    winBackDays: 30,
    holdOutPercent: 10,
    lift: null,
  };

  it('previews the text as the customer reads it', () => {
    expect(previewOf(draftOf(setting), { name: 'Ayesha', vendor: 'Chai Khana' })).toEqual({
      subject: 'Welcome to Chai Khana!',
      body: 'Hi Ayesha.',
    });
  });

  it('sends the days as a number, and what is not a number as one the server refuses by name', () => {
    expect(requestOf({ ...draftOf(setting), winBackDays: '45' }).winBackDays).toBe(45);
    expect(requestOf({ ...draftOf(setting), winBackDays: '' }).winBackDays).toBeNaN();
  });

  it('sends the hold-out share chosen', () => {
    expect(requestOf(draftOf(setting)).holdOutPercent).toBe(10);
    expect(requestOf({ ...draftOf(setting), holdOutPercent: 0 }).holdOutPercent).toBe(0);
  });
});
