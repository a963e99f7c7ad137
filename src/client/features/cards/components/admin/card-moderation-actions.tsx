import { Pause, Play, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { AdminCardRow } from '@shared/cards/admin-cards';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { ApiError } from '@client/lib/api-client';
import { useModerateCard } from '@client/features/cards/api/moderate-card';
import { ReasonDialog } from '@client/components/admin/reason-dialog';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

/** Pause or remove with a reason the vendor is told by e-mail; restore a paused card. */
export function CardModerationActions({
  card,
  onResult,
}: {
  card: AdminCardRow;
  onResult: (tone: 'success' | 'error', text: string) => void;
}) {
  const { t } = useTranslation('admin');
  const moderate = useModerateCard();
  const [asking, setAsking] = useState<'pause' | 'remove' | 'restore' | null>(null);
  const done = (text: string) => ({
    onSuccess: () => {
      setAsking(null);
      onResult('success', text);
    },
    onError: (error: Error) => {
      setAsking(null);
      onResult('error', error instanceof ApiError ? error.message : t('admin:moderate.failed'));
    },
  });
  return (
    <div className="flex justify-end gap-1">
      {card.status === 'active' ? (
        <Button
          variant="ghost"
          size="sm"
          title={t('admin:moderate.pause')}
          onClick={() => setAsking('pause')}
          aria-label={t('admin:moderate.pauseOf', { name: card.name })}
        >
          <Pause aria-hidden="true" />
        </Button>
      ) : null}
      {card.status === 'paused' ? (
        <Button
          variant="ghost"
          size="sm"
          title={t('admin:moderate.restore')}
          onClick={() => setAsking('restore')}
          aria-label={t('admin:moderate.restoreOf', { name: card.name })}
        >
          <Play aria-hidden="true" />
        </Button>
      ) : null}
      {card.status !== 'archived' ? (
        <Button
          variant="ghost"
          size="sm"
          title={t('admin:moderate.remove')}
          onClick={() => setAsking('remove')}
          aria-label={t('admin:moderate.removeOf', { name: card.name })}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      ) : null}
      <ReasonDialog
        open={asking === 'pause' || asking === 'remove'}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title={
          asking === 'remove'
            ? t('admin:moderate.removeTitle', { name: card.name })
            : t('admin:moderate.pauseTitle', { name: card.name })
        }
        text={asking === 'remove' ? t('admin:moderate.removeText') : t('admin:moderate.pauseText')}
        confirmLabel={asking === 'remove' ? t('admin:moderate.removeCard') : t('admin:moderate.pauseCard')}
        required
        reasonHint={t('admin:moderate.reasonHint')}
        busy={moderate.isPending}
        onConfirm={(reason) =>
          asking === 'pause' || asking === 'remove'
            ? moderate.mutate(
                { cardId: card.id, action: asking, reason },
                done(
                  asking === 'pause'
                    ? t('admin:moderate.paused', { name: card.name })
                    : t('admin:moderate.removed', { name: card.name }),
                ),
              )
            : undefined
        }
      />
      <ConfirmDialog
        open={asking === 'restore'}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title={t('admin:moderate.restoreTitle', { name: card.name })}
        text={t('admin:moderate.restoreText')}
        confirmLabel={t('admin:moderate.restore')}
        busy={moderate.isPending}
        onConfirm={() =>
          moderate.mutate(
            { cardId: card.id, action: 'restore' },
            done(t('admin:moderate.activeAgain', { name: card.name })),
          )
        }
      />
    </div>
  );
}
