import { describe, expect, it } from 'vitest';
import { nearPointOf } from './near-me';

describe('nearPointOf', () => {
  it('keeps four decimals of the position, about 11 m', () => {
    expect(nearPointOf({ latitude: 31.520_412_7, longitude: 74.358_749_9 })).toEqual({ lat: 31.5204, lng: 74.3587 });
  });
});
