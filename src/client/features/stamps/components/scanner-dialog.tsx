import { QrCode, Sparkles } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { isSignedCode, isTypedCode, normalizeTypedCode } from '@shared/stamps/codes';
import { StampOutcomeBanner, stampFailureMessage, type ScanOutcome } from './stamp-outcome';
import { Trans, useTranslation } from '@client/lib/translation';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@client/components/ui/dialog';
import { FormField, Input } from '@client/components/ui/form-field';
import { useCollectStamp } from '@client/features/stamps/api/collect-stamp';
import { getDemoCode } from '@client/features/stamps/api/get-demo-code';
import { CameraScanner } from '@client/components/codes/camera-scanner';
import '@client/lib/customer-texts';

export interface ScannerDialogProps {
  demoMode: boolean;
}

/**
 * Scan QR Code: the back camera reads the vendor's counter code; a typed code works without a
 * camera; in demo mode "Use a demo code" collects with a code the server mints for one of the
 * customer's cards. All three go through the same collect call.
 */
export function ScannerDialog({ demoMode }: ScannerDialogProps) {
  const { t } = useTranslation('customer');
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null);
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | undefined>();
  const [demoBusy, setDemoBusy] = useState(false);
  // A new scan round mounts a fresh camera scanner.
  const [scanRound, setScanRound] = useState(0);
  const collect = useCollectStamp();
  const busy = collect.isPending || demoBusy;

  function reset() {
    setOutcome(null);
    setTyped('');
    setTypedError(undefined);
    collect.reset();
    setScanRound((round) => round + 1);
  }

  async function submit(code: string) {
    setOutcome(null);
    try {
      const result = await collect.mutateAsync(code);
      setOutcome({ tone: 'success', result });
      setTyped('');
    } catch (error) {
      setOutcome({ tone: 'error', message: stampFailureMessage(error, t) });
    }
  }

  function handleDecoded(text: string) {
    if (busy || outcome?.tone === 'success') return;
    if (!isSignedCode(text)) {
      setOutcome({
        tone: 'error',
        message: t('customer:scanner.scanFailed'),
        detail: t('customer:scanner.notOurCode'),
      });
      return;
    }
    void submit(text);
  }

  function handleTyped(event: FormEvent) {
    event.preventDefault();
    const value = typed.trim();
    if (!isSignedCode(value) && !isTypedCode(normalizeTypedCode(value))) {
      setTypedError(t('customer:scanner.typedInvalid'));
      return;
    }
    setTypedError(undefined);
    void submit(value);
  }

  async function collectWithDemoCode() {
    setOutcome(null);
    setDemoBusy(true);
    try {
      const demo = await getDemoCode();
      await submit(demo.code.qrPayload);
    } catch (error) {
      setOutcome({ tone: 'error', message: stampFailureMessage(error, t) });
    } finally {
      setDemoBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button size="lg" className="w-full sm:w-auto">
          <QrCode aria-hidden="true" />
          {t('customer:scanner.open')}
        </Button>
      </DialogTrigger>
      <DialogContent title={t('customer:scanner.title')} description={t('customer:scanner.description')}>
        <div className="flex flex-col gap-4">
          <div aria-live="polite" className="empty:hidden">
            {outcome ? <StampOutcomeBanner outcome={outcome} onClose={() => setOpen(false)} /> : null}
          </div>
          {open && outcome?.tone !== 'success' ? <CameraScanner key={scanRound} onDecoded={handleDecoded} /> : null}
          {outcome?.tone === 'success' ? (
            <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={reset}>
                {t('customer:scanner.scanAnother')}
              </Button>
              <Button onClick={() => setOpen(false)}>{t('customer:scanner.done')}</Button>
            </div>
          ) : null}

          <form onSubmit={handleTyped} noValidate className="flex flex-col gap-3 border-t border-stone-200 pt-4">
            <FormField
              label={t('customer:scanner.typedLabel')}
              error={typedError}
              hint={t('customer:scanner.typedHint')}
            >
              <Input
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                placeholder="XXXX-XXXX"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={400}
                className="font-mono tracking-widest uppercase"
              />
            </FormField>
            <Button type="submit" variant="secondary" busy={collect.isPending && !demoBusy} disabled={busy}>
              {t('customer:scanner.collect')}
            </Button>
          </form>

          {demoMode ? (
            <div className="flex flex-col gap-2 rounded-xl border border-dashed border-brand-300 bg-brand-50 p-4">
              <p className="text-sm text-brand-950">
                <Trans i18nKey="customer:scanner.demoText" components={{ strong: <strong /> }} />
              </p>
              <Button variant="outline" busy={demoBusy} disabled={busy} onClick={() => void collectWithDemoCode()}>
                <Sparkles aria-hidden="true" />
                {t('customer:scanner.demoButton')}
              </Button>
            </div>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
