import { describe, expect, it } from 'vitest';
import { branchNames } from './branch-names';

describe('branchNames', () => {
  const branches = [
    { id: 'a', name: 'Gulberg' },
    { id: 'b', name: 'Clifton' },
  ];

  it('says every branch for none chosen, and the chosen names in the list order', () => {
    expect(branchNames(null, branches, 'Every branch')).toBe('Every branch');
    expect(branchNames(['b', 'a'], branches, 'Every branch')).toBe('Gulberg, Clifton');
    expect(branchNames(['gone'], branches, 'Every branch')).toBe('');
  });
});
