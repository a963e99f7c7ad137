import * as DialogPrimitive from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from '@client/lib/translation';
import { Button } from './button';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export interface DialogContentProps extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> {
  title: ReactNode;
  description?: ReactNode;
  /** Hides the corner close button when the footer already offers one. */
  hideCloseButton?: boolean;
}

/** A centred panel; on phones it takes nearly the full width and scrolls inside itself. */
export function DialogContent({
  title,
  description,
  hideCloseButton = false,
  className,
  children,
  ...props
}: DialogContentProps) {
  const { t } = useTranslation();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-stone-950/50 motion-safe:data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        // Without a description Radix would warn about a missing aria-describedby target.
        {...(description === undefined ? { 'aria-describedby': undefined } : {})}
        className={clsx(
          'fixed top-1/2 start-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 rtl:translate-x-1/2 -translate-y-1/2 overflow-y-auto',
          'rounded-2xl bg-white p-5 shadow-xl sm:p-6 motion-safe:data-[state=open]:animate-pop-in',
          className,
        )}
        {...props}
      >
        <div className={clsx(!hideCloseButton && 'pe-10')}>
          <DialogPrimitive.Title className="text-lg font-semibold text-stone-900">{title}</DialogPrimitive.Title>
          {description !== undefined ? (
            <DialogPrimitive.Description className="mt-1 text-sm text-stone-600">
              {description}
            </DialogPrimitive.Description>
          ) : null}
        </div>
        {children !== undefined ? <div className="mt-4">{children}</div> : null}
        {!hideCloseButton ? (
          <DialogPrimitive.Close asChild>
            <Button variant="ghost" size="icon" aria-label={t('common:dialog.close')} className="absolute top-3 end-3">
              <X aria-hidden="true" />
            </Button>
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={clsx(
        'mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end [&>*]:w-full sm:[&>*]:w-auto',
        className,
      )}
      {...props}
    />
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  text?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  /** Destructive actions get a red confirm button. */
  tone?: 'default' | 'danger';
  /** Keeps the dialog open with a spinner while the confirmed action runs. */
  busy?: boolean;
  /** Extra content between the text and the buttons, such as a reason field. */
  children?: ReactNode;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  text,
  confirmLabel,
  cancelLabel,
  onConfirm,
  tone = 'default',
  busy = false,
  children,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <DialogContent title={title} description={text} hideCloseButton>
        {children}
        <DialogFooter className={children === undefined ? 'mt-2' : undefined}>
          <DialogClose asChild>
            <Button variant="outline" disabled={busy}>
              {cancelLabel ?? t('common:dialog.cancel')}
            </Button>
          </DialogClose>
          <Button variant={tone === 'danger' ? 'danger' : 'primary'} busy={busy} onClick={onConfirm}>
            {confirmLabel ?? t('common:dialog.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
