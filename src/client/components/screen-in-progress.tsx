import { Hammer } from 'lucide-react';
import { EmptyState } from '@client/components/ui/empty-state';

/** Stands in for a screen whose feature has not landed yet; it never shows sample data. */
export function ScreenInProgress() {
  return <EmptyState icon={<Hammer />} title="Coming soon" text="This screen is being built." />;
}
