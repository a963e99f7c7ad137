import marketplaceTexts from '@shared/i18n/en/marketplace';
import { registerCatalogue } from '@client/lib/i18n';

// The card listings' texts travel in their own chunks (imported by each listing module).
registerCatalogue('marketplace', marketplaceTexts);
