import { formatPKR } from '@shared/money';
import { formatLongDate } from '@shared/pakistan-time';
import type { Config } from '@server/config';
import type { Executor } from '@server/db/client';
import { announceToSubscribers } from '@server/modules/notifications/announce-to-subscribers';
import type { EmailService } from '@server/modules/notifications/email-service';
import { dailyChaskaEmail } from '@server/modules/notifications/templates/daily-chaska-email';
import { serverText } from '@server/lib/texts';

export interface DailyChaskaAnnouncement {
  dealTitle: string;
  vendorName: string;
  city: string;
  dealPrice: number;
  originalPrice: number;
  endsAt: Date;
}

/** Tells everyone who opted in to Daily Chaska e-mails about a new deal (digest users get it in their digest). */
export function announceDailyChaska(
  deps: { db: Executor; email: EmailService; config: Config },
  deal: DailyChaskaAnnouncement,
): Promise<number> {
  return announceToSubscribers(deps, 'daily_chaska', (subscriber, context) =>
    dailyChaskaEmail({
      name: subscriber.name || serverText('emails:greeting.fallbackName'),
      vendorName: deal.vendorName,
      city: deal.city,
      dealTitle: deal.dealTitle,
      dealPrice: formatPKR(deal.dealPrice),
      originalPrice: formatPKR(deal.originalPrice),
      endsAt: formatLongDate(deal.endsAt),
      dealUrl: `${deps.config.publicUrl}/daily-chaska`,
      unsubscribeUrl: context.unsubscribeUrl,
    }),
  );
}
