import { useState, type ReactNode } from 'react';
import { Button } from '@client/components/ui/button';

interface DisclosureProps {
  /** The panel's id, which the button names as what it opens (aria-controls). */
  panelId: string;
  /** The button's icon (hidden from screen readers) and short label. */
  icon: ReactNode;
  label: string;
  /** The button's name for screen readers, when the label alone does not say what it opens. */
  accessibleName?: string;
  panelClassName?: string;
  /** Told when the panel opens or closes, to start what the panel needs. */
  onOpenChange?: (open: boolean) => void;
  /** Rendered only while open. */
  children: ReactNode;
}

/**
 * A small button that opens a panel beneath it, as a card tile's Share and Invite a friend do: the
 * button says whether the panel is open and which it is, and the panel exists only while open.
 */
export function Disclosure({
  panelId,
  icon,
  label,
  accessibleName,
  panelClassName,
  onOpenChange,
  children,
}: DisclosureProps) {
  const [open, setOpen] = useState(false);
  function toggle() {
    const next = !open;
    setOpen(next);
    onOpenChange?.(next);
  }
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="ghost"
        size="sm"
        className="self-start"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={accessibleName}
        onClick={toggle}
      >
        {icon}
        {label}
      </Button>
      {open ? (
        <div id={panelId} className={panelClassName}>
          {children}
        </div>
      ) : null}
    </div>
  );
}
