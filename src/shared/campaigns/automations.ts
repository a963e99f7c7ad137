import { z } from 'zod';
import { emailSubjectSchema } from '@shared/notifications/email';
import { holdOutPercentSchema, holdOutResultSchema } from './hold-out';
import { addPakistanDays, pakistanDateKey, startOfPakistanDay, startOfPakistanWeek } from '@shared/pakistan-time';

/**
 * Automations (issue 17 item 3, decision 044): messages a vendor switches on once and the product
 * sends by itself, each with the vendor's own text: welcome (joining a card), birthday (the
 * customer's birthday week), win-back (N days without a visit) and one to go (one stamp from a
 * reward). The rules here are pure and shared: the server's jobs decide with them, the vendor's
 * preview shows with them.
 */
export const AUTOMATION_KINDS = ['welcome', 'birthday', 'win_back', 'one_to_go'] as const;
export type AutomationKind = (typeof AUTOMATION_KINDS)[number];

/** English names for the vendor's activity and audit log (the vendor area's server texts are English; the page reads the catalogue). */
export const AUTOMATION_LABELS: Record<AutomationKind, string> = {
  welcome: 'Welcome',
  birthday: 'Birthday',
  win_back: 'We miss you',
  one_to_go: 'One stamp to go',
};

/** Automations that may give a bonus stamp with their message. */
export const BONUS_AUTOMATIONS: readonly AutomationKind[] = ['welcome', 'birthday'];

export const DEFAULT_WIN_BACK_DAYS = 30;
export const MIN_WIN_BACK_DAYS = 7;
export const MAX_WIN_BACK_DAYS = 365;
export const AUTOMATION_BODY_MAX = 1000;

/**
 * The words a vendor may put in its text, filled per customer: every automation's first name and
 * business name, and one to go's `{left}` (what is left to the reward in the card's own unit: "1
 * stamp", or "20 points" on a points card) and `{reward}` (a points card's with its price in points).
 */
export const AUTOMATION_PLACEHOLDERS = ['{name}', '{vendor}', '{left}', '{reward}'] as const;

export interface AutomationTextValues {
  name: string;
  vendor: string;
  /** One to go only; elsewhere the words stay as written. */
  left?: string;
  reward?: string;
}

/**
 * The vendor's text with the customer's first name, the vendor's name and, for one to go, what is
 * left and the reward filled in. A replacer function, so nothing the vendor or customer wrote is
 * ever read as a replacement pattern.
 */
export function fillAutomationText(text: string, values: AutomationTextValues): string {
  return text.replace(
    /\{(name|vendor|left|reward)\}/g,
    (match, key: keyof AutomationTextValues) => values[key] ?? match,
  );
}

/** Where a send's bonus stamp stands: none asked, given, or refused and why. */
export const AUTOMATION_BONUS_OUTCOMES = ['none', 'given', 'refused_plan_limit', 'refused_card'] as const;
export type AutomationBonusOutcome = (typeof AUTOMATION_BONUS_OUTCOMES)[number];

/**
 * What became of the message: the outbox took it, the customer's preferences said no, or the send
 * was held back for the automation's hold-out group and nothing went (decision 083).
 */
export const AUTOMATION_MESSAGE_OUTCOMES = ['queued', 'skipped', 'failed', 'held_out'] as const;
export type AutomationMessageOutcome = (typeof AUTOMATION_MESSAGE_OUTCOMES)[number];

const MONTH_DAY = /^\d{4}-(\d{2})-(\d{2})$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * The birthday week rule: the Monday-to-Sunday week, Pakistan time, that holds the customer's
 * birthday. Answers the year of the birthday that falls in the week containing `now` (which may
 * be next year's, or last year's, across the year end), or null when this is not their week. A
 * 29 February birthday is kept on 28 February in other years. The year is what makes the
 * birthday automation once per year per customer and vendor.
 */
export function birthdayYearInWeek(dateOfBirth: string | null | undefined, now: Date): number | null {
  const match = dateOfBirth ? MONTH_DAY.exec(dateOfBirth) : null;
  if (!match) return null;
  const month = Number(match[1]);
  const day = Number(match[2]);
  const monday = startOfPakistanWeek(now);
  for (let offset = 0; offset < 7; offset += 1) {
    const key = pakistanDateKey(addPakistanDays(monday, offset));
    const [year, keyMonth, keyDay] = key.split('-').map(Number) as [number, number, number];
    const birthdayDay = month === 2 && day === 29 && !isLeapYear(year) ? 28 : day;
    if (keyMonth === month && keyDay === birthdayDay) return year;
  }
  return null;
}

