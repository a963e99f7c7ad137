import { QrCode, Sparkles } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  isSignedCode,
  isTypedCode,
  normalizeTypedCode,
  SCAN_FAILED_MESSAGE,
  type StampResult,
} from '@shared/stamps';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@client/components/ui/dialog';
import { FormField, Input } from '@client/components/ui/form-field';
import { ApiError } from '@client/lib/api-client';
import { useCollectStamp } from '../api/collect-stamp';
import { getDemoCode } from '../api/get-demo-code';
import { CameraScanner } from '@client/components/codes/camera-scanner';

type ScanOutcome =
  | { tone: 'success'; result: StampResult }
  | { tone: 'error'; message: string; detail?: string };

/** The server's sentence when it refused; SPEC.md's generic line when anything else failed. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  return SCAN_FAILED_MESSAGE;
}

function OutcomeBanner({ outcome, onClose }: { outcome: ScanOutcome; onClose: () => void }) {
  if (outcome.tone === 'error') {
    return (
      <Banner tone="error" title={outcome.message}>
        {outcome.detail}
      </Banner>
    );
  }
  const { result } = outcome;
  const card = result.userCard;
  return (
    <Banner
      tone="success"
      title={result.message}
      action={
        result.reward ? (
          <Button asChild size="sm" onClick={onClose}>
            <Link to={`/user/rewards/${result.reward.id}`}>Redeem Reward</Link>
          </Button>
        ) : undefined
      }
    >
      {result.reward
        ? `${card.cardName} at ${card.vendorName} is complete: ${result.reward.rewardTitle}.`
        : `${card.cardName} at ${card.vendorName}: ${card.stampsCollected} of ${card.stampsRequired} stamps.`}
    </Banner>
  );
}

export interface ScannerDialogProps {
  demoMode: boolean;
}

/**
 * Scan QR Code: the back camera reads the vendor's counter code; a typed code works without a
 * camera; in demo mode "Use a demo code" collects with a code the server mints for one of the
 * customer's cards. All three go through the same collect call.
 */
export function ScannerDialog({ demoMode }: ScannerDialogProps) {
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
      setOutcome({ tone: 'error', message: failureMessage(error) });
    }
  }

  function handleDecoded(text: string) {
    if (busy || outcome?.tone === 'success') return;
    if (!isSignedCode(text)) {
      setOutcome({ tone: 'error', message: SCAN_FAILED_MESSAGE, detail: 'This QR code is not a Chaska stamp code.' });
      return;
    }
    void submit(text);
  }

  function handleTyped(event: FormEvent) {
    event.preventDefault();
    const value = typed.trim();
    if (!isSignedCode(value) && !isTypedCode(normalizeTypedCode(value))) {
      setTypedError('Codes have 8 letters and numbers, like 7KQ4-M2XZ.');
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
      setOutcome({ tone: 'error', message: failureMessage(error) });
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
          Scan QR Code
        </Button>
      </DialogTrigger>
      <DialogContent title="Scan QR Code" description="Point your camera at the QR code shown at the counter.">
        <div className="flex flex-col gap-4">
          <div aria-live="polite" className="empty:hidden">
            {outcome ? <OutcomeBanner outcome={outcome} onClose={() => setOpen(false)} /> : null}
          </div>
          {open && outcome?.tone !== 'success' ? <CameraScanner key={scanRound} onDecoded={handleDecoded} /> : null}
          {outcome?.tone === 'success' ? (
            <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={reset}>
                Scan another code
              </Button>
              <Button onClick={() => setOpen(false)}>Done</Button>
            </div>
          ) : null}

          <form onSubmit={handleTyped} noValidate className="flex flex-col gap-3 border-t border-stone-200 pt-4">
            <FormField label="No camera? Type the code from the counter" error={typedError} hint="8 letters and numbers, like 7KQ4-M2XZ">
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
              Collect stamp
            </Button>
          </form>

          {demoMode ? (
            <div className="flex flex-col gap-2 rounded-xl border border-dashed border-brand-300 bg-brand-50 p-4">
              <p className="text-sm text-brand-950">
                <strong>Demo mode:</strong> no counter nearby? Collect a stamp on one of your cards with a demo code.
              </p>
              <Button variant="outline" busy={demoBusy} disabled={busy} onClick={() => void collectWithDemoCode()}>
                <Sparkles aria-hidden="true" />
                Use a demo code
              </Button>
            </div>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
