import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@client/lib/translation';
import { Link, useLocation, useNavigate } from 'react-router';
import type { PublicCard } from '@shared/marketplace/marketplace';
import { Button } from '@client/components/ui/button';
import { ApiError } from '@client/lib/api-client';
import { useSession } from '@client/lib/use-session';
import { useJoinCard } from '@client/features/marketplace/api/join-card';
import { returnToJoinPath, signInToJoinPath } from './join-path';
import '@client/features/marketplace/marketplace-texts';

interface JoinButtonProps {
  card: PublicCard;
  label: string;
  /** The deal's countdown reached zero in the browser. */
  ended: boolean;
}

function InYourCards() {
  const { t } = useTranslation('marketplace');
  return (
    <Button asChild variant="secondary" className="w-full">
      <Link to="/user">
        <CircleCheck aria-hidden="true" />
        {t('marketplace:tile.inYourCards')}
      </Link>
    </Button>
  );
}

/** Join Club, Claim Now, Join Exclusive Club, Start Collecting - FREE: one behaviour, four labels. */
export function JoinButton({ card, label, ended }: JoinButtonProps) {
  const { t } = useTranslation('marketplace');
  const { user, isLoading } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const join = useJoinCard();
  const [joined, setJoined] = useState(false);

  if (card.held || joined) {
    return (
      <div className="flex flex-col gap-1.5">
        <InYourCards />
        {joined ? (
          <p role="status" className="text-center text-sm font-medium text-green-800">
            {t('marketplace:tile.added')}
          </p>
        ) : null}
      </div>
    );
  }
  if (card.stockLeft === 0) {
    return (
      <Button disabled className="w-full">
        {t('marketplace:tile.soldOut')}
      </Button>
    );
  }
  if (ended) {
    return (
      <Button disabled className="w-full">
        {t('marketplace:tile.dealEnded')}
      </Button>
    );
  }

  function onClick() {
    if (!user) {
      void navigate(signInToJoinPath(location, card.id));
      return;
    }
    join.mutate(card.id, {
      onSuccess: () => setJoined(true),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'already_held') setJoined(true);
      },
    });
  }

  const error = join.error instanceof ApiError && join.error.code !== 'already_held' ? join.error.message : null;
  // A signed-out visitor's page is server-rendered (decision 053) and shows this button before its
  // script runs, when React would drop the tap: the button then submits a GET form to /auth with
  // the way back, the same address the click opens once the page is interactive.
  return (
    <form method="get" action="/auth" className="flex flex-col gap-1.5">
      {user ? null : <input type="hidden" name="next" value={returnToJoinPath(location, card.id)} />}
      <Button
        type="submit"
        className="w-full"
        busy={join.isPending}
        disabled={isLoading}
        onClick={(event) => {
          event.preventDefault();
          onClick();
        }}
      >
        {label}
      </Button>
      {error ? (
        <p role="alert" className="text-center text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
