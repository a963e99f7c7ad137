import { Card } from '@client/components/ui/card';
import { Switch } from '@client/components/ui/switch';
import { useSetVendorReferrals, useVendorReferrals } from '@client/features/referrals/api/vendor-referrals';

/**
 * The vendor profile's Referrals panel: the switch (owner only; the server refuses staff) and
 * what referrals brought. Off, customers' invitations stop giving bonus stamps, pending ones too.
 */
export function VendorReferralSettings() {
  const summary = useVendorReferrals();
  const update = useSetVendorReferrals();
  return (
    <Card
      title="Referrals"
      description="When a customer invites a friend and the friend collects a first stamp here, both get a bonus stamp. Bonus stamps count towards your monthly stamp limit."
    >
      {summary.isPending ? (
        <p role="status" className="text-sm text-stone-600">
          Loading referrals…
        </p>
      ) : summary.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {summary.error.message}
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          <Switch
            label="Give referral bonus stamps"
            description="Customers can share your cards on WhatsApp or any app with their own invitation link."
            checked={summary.data.enabled}
            disabled={update.isPending}
            onCheckedChange={(enabled) => update.mutate(enabled)}
          />
          {update.isError ? (
            <p role="alert" className="text-sm text-red-800">
              {update.error.message}
            </p>
          ) : null}
          <dl className="grid grid-cols-3 gap-3 text-sm">
            <div>
              <dt className="text-stone-600">Invited, no stamp yet</dt>
              <dd className="text-lg font-semibold text-stone-900 tabular-nums">{summary.data.pending}</dd>
            </div>
            <div>
              <dt className="text-stone-600">Friends who came</dt>
              <dd className="text-lg font-semibold text-stone-900 tabular-nums">{summary.data.rewarded}</dd>
            </div>
            <div>
              <dt className="text-stone-600">Bonus stamps given</dt>
              <dd className="text-lg font-semibold text-stone-900 tabular-nums">{summary.data.bonusStamps}</dd>
            </div>
          </dl>
        </div>
      )}
    </Card>
  );
}