/**
 * The win-back rule: a customer has lapsed when `days` whole Pakistan days have passed since the
 * day of their last visit. The lapse is named by that last visit, so it is sent at most once per
 * lapse, and a new visit starts a new one.
 */
export function hasLapsed(lastVisitAt: Date, days: number, now: Date): boolean {
  return startOfPakistanDay(now).getTime() >= addPakistanDays(startOfPakistanDay(lastVisitAt), days).getTime();
}

/**
 * One to go: the award that leaves the customer one visit from the card's reward, and what is
 * left then (null when it does not). A stamp card: the stamp that leaves exactly one (1 stamp
 * left). A points card (decision 085), whose reward is priced in points: the award that leaves
 * the balance short of the price by no more than this award gave, so one more visit like it earns
 * the reward (the points left).
 */
export function oneToGoLeft(award: {
  collected: number;
  required: number;
  /** A points card's award: its points; null on a stamp card. */
  points: number | null;
}): number | null {
  const left = award.required - award.collected;
  if (award.points === null) return award.required >= 2 && left === 1 ? 1 : null;
  return left > 0 && left <= award.points ? left : null;
}

export const automationSettingSchema = z.object({
  kind: z.enum(AUTOMATION_KINDS),
  enabled: z.boolean(),
  subject: z.string(),
  body: z.string(),
  bonusStamp: z.boolean(),
  winBackDays: z.number().int(),
  /** The share of its sends held back, receiving nothing (decision 083). */
  holdOutPercent: z.number().int(),
  /** Its sends under a hold-out, the received against the held back; null when none was held back yet. */
  lift: holdOutResultSchema.nullable(),
});
export type AutomationSetting = z.infer<typeof automationSettingSchema>;

export const automationsOverviewSchema = z.object({
  /** False below the plan with automations: the page shows them locked with an upgrade hint. */
  allowed: z.boolean(),
  /** The refusal a lower plan sees, naming the plan that adds automations. */
  lockedMessage: z.string().nullable(),
  /** Only the owner changes them; staff see them. */
  canEdit: z.boolean(),
  vendorName: z.string(),
  /** What a customer spends on a visit as the owner stated it, for the rupees of a lift (decision 083). */
  averageSpendRupees: z.number().int().nullable(),
  automations: z.array(automationSettingSchema),
});
export type AutomationsOverview = z.infer<typeof automationsOverviewSchema>;

export const automationKindParamsSchema = z.object({ kind: z.enum(AUTOMATION_KINDS) });

export const saveAutomationSchema = z.object({
  enabled: z.boolean(),
  subject: emailSubjectSchema,
  body: z
    .string()
    .trim()
    .min(1, 'Please write the message.')
    .max(AUTOMATION_BODY_MAX, `The message may be at most ${AUTOMATION_BODY_MAX} characters.`),
  bonusStamp: z.boolean().default(false),
  winBackDays: z
    .number({ error: 'Please give the number of days.' })
    .int('Please give a whole number of days.')
    .min(MIN_WIN_BACK_DAYS, `Please choose at least ${MIN_WIN_BACK_DAYS} days.`)
    .max(MAX_WIN_BACK_DAYS, `Please choose at most ${MAX_WIN_BACK_DAYS} days.`)
    .default(DEFAULT_WIN_BACK_DAYS),
  /** Left out: none held back, as before hold-out groups existed. */
  holdOutPercent: holdOutPercentSchema.default(0),
});
export type SaveAutomationInput = z.input<typeof saveAutomationSchema>;

/** The catalogue keys of each automation: its name, what starts it, and its default subject and text. */
export const AUTOMATION_TEXT_KEYS = {
  welcome: {
    name: 'automations:kind.welcome',
    explain: 'automations:explain.welcome',
    subject: 'automations:default.welcome.subject',
    body: 'automations:default.welcome.body',
  },
  birthday: {
    name: 'automations:kind.birthday',
    explain: 'automations:explain.birthday',
    subject: 'automations:default.birthday.subject',
    body: 'automations:default.birthday.body',
  },
  win_back: {
    name: 'automations:kind.win_back',
    explain: 'automations:explain.win_back',
    subject: 'automations:default.win_back.subject',
    body: 'automations:default.win_back.body',
  },
  one_to_go: {
    name: 'automations:kind.one_to_go',
    explain: 'automations:explain.one_to_go',
    subject: 'automations:default.one_to_go.subject',
    body: 'automations:default.one_to_go.body',
  },
} as const satisfies Record<AutomationKind, Record<'name' | 'explain' | 'subject' | 'body', string>>;
