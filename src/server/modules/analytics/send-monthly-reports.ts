import { and, asc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { MonthlyReportChannel, MonthlyReportSettings } from '@shared/analytics/programme-health';
import { fieldText } from '@shared/field-messages';
import {
  addPakistanMonths,
  formatLongMonth,
  pakistanDateKey,
  pakistanInstant,
  startOfPakistanMonth,
} from '@shared/pakistan-time';
import type { Database, Executor } from '@server/db/client';
import { authUser, vendorMonthlyReports, vendors } from '@server/db/schema';
import { invalidFields } from '@server/errors';
import { enqueueJob, handlerOf, jobKind, newJob } from '@server/lib/job-queue';
import { currentTextLanguage, inTextLanguage, serverText } from '@server/lib/texts';
import type { EmailService } from '@server/modules/notifications/email-service';
import { phoneMessageLanguage } from '@server/modules/notifications/recipient-language';
import type { TextMessageSender } from '@server/modules/notifications/text-outbox';
import { renderLayout } from '@server/modules/notifications/templates/layout';
import { findVendorOwner } from '@server/modules/vendors/vendor-owner';
import { getMonthHealth } from './programme-health';
import {
  MONTHLY_REPORT_JOB,
  monthlyReportParagraphs,
  monthlyReportWhatsAppValues,
  reportPdfUrl,
} from './monthly-report';

/**
 * Sending the monthly report (decision 090): the run on the 1st in pages of vendors, each owner's
 * report by the channel they chose, and that choice. What the report says is monthly-report.ts.
 */

/** Vendors read per page of the report's run: each page is a job of its own (decision 090). */
export const MONTHLY_REPORT_PAGE_SIZE = 200;

/**
 * One page of a month's reports: the vendors after `after` (by id), in order. Each vendor is
 * claimed with its e-mail or its WhatsApp job in one transaction; the page's last step writes the
 * next page's job (its key the month and the cursor). A process stopped mid-page leaves the page's
 * job to be claimed again when its lease ends: the vendors it reported are claimed already and
 * sent nothing twice, the others are reported then.
 */
export const MONTHLY_REPORT_PAGE_JOB = jobKind(
  'analytics.monthly_report_page',
  z.object({ month: z.string(), after: z.string().nullable() }),
);

/** One owner's report by WhatsApp, written with the claim; sent once by the message's key. */
export const MONTHLY_REPORT_WHATSAPP_JOB = jobKind(
  'analytics.monthly_report_whatsapp',
  z.object({ vendorId: z.string(), month: z.string() }),
);

export interface MonthlyReportDeps {
  db: Database;
  email: EmailService;
  publicUrl: string;
  textMessages: TextMessageSender | null;
  /** Vendors a page reads; MONTHLY_REPORT_PAGE_SIZE unless a test asks for fewer. */
  pageSize?: number;
}

const pageJob = (month: string, after: string | null, runAt: Date) =>
  newJob(
    MONTHLY_REPORT_PAGE_JOB,
    { month, after },
    { runAt, uniqueKey: `${MONTHLY_REPORT_PAGE_JOB.name}:${month}:${after ?? 'first'}` },
  );

/** The month a run at `now` reports on: the Pakistan month before now's. */
export function reportedMonth(now: Date): string {
  return pakistanDateKey(addPakistanMonths(startOfPakistanMonth(now), -1));
}

/** The owner's verified mobile number, which a report by WhatsApp goes to; null without one. */
async function verifiedNumberOf(db: Executor, userId: string): Promise<string | null> {
  const [found] = await db
    .select({ number: authUser.phoneNumber })
    .from(authUser)
    .where(and(eq(authUser.id, userId), eq(authUser.phoneNumberVerified, true), isNotNull(authUser.phoneNumber)));
  return found?.number ?? null;
}

type DueVendor = { id: string; businessName: string; averageSpendRupees: number | null; channel: MonthlyReportChannel };

/** Claims one vendor's month and queues its report by the owner's channel; whether it was queued. */
async function reportVendor(deps: MonthlyReportDeps, vendor: DueVendor, month: string, now: Date): Promise<boolean> {
  const owner = await findVendorOwner(deps.db, vendor.id);
  if (!owner) return false;
  // WhatsApp needs the owner's verified number; one removed since the choice gets the e-mail.
  const byWhatsApp = vendor.channel === 'whatsapp' && (await verifiedNumberOf(deps.db, owner.id)) !== null;
  const health = byWhatsApp ? null : await getMonthHealth(deps.db, vendor.id, month, vendor.averageSpendRupees);
  const monthStart = pakistanInstant(month);
  return deps.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(vendorMonthlyReports)
      .values({ vendorId: vendor.id, month, sentAt: now })
      .onConflictDoNothing()
      .returning({ vendorId: vendorMonthlyReports.vendorId });
    if (claimed.length === 0) return false;
    if (byWhatsApp) {
      await enqueueJob(
        tx,
        newJob(
          MONTHLY_REPORT_WHATSAPP_JOB,
          { vendorId: vendor.id, month },
          { runAt: now, uniqueKey: `${MONTHLY_REPORT_WHATSAPP_JOB.name}:${vendor.id}:${month}`, maxAttempts: 12 },
        ),
      );
      return true;
    }
    await deps.email.enqueue(
      {
        type: 'monthly_report',
        to: owner.email,
        userId: owner.id,
        render: ({ unsubscribeUrl }) => {
          // The month's name in the recipient's language: the outbox renders in it.
          const values = { name: owner.name, business: vendor.businessName, month: formatLongMonth(monthStart) };
          const subject = serverText('emails:monthlyReport.subject', { month: values.month });
          return renderLayout({
            subject,
            heading: subject,
            paragraphs: [
              ...monthlyReportParagraphs(values, health!),
              serverText('emails:monthlyReport.pdf', {
                url: reportPdfUrl(deps.publicUrl, month, currentTextLanguage()),
              }),
            ],
            action: { label: serverText('emails:monthlyReport.action'), url: `${deps.publicUrl}/vendor/analytics` },
            unsubscribeUrl,
          });
        },
      },
      { tx },
    );
    return true;
  });
}

