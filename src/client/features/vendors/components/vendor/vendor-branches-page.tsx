import { zodResolver } from '@hookform/resolvers/zod';
import { MapPin, Plus } from 'lucide-react';
import { useState } from 'react';
import { useController, useForm, type Control } from 'react-hook-form';
import { Link } from 'react-router';
import { useTranslation } from '@client/lib/translation';
import { isUnlimited } from '@shared/billing/plans';
import type { MapTiles } from '@shared/marketplace/marketplace';
import {
  CITY_CENTRES,
  branchInputSchema,
  type Branch,
  type BranchFields,
  type BranchInput,
} from '@shared/vendors/branches';
import { defaultOpeningHours } from '@shared/vendors/vendors';
import type { City } from '@shared/places';
import { Badge } from '@client/components/ui/badge';
import { Banner } from '@client/components/ui/banner';
import { Button, buttonClassName } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { FormField, Input, Select } from '@client/components/ui/form-field';
import { PageHeader } from '@client/components/ui/page-header';
import { CityOptions, cityName } from '@client/components/place-options';
import { LazyBranchMap } from '@client/components/maps/lazy-branch-map';
import { ApprovedVendorGuard, CenteredSpinner } from '@client/components/vendor-area/approved-vendor-guard';
import { showFieldErrors } from '@client/lib/form-errors';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useBranches } from '@client/components/vendor-area/use-vendor-branches';
import { useChangeBranch } from '@client/features/vendors/api/manage-branches';
import { OpeningHoursFields } from './opening-hours-fields';
import { BranchAddressSearch } from './branch-address-search';

type Editing = { kind: 'add' } | { kind: 'edit'; branch: Branch };
type Notice = { tone: 'success' | 'error'; text: string };

/** The pin field: the map's draggable pin, with its degrees written under it (left to right in Urdu). */
function PinField({
  control,
  tiles,
  addressSearch,
}: {
  control: Control<BranchInput, unknown, BranchFields>;
  tiles: MapTiles;
  addressSearch: boolean;
}) {
  const { t } = useTranslation('vendor');
  const { field, fieldState } = useController({ control, name: 'position' });
  const position = field.value;
  const error = fieldState.error as { message?: string; latitude?: { message?: string } } | undefined;
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold text-stone-900">{t('vendor:branches.pin')}</legend>
      <p className="text-sm text-stone-600">{t('vendor:branches.pinHint')}</p>
      {addressSearch ? <BranchAddressSearch onChoose={(next) => field.onChange(next)} /> : null}
      <LazyBranchMap
        tiles={tiles}
        label={t('vendor:branches.mapLabel')}
        pins={position ? [{ id: 'pin', label: t('vendor:branches.pin'), position }] : []}
        onMove={(next) => field.onChange(next)}
      />
      {position ? (
        <p dir="ltr" className="text-end text-xs text-stone-600 rtl:text-start" data-testid="branch-pin-degrees">
          {position.latitude}, {position.longitude}
        </p>
      ) : null}
      {error?.message || error?.latitude?.message ? (
        <p role="alert" className="text-sm text-red-700">
          {error.message ?? error.latitude?.message}
        </p>
      ) : null}
    </fieldset>
  );
}

function valuesOf(editing: Editing, mainCity: City): BranchInput {
  if (editing.kind === 'edit') {
    const { branch } = editing;
    return {
      name: branch.name,
      address: branch.address,
      city: branch.city as City,
      area: branch.area,
      position: branch.position ?? CITY_CENTRES[branch.city as City] ?? CITY_CENTRES[mainCity],
      phone: branch.phone,
      whatsapp: branch.whatsapp,
      openingHours: branch.openingHours ?? defaultOpeningHours(),
    };
  }
  return {
    name: '',
    address: '',
    city: mainCity,
    area: '',
    position: CITY_CENTRES[mainCity],
    phone: '',
    whatsapp: '',
    openingHours: defaultOpeningHours(),
  };
}

