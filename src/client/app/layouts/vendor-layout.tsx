import {
  ChartColumn,
  CreditCard,
  LayoutDashboard,
  Megaphone,
  PlugZap,
  QrCode,
  Store,
  Users,
  WalletCards,
  Workflow,
} from 'lucide-react';
import { SidebarLayout, type SidebarItem } from './sidebar-layout';

/** SPEC.md's vendor sidebar, plus Issue Stamp (PRODUCT.md section 4: stamping is real), Automations (decision 044), Campaigns (decision 045) and API & Webhooks (decision 035). */
export const VENDOR_NAV: readonly SidebarItem[] = [
  { label: 'Dashboard', to: '/vendor', icon: LayoutDashboard },
  { label: 'My Cards', to: '/vendor/cards', icon: WalletCards },
  { label: 'Issue Stamp', to: '/vendor/issue-stamp', icon: QrCode },
  { label: 'Analytics', to: '/vendor/analytics', icon: ChartColumn },
  { label: 'Customers', to: '/vendor/customers', icon: Users },
  { label: 'Automations', to: '/vendor/automations', icon: Workflow },
  { label: 'Campaigns', to: '/vendor/campaigns', icon: Megaphone },
  { label: 'Profile', to: '/vendor/profile', icon: Store },
  { label: 'Billing', to: '/vendor/billing', icon: CreditCard },
  { label: 'API & Webhooks', to: '/vendor/api', icon: PlugZap },
];

export function VendorLayout() {
  return <SidebarLayout area="Vendor" items={VENDOR_NAV} />;
}