/**
 * One page of a month's reports (see MONTHLY_REPORT_PAGE_JOB): how many were queued, and the
 * cursor of the next page (null after the last).
 */
export async function sendMonthlyReportPage(
  deps: MonthlyReportDeps,
  page: { month: string; after: string | null },
  now: Date,
): Promise<{ queued: number; next: string | null }> {
  const pageSize = deps.pageSize ?? MONTHLY_REPORT_PAGE_SIZE;
  const vendorsOfPage = await deps.db
    .select({
      id: vendors.id,
      businessName: vendors.businessName,
      averageSpendRupees: vendors.averageSpendRupees,
      channel: vendors.monthlyReportChannel,
    })
    .from(vendors)
    .where(
      and(
        eq(vendors.status, 'approved'),
        isNull(vendors.closedAt),
        page.after ? gt(vendors.id, page.after) : undefined,
      ),
    )
    .orderBy(asc(vendors.id))
    .limit(pageSize);
  let queued = 0;
  for (const vendor of vendorsOfPage) {
    if (vendor.channel === 'off') continue;
    if (await reportVendor(deps, vendor, page.month, now)) queued += 1;
  }
  const next = vendorsOfPage.length === pageSize ? vendorsOfPage[vendorsOfPage.length - 1]!.id : null;
  if (next) await enqueueJob(deps.db, pageJob(page.month, next, now));
  return { queued, next };
}

/** The owner's report by WhatsApp: the month's figures in their message language, once by its key. */
export async function sendMonthlyReportByWhatsApp(
  deps: MonthlyReportDeps,
  input: { vendorId: string; month: string },
): Promise<boolean> {
  if (!deps.textMessages) return false;
  const owner = await findVendorOwner(deps.db, input.vendorId);
  const [vendor] = await deps.db
    .select({ businessName: vendors.businessName, averageSpendRupees: vendors.averageSpendRupees })
    .from(vendors)
    .where(eq(vendors.id, input.vendorId));
  if (!owner || !vendor) return false;
  const phone = await verifiedNumberOf(deps.db, owner.id);
  if (!phone) return false;
  const language = await phoneMessageLanguage(deps.db, { userId: owner.id });
  const health = await getMonthHealth(deps.db, input.vendorId, input.month, vendor.averageSpendRupees);
  const values = inTextLanguage(language, () =>
    monthlyReportWhatsAppValues(
      vendor.businessName,
      input.month,
      health,
      reportPdfUrl(deps.publicUrl, input.month, currentTextLanguage()),
    ),
  );
  const channel = await deps.textMessages.sendReport({
    to: phone,
    language,
    values,
    userId: owner.id,
    vendorId: input.vendorId,
    key: `monthly_report:${input.vendorId}:${input.month}`,
  });
  return channel !== null;
}

/** The owner's choice of the report's channel, and whether WhatsApp can carry it. */
export async function getMonthlyReportSettings(
  db: Database,
  input: { vendorId: string; userId: string },
): Promise<MonthlyReportSettings> {
  const [vendor] = await db
    .select({ channel: vendors.monthlyReportChannel })
    .from(vendors)
    .where(eq(vendors.id, input.vendorId));
  return {
    channel: vendor?.channel ?? 'email',
    whatsappAvailable: (await verifiedNumberOf(db, input.userId)) !== null,
  };
}

/** The owner chooses the channel; WhatsApp only to a verified number (refused naming `channel`). */
export async function saveMonthlyReportChannel(
  db: Database,
  input: { vendorId: string; userId: string; channel: MonthlyReportChannel },
): Promise<MonthlyReportSettings> {
  if (input.channel === 'whatsapp' && (await verifiedNumberOf(db, input.userId)) === null) {
    const message = fieldText('forms:monthlyReport.whatsappNeedsPhone');
    throw invalidFields(message, { channel: message });
  }
  await db.update(vendors).set({ monthlyReportChannel: input.channel }).where(eq(vendors.id, input.vendorId));
  return getMonthlyReportSettings(db, input);
}

export function monthlyReportHandlers(deps: MonthlyReportDeps) {
  return [
    // The run on the 1st writes the month's first page; each page writes the next.
    handlerOf(MONTHLY_REPORT_JOB, {
      async run(_payload, _job, now) {
        await enqueueJob(deps.db, pageJob(reportedMonth(now), null, now));
      },
    }),
    handlerOf(MONTHLY_REPORT_PAGE_JOB, {
      async run(payload, _job, now) {
        await sendMonthlyReportPage(deps, payload, now);
      },
    }),
    handlerOf(MONTHLY_REPORT_WHATSAPP_JOB, {
      async run(payload) {
        await sendMonthlyReportByWhatsApp(deps, payload);
      },
    }),
  ];
}
