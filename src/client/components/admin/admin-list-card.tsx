import type { ReactNode } from 'react';
import { formatNumber } from '@shared/number-format';
import { Card } from '@client/components/ui/card';
import { useTranslation } from '@client/lib/translation';
import '@client/lib/admin-texts';

/** The panel of a searchable admin list, saying how many rows match once the count is known. */
export function AdminListCard({ title, total, children }: { title: string; total?: number; children: ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <Card
      title={title}
      description={total !== undefined ? t('admin:users.matching', { total: formatNumber(total) }) : undefined}
      flush
    >
      {children}
    </Card>
  );
}
