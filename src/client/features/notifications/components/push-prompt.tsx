import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@client/lib/translation';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { usePushKey, usePushState, useSetPush } from '@client/features/notifications/api/push';
import { promptAnswered, rememberPromptAnswer } from '@client/features/notifications/push-prompt-store';
import '@client/lib/customer-texts';

/**
 * The polite question before the browser's own (decision 043): shown on the dashboard only once
 * the customer has a stamp, never on a first visit, and only where push works (the server has
 * keys, the browser has the Push API) and this browser is not subscribed. "Not now" is remembered
 * on this browser; the preferences page can still turn push on later.
 */
export function PushPrompt({ userId, hasStamp }: { userId: string; hasStamp: boolean }) {
  const { t } = useTranslation('customer');
  const publicKey = usePushKey();
  const state = usePushState(hasStamp ? publicKey : null);
  const setPush = useSetPush(publicKey);
  const [answered, setAnswered] = useState(() => promptAnswered(userId));
  const [blocked, setBlocked] = useState(false);

  if (blocked)
    return (
      <Banner tone="warning" role="none" title={t('customer:push.promptTitle')}>
        {t('customer:push.blocked')}
      </Banner>
    );
  if (answered || !hasStamp || !state.data || state.data.subscribed || state.data.permission === 'denied') return null;

  async function turnOn() {
    try {
      const result = await setPush.mutateAsync(true);
      if (result === 'blocked') setBlocked(true);
      else {
        rememberPromptAnswer(userId, 'on');
        setAnswered(true);
      }
    } catch {
      // Shown below from the mutation's state; the prompt stays to try again.
    }
  }

  function notNow() {
    rememberPromptAnswer(userId, 'not-now');
    setAnswered(true);
  }

  return (
    <Banner
      tone="info"
      role="none"
      title={t('customer:push.promptTitle')}
      action={
        <div className="flex flex-wrap gap-2">
          <Button size="sm" busy={setPush.isPending} onClick={() => void turnOn()}>
            <BellRing aria-hidden="true" />
            {t('customer:push.turnOn')}
          </Button>
          <Button size="sm" variant="outline" disabled={setPush.isPending} onClick={notNow}>
            {t('customer:push.notNow')}
          </Button>
        </div>
      }
    >
      {t('customer:push.promptText')}
      {setPush.isError ? <span className="mt-1 block font-medium">{t('customer:push.failed')}</span> : null}
    </Banner>
  );
}
