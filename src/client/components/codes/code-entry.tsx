import { Camera, CameraOff } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@client/lib/translation';
import { Button } from '@client/components/ui/button';
import { FormField, Input } from '@client/components/ui/form-field';
// The customer scanner's camera component, shared rather than written twice.
import { CameraScanner } from '@client/components/codes/camera-scanner';
import './codes-texts';

export interface CodeEntryProps {
  /** Label of the typed-code field. */
  label: string;
  submitLabel: string;
  busy: boolean;
  onCode: (code: string) => void;
}

/** A code read by the camera (BarcodeDetector, see camera-scanner.tsx) or typed as XXXX-XXXX, whichever the counter has. */
export function CodeEntry({ label, submitLabel, busy, onCode }: CodeEntryProps) {
  const { t } = useTranslation('codes');
  const [camera, setCamera] = useState(false);
  const [typed, setTyped] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim()) onCode(typed.trim());
  };

  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button variant="outline" onClick={() => setCamera((value) => !value)}>
          {camera ? <CameraOff aria-hidden="true" /> : <Camera aria-hidden="true" />}
          {camera ? t('codes:entry.stopCamera') : t('codes:entry.scanWithCamera')}
        </Button>
      </div>
      {camera ? (
        <CameraScanner
          onDecoded={(text) => {
            setCamera(false);
            onCode(text);
          }}
        />
      ) : null}
      <form noValidate onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <FormField label={label} className="flex-1">
          <Input
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={t('codes:entry.placeholder')}
            dir="ltr"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="font-mono tracking-widest uppercase"
          />
        </FormField>
        <Button type="submit" busy={busy} disabled={!typed.trim()}>
          {submitLabel}
        </Button>
      </form>
    </div>
  );
}
