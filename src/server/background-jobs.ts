import {
  fraudAlertEmailHandler,
  STAFF_HOURS_INTERVAL_MS,
  STAFF_HOURS_JOB,
  staffHoursHandler,
} from './modules/stamps/fraud-watch';
import type { Agent } from 'node:https';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { isDatabaseUnavailable } from './db/database-unavailable';
import {
  everyInterval,
  handlerOf,
  handlersByName,
  jobKind,
  NO_PAYLOAD,
  runDueJobsOnce,
  scheduleRecurringJobs,
  type JobHandler,
  type RecurringJob,
} from './lib/job-queue';
import {
  HOUSEKEEPING_INTERVAL_MS,
  HOUSEKEEPING_JOB,
  housekeepingHandler,
  rollupMergeHandler,
} from './modules/platform/housekeeping-job';
import { rollupMergeJob } from './modules/platform/merge-rollup-shards';
import { monthlyReportJob } from './modules/analytics/monthly-report';
import { monthlyReportHandlers } from './modules/analytics/send-monthly-reports';
import {
  HOURLY_DEAL_JOB_INTERVAL_MS,
  HOURLY_DEALS_JOB,
  hourlyDealsHandler,
} from './modules/marketplace/hourly-deal-job';
import { dailyChaskaAnnouncementHandler } from './modules/cards/announce-daily-chaska';
import { tiersHandler, tiersRecurringJob } from './modules/cards/card-tiers';
import { tierNoticeHandler } from './modules/cards/tier-notice-job';
import {
  SOCIAL_PLAN_INTERVAL_MS,
  SOCIAL_PLAN_JOB,
  socialPlanHandler,
  socialPublishHandler,
} from './modules/marketplace/social-post-jobs';
import { campaignJobHandlers } from './modules/campaigns/campaign-jobs';
import { nextDigestAt } from './modules/notifications/digest-schedule';
import {
  automationEventHandler,
  automationRecurringJobs,
  birthdayHandler,
  winBackHandler,
} from './modules/campaigns/automation-jobs';
import type { EmailService } from './modules/notifications/email-service';
import { pushAnnouncementHandler } from './modules/notifications/push-announcement-job';
import { pushSendHandler } from './modules/notifications/push-job';
import { textAnnouncementHandler, textNoticeHandler } from './modules/notifications/text-notice-job';
import { stopConfirmationHandler } from './modules/notifications/phone-stop';
import { planLimitsOfVendor } from './modules/billing/plan-limits-for-vendor';
import type { TextMessageSender } from './modules/notifications/text-outbox';
import { stampEmailHandler } from './modules/stamps/stamp-email-job';
import { rewardExpireHandler, rewardReminderHandler } from './modules/rewards/reward-expiry-jobs';
import { getTextOverridesMap } from './modules/platform/text-overrides';
import type { PostOutcome, WebhookPost } from './modules/api/post-webhook';
import { webhookDeliveryHandler } from './modules/api/deliver-webhooks';
import {
  WALLET_JOB_INTERVAL_MS,
  WALLET_UPDATES_JOB,
  walletConfigured,
  walletCardChangedHandler,
  walletUpdatesHandler,
} from './modules/wallet/wallet-job';

/*
 * The one job runner (decision 037): every job of every module is registered here, and one loop
 * claims and runs what is due. Modules enqueue with lib/job-queue in their own transactions.
 */

/** How often the runner looks for due jobs. */
export const JOB_RUNNER_INTERVAL_MS = 2_000;
const DIGESTS_JOB = jobKind('email.digests', NO_PAYLOAD);

export interface JobDeps {
  db: Database;
  config: Config;
  email: EmailService;
  log: FastifyBaseLogger;
  /** Tests replace the webhooks' HTTP call. */
  postWebhook?: (post: WebhookPost) => Promise<PostOutcome>;
  /** Tests trust their local push service's certificate. */
  pushAgent?: Agent;
  /** WhatsApp and SMS (app.deps.textMessages); without it notices by phone are not sent. */
  textMessages?: TextMessageSender | null;
}

/** Every job the app knows, by name. */
export function jobHandlers(deps: JobDeps): Map<string, JobHandler> {
  const { db, config, email, log } = deps;
  const digests = handlerOf(DIGESTS_JOB, {
    async run(_payload, _job, now) {
      // One user's digest per transaction, a bounded number of users per call: until none is due.
      while ((await email.sendDueDigests(now)) > 0);
    },
  });
  const handlers = [
    email.jobHandler,
    stampEmailHandler({ db, email, config }),
    digests,
    webhookDeliveryHandler({ db, config, post: deps.postWebhook }),
    housekeepingHandler({ db, email, config, log }),
    rollupMergeHandler({ db, log }),
    hourlyDealsHandler({ db, email, config, log }),
    socialPlanHandler({ db, config, log }),
    socialPublishHandler({ db, config, log }),
    rewardReminderHandler({ db, email, config }),
    rewardExpireHandler({ db }),
    walletUpdatesHandler({ db, config, log }),
    walletCardChangedHandler({ db, config }),
    pushSendHandler({ db, config, agent: deps.pushAgent }),
    textNoticeHandler({
      db,
      textMessages: deps.textMessages ?? null,
      phoneMessagesPerMonth: async (vendorId) => (await planLimitsOfVendor(db, vendorId)).phoneMessagesPerMonth,
    }),
    pushAnnouncementHandler({ db }),
    textAnnouncementHandler({ db }),
    stopConfirmationHandler({ db, textMessages: deps.textMessages ?? null }),
    dailyChaskaAnnouncementHandler({ db, email, config }),
    automationEventHandler({ db, email, config }),
    birthdayHandler({ db, email, config }),
    winBackHandler({ db, email, config }),
    ...campaignJobHandlers({ db, email, config }),
    staffHoursHandler({ db }),
    tiersHandler({ db }),
    tierNoticeHandler({ db, email, config }),
    fraudAlertEmailHandler({ db, email, publicUrl: config.publicUrl }),
    ...monthlyReportHandlers({ db, email, publicUrl: config.publicUrl, textMessages: deps.textMessages ?? null }),
  ];
  return handlersByName(handlers);
}

