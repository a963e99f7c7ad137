import { describe, expect, it } from 'vitest';
import { placeholderProblem, placeholdersOf } from './placeholders';
import { overrideLengthLimit, overrideProblem } from './text-limits';

describe('placeholders of a text', () => {
  it('finds each {{name}} once, with or without spaces and formats', () => {
    expect(placeholdersOf('Hi {{name}}, {{ vendor }} stamped {{card}} for {{name}} ({{count, number}})')).toEqual([
      'card',
      'count',
      'name',
      'vendor',
    ]);
    expect(placeholdersOf('No placeholders here.')).toEqual([]);
  });

  it('accepts an override that keeps every placeholder, in any order', () => {
    expect(
      placeholderProblem('Hi {{name}}, {{vendor}} stamped your card.', '{{vendor}} stamped your card, {{name}}!'),
    ).toBeNull();
    expect(placeholderProblem('Plain text.', 'Other plain text.')).toBeNull();
  });

  it('names the placeholder an override drops', () => {
    expect(placeholderProblem('Hi {{name}}, welcome.', 'Hi there, welcome.')).toBe(
      'The text must keep the placeholder {{name}}.',
    );
    expect(placeholderProblem('{{vendor}} stamped {{card}}.', 'A stamp!')).toBe(
      'The text must keep the placeholders {{card}}, {{vendor}}.',
    );
  });

  it('refuses a placeholder the text cannot fill in, but allows {{brand}} to be added or dropped', () => {
    expect(placeholderProblem('Welcome to {{brand}}, {{name}}!', 'Khush aamdeed, {{name}}!')).toBeNull();
    expect(placeholderProblem('Hi {{name}}.', 'Hi {{name}} from {{city}}.')).toBe(
      'The text uses {{city}}, which this text cannot fill in; use only {{name}}.',
    );
    expect(placeholderProblem('Welcome!', 'Welcome to {{brand}}!')).toBeNull();
  });
});

describe('length of an override', () => {
  it('lets a short text grow to 1,000 characters and a long one to twice its length, at most 20,000', () => {
    expect(overrideLengthLimit('Sign in')).toBe(1000);
    expect(overrideLengthLimit('x'.repeat(3000))).toBe(6000);
    expect(overrideLengthLimit('x'.repeat(15_000))).toBe(20_000);
    expect(overrideProblem('Sign in', 'x'.repeat(1001))).toBe('This text is at most 1,000 characters.');
    expect(overrideProblem('Sign in', 'Log in')).toBeNull();
  });
});
