import type { Me } from '@shared/accounts/accounts';

/** Where "Choose plan" leads: a vendor's member to the billing page, anyone else to the vendor application first. */
export function choosePlanPath(user: Pick<NonNullable<Me['user']>, 'membership'> | null | undefined): string {
  return user?.membership ? '/vendor/billing' : '/vendor-signup';
}
