import * as DialogPrimitive from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { useTranslation } from '@client/lib/translation';
import { NavLink } from 'react-router';
import { HeaderActions } from '@client/components/header-actions';
import { Button } from '@client/components/ui/button';
import { PUBLIC_NAV } from './public-nav';

export interface MobileMenuDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called when the dialog closes, to put focus back on the button that opened it. */
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * The phone menu's sliding panel. It lives in its own chunk, loaded on the first tap, so the
 * dialog library stays out of the landing page's first download.
 */
export function MobileMenuDialog({ open, onOpenChange, onCloseAutoFocus }: MobileMenuDialogProps) {
  const { t } = useTranslation();
  const close = () => onOpenChange(false);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-stone-950/50 motion-safe:data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed inset-y-0 end-0 z-50 flex w-[min(20rem,88vw)] flex-col overflow-y-auto bg-white shadow-xl motion-safe:data-[state=open]:animate-slide-in-right rtl:motion-safe:data-[state=open]:animate-slide-in-left"
        >
          <div className="flex h-16 items-center justify-between border-b border-stone-200 px-4">
            <DialogPrimitive.Title className="text-base font-semibold text-stone-900">
              {t('common:menu.title')}
            </DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t('common:menu.close')}>
                <X aria-hidden="true" className="!size-6" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <nav aria-label={t('common:header.mainNav')} className="flex flex-col gap-1 p-3">
            {PUBLIC_NAV.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                onClick={close}
                className={({ isActive }) =>
                  clsx(
                    'rounded-lg px-3 py-3 text-base font-medium',
                    isActive ? 'bg-brand-50 text-brand-800' : 'text-stone-800 hover:bg-stone-100',
                  )
                }
              >
                {t(item.labelKey)}
              </NavLink>
            ))}
          </nav>
          <div className="mt-auto border-t border-stone-200 p-4">
            <HeaderActions size="md" stacked onNavigate={close} />
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
