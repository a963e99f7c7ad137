import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '@client/lib/use-session';
import { useJoinCard } from '@client/features/marketplace/api/join-card';
import { JOIN_PARAM } from './join-path';

/**
 * Finishes a join that started signed out: back from /auth with ?join=<card>, the page joins the
 * card once, then drops the parameter so a reload does not try again.
 */
export function useResumeJoin() {
  const [params, setParams] = useSearchParams();
  const cardId = params.get(JOIN_PARAM);
  const { user, isLoading } = useSession();
  const join = useJoinCard();
  const { mutate } = join;
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!cardId || isLoading || !user || started.current === cardId) return;
    started.current = cardId;
    mutate(cardId, {
      onSettled: () =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete(JOIN_PARAM);
            return next;
          },
          { replace: true },
        ),
    });
  }, [cardId, isLoading, user, mutate, setParams]);

  return join;
}