/** The jobs that come back by themselves, each run once whatever the number of processes. */
export function recurringJobs(config: Pick<Config, 'digestHour' | 'wallet' | 'social'>): RecurringJob[] {
  return [
    // Daily and weekly digests fall due at the digest hour, Pakistan time (weekly ones on Monday).
    { name: DIGESTS_JOB.name, next: (after) => nextDigestAt(after, 'daily', config.digestHour) },
    { name: HOUSEKEEPING_JOB.name, next: everyInterval(HOUSEKEEPING_INTERVAL_MS) },
    // The rollups' past days in one row per card and day, daily at 03:00 Pakistan time (decision 055).
    rollupMergeJob,
    // Each owner's monthly report, on the 1st at 09:00 Pakistan time (decision 090).
    monthlyReportJob,
    // Every customer's tier level worked out again, nightly at 00:30 Pakistan time (decision 087).
    tiersRecurringJob,
    { name: HOURLY_DEALS_JOB.name, next: everyInterval(HOURLY_DEAL_JOB_INTERVAL_MS) },
    // Staff members' stamps of the hour just ended, compared (decision 086).
    { name: STAFF_HOURS_JOB.name, next: everyInterval(STAFF_HOURS_INTERVAL_MS) },
    // The Social Media Agent's schedule (the Daily Chaska at its time, hourly deals as they start),
    // looked at only where a network has its settings.
    ...(config.social.facebook || config.social.instagram
      ? [{ name: SOCIAL_PLAN_JOB.name, next: everyInterval(SOCIAL_PLAN_INTERVAL_MS) }]
      : []),
    // Birthday week and win-back, daily at 10:00 Pakistan time (decision 044).
    ...automationRecurringJobs,
    ...(walletConfigured(config)
      ? [{ name: WALLET_UPDATES_JOB.name, next: everyInterval(WALLET_JOB_INTERVAL_MS) }]
      : []),
  ];
}

function depsOf(app: FastifyInstance): JobDeps {
  const { database, config, email, textMessages } = app.deps;
  return { db: database.db, config, email, log: app.log, textMessages };
}

/**
 * Runs every job due now (the app's clock, or `now`) until none is left: the tests' one way to
 * drain the e-mails, webhooks and reminders deterministically, without a timer. Recurring jobs are
 * not scheduled unless asked, so a test that moves the clock a week on runs no clean-up by surprise.
 */
export async function runDueJobs(
  source: FastifyInstance | JobDeps,
  options: { now?: Date; recurring?: boolean; postWebhook?: JobDeps['postWebhook']; pushAgent?: Agent } = {},
): Promise<number> {
  const isApp = 'deps' in source && 'inject' in source;
  const deps: JobDeps = {
    ...(isApp ? depsOf(source) : source),
    postWebhook: options.postWebhook,
    pushAgent: options.pushAgent,
  };
  const now = options.now ?? (isApp ? source.deps.clock.now() : new Date());
  if (options.recurring) await scheduleRecurringJobs(deps.db, recurringJobs(deps.config), now);
  return runDueJobsOnce(deps.db, jobHandlers(deps), now, deps.log);
}

export interface JobRunner {
  stop(): Promise<void>;
}

/**
 * The background loop, in the one process that runs jobs (decision 028): each pass schedules the
 * recurring jobs' next runs and runs what is due at the app's clock. Passes never overlap. A failed
 * pass never stops the loop; while the database is away each pass fails quickly and is logged as a
 * warning. Closing the app stops the loop and waits for the pass in flight (so SIGTERM never cuts a
 * job in half); a job cut short by a crash is claimed again when its lease ends.
 */
export function startJobRunner(app: FastifyInstance, options: { intervalMs?: number } = {}): JobRunner {
  const intervalMs = options.intervalMs ?? JOB_RUNNER_INTERVAL_MS;
  const deps = depsOf(app);
  const handlers = jobHandlers(deps);
  const recurring = recurringJobs(deps.config);
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  let stopped = false;

  async function pass() {
    try {
      const now = app.deps.clock.now();
      // E-mails rendered here use the admin's text overrides (saved on any server).
      await getTextOverridesMap(deps.db);
      await scheduleRecurringJobs(deps.db, recurring, now);
      await runDueJobsOnce(deps.db, handlers, now, deps.log, {
        shouldStop: () => stopped,
        clock: app.deps.clock,
      });
    } catch (error) {
      if (isDatabaseUnavailable(error))
        app.log.warn({ err: error }, 'Background jobs skipped a pass: the database is unavailable');
      else app.log.error({ err: error }, 'Background job pass failed');
    }
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      inFlight = pass().finally(() => {
        inFlight = undefined;
        schedule();
      });
    }, intervalMs);
    timer.unref();
  }

  async function stop() {
    stopped = true;
    clearTimeout(timer);
    await inFlight;
  }

  app.addHook('onClose', stop);
  schedule();
  return { stop };
}
