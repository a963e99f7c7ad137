export const GENDERS = ['male', 'female', 'other', 'prefer_not_to_say'] as const;
export type Gender = (typeof GENDERS)[number];
/** How the profile names each gender (catalogue keys). */
export const GENDER_LABEL_KEYS: Record<Gender, string> = {
  male: 'account:profile.gender.male',
  female: 'account:profile.gender.female',
  other: 'account:profile.gender.other',
  prefer_not_to_say: 'account:profile.gender.prefer_not_to_say',
};
export const PASSWORD_MIN_LENGTH = 6;
