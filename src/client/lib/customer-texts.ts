import customerTexts from '@shared/i18n/en/customer';
import { registerCatalogue } from '@client/lib/i18n';

// The customer's screens (dashboard, scanner, My QR, reward page, application status) share one
// namespace; its texts travel in those screens' chunks, whichever feature they belong to.
registerCatalogue('customer', customerTexts);
