import type { Campaign, CampaignStatus } from '@shared/campaigns/campaigns';
import type { BadgeTone } from '@client/components/ui/badge';

/** The Pakistan wall-clock time of a `datetime-local` field ("2026-03-20T18:30") as an instant, or null when incomplete. */
export function pakistanLocalToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const instant = new Date(`${value}:00+05:00`);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

/** The `datetime-local` value of an instant in Pakistan time: the composer's default of "later" is an hour on. */
export function isoToPakistanLocal(instant: Date): string {
  return new Date(instant.getTime() + 5 * 3_600_000).toISOString().slice(0, 16);
}

/** A campaign whose time has come shows as sending until the job runner picks it up. */
export function shownStatus(campaign: Pick<Campaign, 'status' | 'sendAt'>, now: Date): CampaignStatus {
  return campaign.status === 'scheduled' && new Date(campaign.sendAt).getTime() <= now.getTime()
    ? 'sending'
    : campaign.status;
}

export const STATUS_TONES: Record<CampaignStatus, BadgeTone> = {
  scheduled: 'blue',
  sending: 'yellow',
  sent: 'green',
  cancelled: 'grey',
};

/** Whether the owner may still cancel it: scheduled and not yet due. */
export function cancellable(campaign: Pick<Campaign, 'status' | 'sendAt'>, now: Date): boolean {
  return shownStatus(campaign, now) === 'scheduled';
}
