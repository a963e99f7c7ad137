import {
  Bot,
  Mails,
  ChartColumn,
  Crown,
  LayoutDashboard,
  Megaphone,
  PenLine,
  Plug,
  SearchCheck,
  Store,
  Users,
  WalletCards,
} from 'lucide-react';
import { useTranslation } from '@client/lib/translation';
import { RequireAdmin } from '@client/components/guards';
import '@client/lib/admin-texts';
import { SidebarLayout, type SidebarItem } from './sidebar-layout';

/** SPEC.md section 2, Admin area: these 11 entries in this order, then the e-mail outbox. */
export const ADMIN_NAV = [
  { labelKey: 'admin:nav.dashboard', to: '/admin', icon: LayoutDashboard },
  { labelKey: 'admin:nav.vendors', to: '/admin/vendors', icon: Store, aliases: ['/admin-vendors'] },
  { labelKey: 'admin:nav.users', to: '/admin/users', icon: Users },
  { labelKey: 'admin:nav.cards', to: '/admin/cards', icon: WalletCards },
  { labelKey: 'admin:nav.exclusives', to: '/admin/exclusives', icon: Crown },
  { labelKey: 'admin:nav.analytics', to: '/admin/analytics', icon: ChartColumn },
  { labelKey: 'admin:nav.seo', to: '/admin/seo', icon: SearchCheck },
  { labelKey: 'admin:nav.api', to: '/admin/api', icon: Plug },
  { labelKey: 'admin:nav.social', to: '/admin/social', icon: Megaphone },
  { labelKey: 'admin:nav.chat', to: '/admin/chat', icon: Bot },
  { labelKey: 'admin:nav.textEditor', to: '/admin/text-editor', icon: PenLine },
  // Not in SPEC.md's list: where admins read the e-mails the platform sent (PRODUCT.md section 6).
  { labelKey: 'admin:nav.emails', to: '/admin/emails', icon: Mails },
] as const satisfies ReadonlyArray<Omit<SidebarItem, 'label'> & { labelKey: string }>;

/** Every /admin page (and /admin-vendors) is for admins only; others go to /user. The API checks again. */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  const items = ADMIN_NAV.map(({ labelKey, ...item }): SidebarItem => ({ ...item, label: t(labelKey) }));
  return (
    <RequireAdmin>
      <SidebarLayout area={t('admin:nav.area')} items={items} />
    </RequireAdmin>
  );
}
