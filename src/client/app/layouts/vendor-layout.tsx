import {
  ChartColumn,
  CreditCard,
  LayoutDashboard,
  MapPinned,
  Megaphone,
  PlugZap,
  QrCode,
  Store,
  Users,
  WalletCards,
  Workflow,
} from 'lucide-react';
import { useTranslation } from '@client/lib/translation';
import { useSession } from '@client/lib/use-session';
import '@client/lib/vendor-texts';
import { SidebarLayout, type SidebarItem } from './sidebar-layout';

/**
 * SPEC.md's vendor sidebar, plus Issue Stamp (PRODUCT.md section 4: stamping is real), Automations (decision 044),
 * Campaigns (decision 045) and API & Webhooks (decision 035). `ownerOnly`: the owner's business tools, whose
 * changes the server keeps to the owner (requireVendorMember's ownerOnly); staff, who stamp and confirm rewards,
 * do not see them.
 */
export const VENDOR_NAV = [
  { labelKey: 'vendor:nav.dashboard', to: '/vendor', icon: LayoutDashboard },
  { labelKey: 'vendor:nav.cards', to: '/vendor/cards', icon: WalletCards },
  { labelKey: 'vendor:nav.branches', to: '/vendor/branches', icon: MapPinned },
  { labelKey: 'vendor:nav.issueStamp', to: '/vendor/issue-stamp', icon: QrCode },
  { labelKey: 'vendor:nav.analytics', to: '/vendor/analytics', icon: ChartColumn },
  { labelKey: 'vendor:nav.customers', to: '/vendor/customers', icon: Users },
  { labelKey: 'vendor:nav.automations', to: '/vendor/automations', icon: Workflow, ownerOnly: true },
  { labelKey: 'vendor:nav.campaigns', to: '/vendor/campaigns', icon: Megaphone, ownerOnly: true },
  { labelKey: 'vendor:nav.profile', to: '/vendor/profile', icon: Store },
  { labelKey: 'vendor:nav.billing', to: '/vendor/billing', icon: CreditCard, ownerOnly: true },
  { labelKey: 'vendor:nav.api', to: '/vendor/api', icon: PlugZap, ownerOnly: true },
] as const satisfies ReadonlyArray<Omit<SidebarItem, 'label'> & { labelKey: string; ownerOnly?: true }>;

/** The entries a member of this role sees; before the session is known, only those every member sees. */
export function vendorNavFor(role: 'owner' | 'staff' | undefined) {
  return VENDOR_NAV.filter((item) => role === 'owner' || !('ownerOnly' in item));
}

export function VendorLayout() {
  const { t } = useTranslation('vendor');
  const { user } = useSession();
  const items = vendorNavFor(user?.membership?.role).map(({ labelKey, to, icon }): SidebarItem => ({
    to,
    icon,
    label: t(labelKey),
  }));
  return <SidebarLayout area={t('vendor:nav.area')} items={items} />;
}
