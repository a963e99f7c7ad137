import { CheckCircle2, CircleAlert } from 'lucide-react';
import type { SocialOverview } from '@shared/marketplace/social-api';
import { Badge } from '@client/components/ui/badge';
import { Banner } from '@client/components/ui/banner';
import { Card } from '@client/components/ui/card';
import { useTranslation } from '@client/lib/translation';
import { useSocialTexts } from './social-texts';
import '@client/lib/admin-texts';

/** Each network: configured, or the environment variables still to set; and whether Meta can reach the pictures. */
export function SocialNetworksCard({ overview }: { overview: SocialOverview }) {
  const { t } = useTranslation('admin');
  const names = useSocialTexts();
  return (
    <Card title={t('admin:social.networks.title')} description={t('admin:social.networks.text')}>
      <ul className="flex flex-col gap-4">
        {overview.networks.map((status) => (
          <li key={status.network} className="flex flex-col gap-1.5">
            <div className="flex flex-wrap items-center gap-2">
              {status.configured ? (
                <CheckCircle2 aria-hidden="true" className="size-5 text-green-700" />
              ) : (
                <CircleAlert aria-hidden="true" className="size-5 text-amber-700" />
              )}
              <span className="text-sm font-semibold text-stone-900">{names.network(status.network)}</span>
              <Badge tone={status.configured ? 'green' : 'grey'}>
                {status.configured ? t('admin:social.configured') : t('admin:social.notConfigured')}
              </Badge>
            </div>
            {status.configured ? null : (
              <p className="text-sm break-words text-stone-700">
                {t('admin:social.missing', { variables: status.missing.join(', ') })}
              </p>
            )}
            {status.network === 'instagram' ? (
              <p className="text-xs text-stone-600">{t('admin:social.instagramJpeg')}</p>
            ) : null}
          </li>
        ))}
      </ul>
      {overview.publicUrlIsLocal ? (
        <Banner tone="warning" className="mt-4">
          <span className="break-words">{t('admin:social.localUrl', { url: overview.publicUrl })}</span>
        </Banner>
      ) : null}
    </Card>
  );
}