function BranchForm({
  editing,
  mainCity,
  tiles,
  addressSearch,
  onDone,
}: {
  editing: Editing;
  mainCity: City;
  tiles: MapTiles;
  addressSearch: boolean;
  onDone: (notice: Notice | null) => void;
}) {
  const { t } = useTranslation('vendor');
  const change = useChangeBranch();
  const form = useForm<BranchInput, unknown, BranchFields>({
    resolver: zodResolver(branchInputSchema),
    defaultValues: valuesOf(editing, mainCity),
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (branch) => {
    try {
      const saved = await change.mutateAsync(
        editing.kind === 'add' ? { kind: 'add', branch } : { kind: 'update', id: editing.branch.id, branch },
      );
      onDone({ tone: 'success', text: t('vendor:branches.saved', { name: saved.name }) });
    } catch (error) {
      showFieldErrors(form.setError, error);
    }
  });
  const title =
    editing.kind === 'add'
      ? t('vendor:branches.formAdd')
      : t('vendor:branches.formEdit', { name: editing.branch.name });
  return (
    <Card title={title}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
        <fieldset disabled={change.isPending} className="flex min-w-0 flex-col gap-5">
          {editing.kind === 'edit' && editing.branch.isMain ? (
            <Banner tone="info">{t('vendor:branches.mainHint')}</Banner>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t('vendor:branches.name')} error={errors.name?.message}>
              <Input {...form.register('name')} placeholder={t('vendor:branches.namePlaceholder')} />
            </FormField>
            <FormField label={t('vendor:profile.street')} error={errors.address?.message}>
              <Input {...form.register('address')} />
            </FormField>
            <FormField label={t('vendor:profile.city')} error={errors.city?.message}>
              <Select {...form.register('city')}>
                <CityOptions />
              </Select>
            </FormField>
            <FormField label={t('vendor:profile.area')} error={errors.area?.message}>
              <Input {...form.register('area')} />
            </FormField>
            <FormField label={t('vendor:profile.phone')} error={errors.phone?.message}>
              <Input type="tel" dir="ltr" {...form.register('phone')} />
            </FormField>
            <FormField label={t('vendor:profile.whatsapp')} error={errors.whatsapp?.message}>
              <Input type="tel" dir="ltr" {...form.register('whatsapp')} />
            </FormField>
          </div>
          <PinField control={form.control} tiles={tiles} addressSearch={addressSearch} />
          <OpeningHoursFields form={form} />
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={change.isPending}>
            {t('vendor:branches.save')}
          </Button>
          <Button type="button" variant="outline" onClick={() => onDone(null)} disabled={change.isPending}>
            {t('vendor:branches.cancel')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function BranchRow({
  branch,
  isOwner,
  onEdit,
  onArchive,
  onResume,
}: {
  branch: Branch;
  isOwner: boolean;
  onEdit: () => void;
  onArchive: () => void;
  onResume: () => void;
}) {
  const { t } = useTranslation('vendor');
  const open = branch.archivedAt === null;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-4" data-testid="branch-row">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span dir="auto" className="font-semibold text-stone-900">
            {branch.name}
          </span>
          {branch.isMain ? <Badge tone="orange">{t('vendor:branches.main')}</Badge> : null}
          {branch.status === 'paused' && open ? <Badge>{t('vendor:branches.paused')}</Badge> : null}
          {!open ? <Badge>{t('vendor:branches.archived')}</Badge> : null}
        </p>
        <p dir="auto" className="mt-1 flex items-center gap-1 text-sm text-stone-700">
          <MapPin aria-hidden="true" className="size-4 shrink-0" />
          {branch.address}, {branch.area}, {cityName(branch.city, t)}
        </p>
        <p className="mt-1 text-xs text-stone-600">{t('vendor:branches.stamps', { count: branch.stamps })}</p>
      </div>
      {isOwner && open ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={onEdit}>
            {t('vendor:branches.edit')}
            <span className="sr-only"> {branch.name}</span>
          </Button>
          {branch.status === 'paused' ? (
            <Button size="sm" variant="outline" onClick={onResume}>
              {t('vendor:branches.resume')}
              <span className="sr-only"> {branch.name}</span>
            </Button>
          ) : null}
          {branch.isMain ? null : (
            <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50" onClick={onArchive}>
              {t('vendor:branches.archive')}
              <span className="sr-only"> {branch.name}</span>
            </Button>
          )}
        </div>
      ) : null}
    </li>
  );
}

function BranchesContent({ isOwner }: { isOwner: boolean }) {
  const { t } = useTranslation('vendor');
  const branches = useBranches();
  const change = useChangeBranch();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [archiving, setArchiving] = useState<Branch | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  if (branches.isPending) return <CenteredSpinner />;
  if (branches.isError)
    return (
      <Banner tone="error" title={t('vendor:branches.loadFailed')}>
        {branches.error.message}
      </Banner>
    );
  const { branches: list, maxBranches, mapTiles, addressSearch } = branches.data;
  const active = list.filter((branch) => branch.status === 'active' && branch.archivedAt === null).length;
  const full = !isUnlimited(maxBranches) && active >= maxBranches;
  const mainCity = (list.find((branch) => branch.isMain)?.city ?? 'Lahore') as City;
  const run = (request: Parameters<typeof change.mutateAsync>[0], success: (name: string) => string) =>
    change.mutateAsync(request).then(
      (saved) => setNotice({ tone: 'success', text: success(saved.name) }),
      (error: Error) => setNotice({ tone: 'error', text: error.message }),
    );

  return (
    <div className="flex flex-col gap-6">
      {notice ? (
        <Banner tone={notice.tone} role="status">
          {notice.text}
        </Banner>
      ) : null}
      {editing ? (
        <BranchForm
          key={editing.kind === 'add' ? 'add' : editing.branch.id}
          editing={editing}
          mainCity={mainCity}
          tiles={mapTiles}
          addressSearch={addressSearch}
          onDone={(done) => {
            setEditing(null);
            setNotice(done);
          }}
        />
      ) : null}
      <Card
        title={t('vendor:branches.title')}
        description={
          isUnlimited(maxBranches)
            ? t('vendor:branches.usageUnlimited', { active })
            : t('vendor:branches.usage', { active, limit: maxBranches })
        }
      >
        {isOwner && !editing ? (
          full ? (
            <p className="flex flex-wrap items-center gap-3 text-sm text-stone-700">
              {t('vendor:branches.full')}
              <Link to="/vendor/billing" className={buttonClassName('outline', 'sm')}>
                {t('vendor:branches.upgrade')}
              </Link>
            </p>
          ) : (
            <Button
              onClick={() => {
                setNotice(null);
                setEditing({ kind: 'add' });
              }}
            >
              <Plus aria-hidden="true" /> {t('vendor:branches.add')}
            </Button>
          )
        ) : null}
        <ul className="divide-y divide-stone-100">
          {list.map((branch) => (
            <BranchRow
              key={branch.id}
              branch={branch}
              isOwner={isOwner}
              onEdit={() => {
                setNotice(null);
                setEditing({ kind: 'edit', branch });
              }}
              onArchive={() => setArchiving(branch)}
              onResume={() =>
                void run({ kind: 'resume', id: branch.id }, (name) => t('vendor:branches.resumed', { name }))
              }
            />
          ))}
        </ul>
      </Card>
      <ConfirmDialog
        open={archiving !== null}
        onOpenChange={(open) => (open ? undefined : setArchiving(null))}
        title={t('vendor:branches.archiveTitle', { name: archiving?.name ?? '' })}
        text={t('vendor:branches.archiveText')}
        confirmLabel={t('vendor:branches.archive')}
        tone="danger"
        busy={change.isPending}
        onConfirm={() => {
          if (!archiving) return;
          void run({ kind: 'archive', id: archiving.id }, (name) => t('vendor:branches.archivedNotice', { name })).then(
            () => setArchiving(null),
          );
        }}
      />
    </div>
  );
}

/** /vendor/branches (decision 084): the owner's shops, each placed on the map; staff read them. */
export function VendorBranchesPage() {
  const { t } = useTranslation('vendor');
  useDocumentTitle(t('vendor:branches.title'));
  return (
    <>
      <PageHeader title={t('vendor:branches.title')} description={t('vendor:branches.description')} />
      <ApprovedVendorGuard>
        {(member) => <BranchesContent isOwner={member.membership.role === 'owner'} />}
      </ApprovedVendorGuard>
    </>
  );
}
