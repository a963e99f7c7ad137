import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { FormField, Textarea } from '@client/components/ui/form-field';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

export interface ReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  text?: ReactNode;
  confirmLabel: string;
  /** Optional reasons may be left empty (SPEC.md: reject takes an optional reason). */
  required?: boolean;
  reasonLabel?: string;
  reasonHint?: ReactNode;
  busy?: boolean;
  /** A server-side refusal, shown under the field. */
  error?: string;
  tone?: 'default' | 'danger';
  onConfirm: (reason: string) => void;
}

/** A confirmation that asks for a reason (reject, suspend, pause, remove). */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  text,
  confirmLabel,
  required = false,
  reasonLabel,
  reasonHint,
  busy,
  error,
  tone = 'danger',
  onConfirm,
}: ReasonDialogProps) {
  const { t } = useTranslation('admin');
  const label = reasonLabel ?? t('admin:reason.label');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = required && reason.trim() === '';
  const change = (next: boolean) => {
    if (!next) {
      setReason('');
      setTouched(false);
    }
    onOpenChange(next);
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={change}
      title={title}
      text={text}
      confirmLabel={confirmLabel}
      tone={tone}
      busy={busy}
      onConfirm={() => {
        setTouched(true);
        if (!missing) onConfirm(reason.trim());
      }}
    >
      <FormField
        label={required ? label : t('admin:reason.optional', { label })}
        required={required}
        hint={reasonHint}
        error={touched && missing ? t('admin:reason.required') : error}
      >
        <Textarea value={reason} maxLength={500} rows={3} onChange={(event) => setReason(event.target.value)} />
      </FormField>
    </ConfirmDialog>
  );
}
