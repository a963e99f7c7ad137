import { Wallet } from 'lucide-react';
import { useTranslation } from '@client/lib/translation';
import { applePassPath } from '@shared/wallet/wallet';
import { Button } from '@client/components/ui/button';
import { useGoogleSaveLink, useWalletAvailability } from '@client/features/wallet/api/wallet-passes';
import '@client/lib/customer-texts';

/** Apple asks for a black "Add to Apple Wallet" control; the size matches the small buttons. */
const APPLE_BUTTON_CLASS =
  'inline-flex h-9 grow basis-44 items-center justify-center gap-1.5 rounded-lg bg-stone-950 px-3 text-sm font-semibold whitespace-nowrap text-white shadow-sm transition-colors select-none hover:bg-stone-800 active:bg-stone-700 [&_svg]:size-4 [&_svg]:shrink-0';

/**
 * "Add to Apple Wallet" and "Save to Google Wallet" for one held card (decision 041). Each shows
 * only when the server has that wallet's keys; with neither, nothing is drawn.
 */
export function WalletButtons({ userCardId, cardName }: { userCardId: string; cardName: string }) {
  const { t } = useTranslation('customer');
  const availability = useWalletAvailability();
  const google = useGoogleSaveLink();
  const { apple, google: googleOn } = availability.data ?? { apple: false, google: false };
  if (!apple && !googleOn) return null;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {apple ? (
          <a
            href={applePassPath(userCardId)}
            download
            aria-label={`${t('customer:wallet.addApple')}: ${cardName}`}
            className={APPLE_BUTTON_CLASS}
          >
            <Wallet aria-hidden="true" />
            {t('customer:wallet.addApple')}
          </a>
        ) : null}
        {googleOn ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="grow basis-44"
            aria-label={`${t('customer:wallet.saveGoogle')}: ${cardName}`}
            disabled={google.isPending}
            onClick={() => google.mutate(userCardId, { onSuccess: ({ saveUrl }) => window.location.assign(saveUrl) })}
          >
            <Wallet aria-hidden="true" />
            {google.isPending ? t('customer:wallet.opening') : t('customer:wallet.saveGoogle')}
          </Button>
        ) : null}
      </div>
      {google.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {google.error instanceof Error && google.error.message ? google.error.message : t('customer:wallet.failed')}
        </p>
      ) : null}
    </div>
  );
}
