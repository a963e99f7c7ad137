import { useBranches } from '@client/components/vendor-area/use-vendor-branches';

/**
 * The counter's branch choice (decisions 084 and 089): `chain` when the vendor has more than one
 * open branch, and `options` the open ones this member works at (every one for the owner).
 */
export function useCounterBranches() {
  const branches = useBranches();
  const all = branches.data?.branches ?? [];
  const open = all.filter((branch) => branch.status === 'active' && branch.archivedAt === null);
  const theirs = new Set(branches.data?.counterBranchIds ?? []);
  return { chain: open.length > 1, options: open.filter((branch) => theirs.has(branch.id)) };
}
