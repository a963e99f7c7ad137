/** A branch the owner may choose: open or paused, not archived (decision 089). */
export interface ChoosableBranch {
  id: string;
  name: string;
}

/** "Every branch" or the chosen branches' names, for a line that says where. */
export function branchNames(value: string[] | null, branches: ChoosableBranch[], every: string): string {
  if (value === null) return every;
  return branches
    .filter((branch) => value.includes(branch.id))
    .map((branch) => branch.name)
    .join(', ');
}
