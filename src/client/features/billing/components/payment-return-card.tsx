import { clsx } from 'clsx';
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageContainer } from '@client/components/page-container';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';

/** SPEC.md section 9: the return pages go on to billing after 3000 ms. */
export const RETURN_REDIRECT_MS = 3000;

export interface PaymentReturnCardProps {
  icon: ReactNode;
  iconClassName: string;
  title: string;
  text: string;
  status: string;
  buttonLabel: string;
  buttonVariant?: 'primary' | 'outline';
  /** Where the page goes after RETURN_REDIRECT_MS, and where the button leads. */
  target: string;
}

/** The page a checkout returns to: a message, then billing after 3 seconds or at once by the button. */
export function PaymentReturnCard({
  icon,
  iconClassName,
  title,
  text,
  status,
  buttonLabel,
  buttonVariant = 'primary',
  target,
}: PaymentReturnCardProps) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => void navigate(target, { replace: true }), RETURN_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, target]);
  return (
    <PageContainer width="narrow">
      <Card className="mx-auto max-w-lg text-center">
        <div className="flex flex-col items-center gap-4 py-4">
          <span
            aria-hidden="true"
            className={clsx('flex size-14 items-center justify-center rounded-full', iconClassName)}
          >
            {icon}
          </span>
          <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
          <p className="text-stone-700">{text}</p>
          <p className="text-sm text-stone-600" role="status">
            {status}
          </p>
          <Button asChild variant={buttonVariant}>
            <Link to={target} replace>
              {buttonLabel}
            </Link>
          </Button>
        </div>
      </Card>
    </PageContainer>
  );
}
