import { Pause, Play, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { AdminCardRow } from '@shared/admin-cards';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { ApiError } from '@client/lib/api-client';
import { useModerateCard } from '@client/features/cards/api/moderate-card';
import { ReasonDialog } from '@client/components/admin/reason-dialog';

/** Pause or remove with a reason the vendor is told by e-mail; restore a paused card. */
export function CardModerationActions({
  card,
  onResult,
}: {
  card: AdminCardRow;
  onResult: (tone: 'success' | 'error', text: string) => void;
}) {
  const moderate = useModerateCard();
  const [asking, setAsking] = useState<'pause' | 'remove' | 'restore' | null>(null);
  const done = (text: string) => ({
    onSuccess: () => {
      setAsking(null);
      onResult('success', text);
    },
    onError: (error: Error) => {
      setAsking(null);
      onResult('error', error instanceof ApiError ? error.message : 'The card could not be changed. Please try again.');
    },
  });
  return (
    <div className="flex justify-end gap-1">
      {card.status === 'active' ? (
        <Button
          variant="ghost"
          size="sm"
          title="Pause"
          onClick={() => setAsking('pause')}
          aria-label={`Pause ${card.name}`}
        >
          <Pause aria-hidden="true" />
        </Button>
      ) : null}
      {card.status === 'paused' ? (
        <Button
          variant="ghost"
          size="sm"
          title="Restore"
          onClick={() => setAsking('restore')}
          aria-label={`Restore ${card.name}`}
        >
          <Play aria-hidden="true" />
        </Button>
      ) : null}
      {card.status !== 'archived' ? (
        <Button
          variant="ghost"
          size="sm"
          title="Remove"
          onClick={() => setAsking('remove')}
          aria-label={`Remove ${card.name}`}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      ) : null}
      <ReasonDialog
        open={asking === 'pause' || asking === 'remove'}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title={asking === 'remove' ? `Remove "${card.name}"?` : `Pause "${card.name}"?`}
        text={
          asking === 'remove'
            ? 'The card leaves the marketplace for good; customers keep its history. The vendor owner gets the reason by e-mail.'
            : 'The card leaves the marketplace and takes no stamps until restored. The vendor owner gets the reason by e-mail.'
        }
        confirmLabel={asking === 'remove' ? 'Remove card' : 'Pause card'}
        required
        reasonHint="The vendor reads this."
        busy={moderate.isPending}
        onConfirm={(reason) =>
          asking === 'pause' || asking === 'remove'
            ? moderate.mutate(
                { cardId: card.id, action: asking, reason },
                done(asking === 'pause' ? `"${card.name}" is paused.` : `"${card.name}" is removed.`),
              )
            : undefined
        }
      />
      <ConfirmDialog
        open={asking === 'restore'}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title={`Restore "${card.name}"?`}
        text="The card becomes active again and shows in the marketplace."
        confirmLabel="Restore"
        busy={moderate.isPending}
        onConfirm={() =>
          moderate.mutate({ cardId: card.id, action: 'restore' }, done(`"${card.name}" is active again.`))
        }
      />
    </div>
  );
}
