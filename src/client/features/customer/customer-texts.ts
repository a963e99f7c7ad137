import customerTexts from '@shared/i18n/en/customer';
import { registerCatalogue } from '@client/lib/i18n';

// The dashboard's texts travel in its own chunks (imported by the dashboard's modules).
registerCatalogue('customer', customerTexts);
