export const GENDERS = ['male', 'female', 'other', 'prefer_not_to_say'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = {
  male: 'Male',
  female: 'Female',
  other: 'Other',
  prefer_not_to_say: 'Prefer not to say',
};
export const PASSWORD_MIN_LENGTH = 6;
export const WEAK_PASSWORD_MESSAGE = 'Password should be at least 6 characters long.';
