import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@client/lib/translation';
import { formatLongDate } from '@shared/pakistan-time';
import { staffInviteSchema, type StaffInviteInput } from '@shared/vendors/vendor-profile';
import { Badge } from '@client/components/ui/badge';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { FormField, Input } from '@client/components/ui/form-field';
import { Spinner } from '@client/components/ui/spinner';
import { useStaff } from '@client/features/vendors/api/get-staff';
import { useChangeStaff, type StaffChange } from '@client/features/vendors/api/manage-staff';
import { useChoosableBranches } from '@client/components/vendor-area/use-vendor-branches';
import { BranchChoice } from '@client/components/vendor-area/branch-choice';
import { branchNames } from '@client/components/vendor-area/branch-names';

/** The owner's team: invite by e-mail, list members and open invitations, remove staff. */
export function StaffSection() {
  const { t } = useTranslation('vendor');
  const staff = useStaff(true);
  const change = useChangeStaff();
  const form = useForm<StaffInviteInput>({ resolver: zodResolver(staffInviteSchema), defaultValues: { email: '' } });
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [removing, setRemoving] = useState<{ userId: string; name: string } | null>(null);
  // A chain places each staff member at their branches (decision 089); one shop has nothing to choose.
  const branches = useChoosableBranches();
  const [placing, setPlacing] = useState<{ userId: string; name: string; branchIds: string[] | null } | null>(null);
  const [placeError, setPlaceError] = useState<string | undefined>(undefined);

  const run = (request: StaffChange, success: string) =>
    change.mutateAsync(request).then(
      () => setNotice({ tone: 'success', text: success }),
      (error: Error) => setNotice({ tone: 'error', text: error.message }),
    );

  const invite = form.handleSubmit(async ({ email }) => {
    await run({ kind: 'invite', email }, t('vendor:staff.invited', { email }));
    form.reset();
  });

  return (
    <Card title={t('vendor:staff.title')} description={t('vendor:staff.description')}>
      <div className="flex flex-col gap-5">
        <form
          noValidate
          onSubmit={(event) => void invite(event)}
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
        >
          <FormField
            label={t('vendor:staff.inviteLabel')}
            className="flex-1"
            error={form.formState.errors.email?.message}
          >
            <Input
              type="email"
              autoComplete="off"
              {...form.register('email')}
              placeholder={t('vendor:staff.invitePlaceholder')}
            />
          </FormField>
          <Button type="submit" busy={change.isPending && change.variables?.kind === 'invite'}>
            {t('vendor:staff.send')}
          </Button>
        </form>
        {notice ? <Banner tone={notice.tone}>{notice.text}</Banner> : null}
        {staff.isPending ? (
          <Spinner label={t('vendor:staff.loading')} />
        ) : staff.isError ? (
          <Banner tone="error">{staff.error.message}</Banner>
        ) : (
          <>
            <ul className="divide-y divide-stone-100">
              {staff.data.members.map((member) => (
                <li key={member.userId} className="flex flex-wrap items-center justify-between gap-2 py-2.5 text-sm">
                  <span className="min-w-0">
                    <span className="block font-medium text-stone-900">{member.name}</span>
                    <span className="block text-stone-600">
                      {t('vendor:staff.since', { email: member.email, date: formatLongDate(member.joinedAt) })}
                    </span>
                    {branches.length > 1 ? (
                      <span className="block text-stone-700">
                        {t('vendor:staff.worksAt', {
                          branches: branchNames(member.branchIds, branches, t('vendor:branchChoice.every')),
                        })}
                      </span>
                    ) : null}
                  </span>
                  {member.role === 'owner' ? (
                    <Badge tone="orange">{t('vendor:staff.owner')}</Badge>
                  ) : (
                    <span className="flex flex-wrap gap-1">
                      {branches.length > 1 ? (
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => {
                            setPlaceError(undefined);
                            setPlacing({ userId: member.userId, name: member.name, branchIds: member.branchIds });
                          }}
                        >
                          {t('vendor:staff.editBranches')}
                        </Button>
                      ) : null}
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-red-700 hover:bg-red-50"
                        onClick={() => setRemoving({ userId: member.userId, name: member.name })}
                      >
                        {t('vendor:staff.remove')}
                      </Button>
                    </span>
                  )}
                </li>
              ))}
            </ul>
            {staff.data.invitations.length > 0 ? (
              <div>
                <h3 className="mb-1 text-sm font-semibold text-stone-900">{t('vendor:staff.pending')}</h3>
                <ul className="divide-y divide-stone-100">
                  {staff.data.invitations.map((invitation) => (
                    <li
                      key={invitation.id}
                      className="flex flex-wrap items-center justify-between gap-2 py-2.5 text-sm"
                    >
                      <span>
                        {invitation.email}{' '}
                        <span className="text-stone-600">
                          {t('vendor:staff.expires', { date: formatLongDate(invitation.expiresAt) })}
                        </span>
                      </span>
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() =>
                          void run(
                            { kind: 'revoke', invitationId: invitation.id },
                            t('vendor:staff.withdrawn', { email: invitation.email }),
                          )
                        }
                      >
                        {t('vendor:staff.withdraw')}
                      </Button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </>
        )}
      </div>
      <ConfirmDialog
        open={placing !== null}
        onOpenChange={(open) => !open && setPlacing(null)}
        title={t('vendor:staff.branchesTitle', { name: placing?.name ?? '' })}
        text={t('vendor:staff.branchesText')}
        confirmLabel={t('vendor:staff.saveBranches')}
        busy={change.isPending && change.variables?.kind === 'branches'}
        onConfirm={() => {
          if (!placing) return;
          change.mutateAsync({ kind: 'branches', userId: placing.userId, branchIds: placing.branchIds }).then(
            () => {
              setNotice({ tone: 'success', text: t('vendor:staff.branchesSaved', { name: placing.name }) });
              setPlacing(null);
            },
            (error: Error) => setPlaceError(error.message),
          );
        }}
      >
        {placing ? (
          <BranchChoice
            legend={t('vendor:staff.branchesLegend')}
            branches={branches}
            value={placing.branchIds}
            onChange={(branchIds) => setPlacing({ ...placing, branchIds })}
            error={placeError}
          />
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('vendor:staff.removeTitle', { name: removing?.name ?? '' })}
        text={t('vendor:staff.removeText')}
        confirmLabel={t('vendor:staff.remove')}
        tone="danger"
        busy={change.isPending && change.variables?.kind === 'remove'}
        onConfirm={() => {
          if (!removing) return;
          void run(
            { kind: 'remove', userId: removing.userId },
            t('vendor:staff.removed', { name: removing.name }),
          ).then(() => setRemoving(null));
        }}
      />
    </Card>
  );
}
