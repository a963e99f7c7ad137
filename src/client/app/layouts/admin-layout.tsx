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
import { RequireAdmin } from '@client/components/guards';
import { SidebarLayout, type SidebarItem } from './sidebar-layout';

/** SPEC.md section 2, Admin area: these 11 entries in this order, then the e-mail outbox. */
export const ADMIN_NAV: readonly SidebarItem[] = [
  { label: 'Dashboard', to: '/admin', icon: LayoutDashboard },
  { label: 'Vendors Management', to: '/admin/vendors', icon: Store, aliases: ['/admin-vendors'] },
  { label: 'Users Management', to: '/admin/users', icon: Users },
  { label: 'Cards Management', to: '/admin/cards', icon: WalletCards },
  { label: 'Exclusive Cards', to: '/admin/exclusives', icon: Crown },
  { label: 'Analytics & Reports', to: '/admin/analytics', icon: ChartColumn },
  { label: 'SEO Automation', to: '/admin/seo', icon: SearchCheck },
  { label: 'API Integrations', to: '/admin/api', icon: Plug },
  { label: 'Social Media Agent', to: '/admin/social', icon: Megaphone },
  { label: 'Chat Assistant', to: '/admin/chat', icon: Bot },
  { label: 'Global Text Editor', to: '/admin/text-editor', icon: PenLine },
  // Not in SPEC.md's list: where admins read the e-mails the platform sent (PRODUCT.md section 6).
  { label: 'Email Outbox', to: '/admin/emails', icon: Mails },
];

/** Every /admin page (and /admin-vendors) is for admins only; others go to /user. The API checks again. */
export function AdminLayout() {
  return (
    <RequireAdmin>
      <SidebarLayout area="Admin" items={ADMIN_NAV} />
    </RequireAdmin>
  );
}
