import { Search } from 'lucide-react';
import { useState } from 'react';
import { ADDRESS_SEARCH_MAX, type AddressMatch } from '@shared/vendors/branches';
import { Button } from '@client/components/ui/button';
import { FormField, Input } from '@client/components/ui/form-field';
import { useSearchBranchAddress } from '@client/features/vendors/api/search-branch-address';
import { useTranslation } from '@client/lib/translation';

/**
 * The branch form's address search (decision 084), shown where the server has a geocoder: the
 * owner types an address, the server asks the geocoder, and choosing a place moves the pin, which
 * they can still drag to the door.
 */
export function BranchAddressSearch({ onChoose }: { onChoose: (position: AddressMatch['position']) => void }) {
  const { t } = useTranslation('vendor');
  const search = useSearchBranchAddress();
  const [text, setText] = useState('');
  const find = () => {
    search.reset();
    search.mutate(text);
  };
  const matches = search.data?.matches;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end gap-2">
        <FormField label={t('vendor:branches.search')} className="min-w-0 flex-1" error={search.error?.message}>
          <Input
            type="search"
            value={text}
            maxLength={ADDRESS_SEARCH_MAX}
            placeholder={t('vendor:branches.searchPlaceholder')}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              // Enter searches here instead of saving the branch form around it.
              if (event.key === 'Enter') {
                event.preventDefault();
                find();
              }
            }}
          />
        </FormField>
        <Button type="button" variant="outline" busy={search.isPending} onClick={find}>
          <Search aria-hidden="true" className="size-4" />
          {t('vendor:branches.searchButton')}
        </Button>
      </div>
      {matches && matches.length === 0 ? (
        <p role="status" className="text-sm text-stone-700">
          {t('vendor:branches.searchNone')}
        </p>
      ) : null}
      {matches && matches.length > 0 ? (
        <ul aria-label={t('vendor:branches.searchResults')} className="flex flex-col gap-1">
          {matches.map((match) => (
            <li key={`${match.position.latitude},${match.position.longitude},${match.label}`}>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="h-auto w-full justify-start text-start whitespace-normal"
                onClick={() => {
                  onChoose(match.position);
                  search.reset();
                }}
              >
                {match.label}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
