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
import { useTranslation } from '@client/lib/translation';
import '@client/lib/vendor-texts';
import { SidebarLayout, type SidebarItem } from './sidebar-layout';

/** SPEC.md's vendor sidebar, plus Issue Stamp (PRODUCT.md section 4: stamping is real), Automations (decision 044), Campaigns (decision 045) and API & Webhooks (decision 035). */
export const VENDOR_NAV = [
  { labelKey: 'vendor:nav.dashboard', to: '/vendor', icon: LayoutDashboard },
  { labelKey: 'vendor:nav.cards', to: '/vendor/cards', icon: WalletCards },
  { labelKey: 'vendor:nav.issueStamp', to: '/vendor/issue-stamp', icon: QrCode },
  { labelKey: 'vendor:nav.analytics', to: '/vendor/analytics', icon: ChartColumn },
  { labelKey: 'vendor:nav.customers', to: '/vendor/customers', icon: Users },
  { labelKey: 'vendor:nav.automations', to: '/vendor/automations', icon: Workflow },
  { labelKey: 'vendor:nav.campaigns', to: '/vendor/campaigns', icon: Megaphone },
  { labelKey: 'vendor:nav.profile', to: '/vendor/profile', icon: Store },
  { labelKey: 'vendor:nav.billing', to: '/vendor/billing', icon: CreditCard },
  { labelKey: 'vendor:nav.api', to: '/vendor/api', icon: PlugZap },
] as const satisfies ReadonlyArray<Omit<SidebarItem, 'label'> & { labelKey: string }>;

export function VendorLayout() {
  const { t } = useTranslation('vendor');
  const items = VENDOR_NAV.map(({ labelKey, ...item }): SidebarItem => ({ ...item, label: t(labelKey) }));
  return <SidebarLayout area={t('vendor:nav.area')} items={items} />;
}
