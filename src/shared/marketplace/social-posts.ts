/**
 * The Social Media Agent: the platform's own Facebook Page and Instagram account, where the day's
 * Daily Chaska and each hourly deal are posted with their share pictures, on the admin's schedule.
 */
export const SOCIAL_NETWORKS = ['facebook', 'instagram'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const SOCIAL_POST_KINDS = ['daily_chaska', 'hourly_deal'] as const;
export type SocialPostKind = (typeof SOCIAL_POST_KINDS)[number];

/** pending (waiting for its time or its next try) → posted, or failed once its tries are spent. */
export const SOCIAL_POST_STATUSES = ['pending', 'posted', 'failed'] as const;
export type SocialPostStatus = (typeof SOCIAL_POST_STATUSES)[number];

/** Tries of one post before it is failed; the admin may retry a failed one by hand. */
export const SOCIAL_POST_MAX_ATTEMPTS = 5;

/** The Daily Chaska's post time when the admin has not chosen one (Pakistan time, HH:MM). */
export const DEFAULT_DAILY_POST_TIME = '10:00';
