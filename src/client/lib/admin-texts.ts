import adminTexts from '@shared/i18n/en/admin';
import { registerCatalogue } from '@client/lib/i18n';

// The admin area's texts (sidebar, dashboard, users, vendors, cards, applications, e-mails, SEO,
// text editor) travel in the admin screens' chunks: the admin layout and each admin screen import this module.
registerCatalogue('admin', adminTexts);
