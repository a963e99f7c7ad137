import { eq } from 'drizzle-orm';
import type { VendorProfile, VendorProfileResponse } from '@shared/vendors/vendor-profile';
import { defaultOpeningHours, withWebScheme } from '@shared/vendors/vendors';
import type { City, VendorCategory } from '@shared/places';
import type { Database } from '@server/db/client';
import { vendors } from '@server/db/schema';
import { recordAudit, type AuditActor } from '@server/lib/record-audit';
import { cheapestPlanWithQrStyle, featureNeedsPlanMessage, planAllowsQrStyle } from '@shared/billing/plans';
import { qrColoursProblem, STANDARD_QR_COLOURS } from '@shared/stamps/qr-style';
import { invalidFields, planRequired } from '@server/errors';
import { lockOpenVendor, planOf, type VendorRow } from '@server/modules/billing/vendor-plan';
import { applyAfterChange } from '@server/lib/after-change';

function presentProfile(vendor: VendorRow): VendorProfileResponse {
  return {
    profile: {
      businessName: vendor.businessName,
      businessCategory: vendor.businessCategory as VendorCategory,
      businessDescription: vendor.businessDescription ?? '',
      website: vendor.website ?? '',
      contactPerson: vendor.contactPerson ?? '',
      contactEmail: vendor.contactEmail ?? '',
      phone: vendor.phone,
      whatsapp: vendor.whatsapp ?? '',
      address: vendor.address,
      city: vendor.city as City,
      area: vendor.area,
      shopLocation:
        vendor.latitude !== null && vendor.longitude !== null
          ? { latitude: vendor.latitude, longitude: vendor.longitude }
          : null,
      openingHours: vendor.openingHours ?? defaultOpeningHours(),
      facebookPage: vendor.facebookPage ?? '',
      instagramHandle: vendor.instagramHandle ? `@${vendor.instagramHandle}` : '',
      twitterHandle: vendor.twitterHandle ? `@${vendor.twitterHandle}` : '',
      allowFeature: vendor.allowFeature,
      allowPromotions: vendor.allowPromotions,
      wantsMarketingTips: vendor.wantsMarketingTips,
      wantsPlatformUpdates: vendor.wantsPlatformUpdates,
      stampByPhone: vendor.stampByPhone,
      maxStampsPerVisit: vendor.maxStampsPerVisit,
      qrForeground: vendor.qrForeground ?? '',
      qrBackground: vendor.qrBackground ?? '',
    },
    slug: vendor.slug,
    logo: vendor.logo,
    qrStyle: planOf(vendor).limits.qrStyle,
    status: vendor.status,
    closedAt: vendor.closedAt?.toISOString() ?? null,
  };
}

export { presentProfile as presentVendorProfile };

const orNull = (value: string) => (value === '' ? null : value);
const colour = (value: string) => orNull(value.toLowerCase());
/** Six decimals are a tenth of a metre: more is a phone's noise, not the shop's place. */
const pinDegrees = (value: number | undefined) => (value === undefined ? null : Math.round(value * 1e6) / 1e6);
/** Handles are stored bare ("chaskapk"); the @ is for display. */
const handle = (value: string) => orNull(value.replace(/^@/, ''));

/**
 * QR colours are a Standard-plan feature that must still scan. A lower plan may send back the
 * colours already stored (kept from a higher plan, unused while on it) but not change them.
 */
function checkQrColours(vendor: VendorRow, profile: VendorProfile): void {
  const foreground = colour(profile.qrForeground);
  const background = colour(profile.qrBackground);
  if (foreground === vendor.qrForeground && background === vendor.qrBackground) return;
  if (!planAllowsQrStyle(planOf(vendor).limits, 'custom')) {
    const message = featureNeedsPlanMessage(cheapestPlanWithQrStyle('custom'));
    throw planRequired(message, { qrForeground: message });
  }
  const problem = qrColoursProblem(
    foreground ?? STANDARD_QR_COLOURS.foreground,
    background ?? STANDARD_QR_COLOURS.background,
  );
  if (problem) throw invalidFields(problem.message, { [problem.field]: problem.message });
}

/** Saves every profile field; the public vendor page reads the same columns. The slug never changes, so shared links keep working. */
export async function updateVendorProfile(
  db: Database,
  { vendorId, actor, profile }: { vendorId: string; actor: AuditActor; profile: VendorProfile },
  now: Date,
): Promise<VendorProfileResponse> {
  return db.transaction(async (tx) => {
    const before = await lockOpenVendor(tx, vendorId);
    checkQrColours(before, profile);
    const [vendor] = await tx
      .update(vendors)
      .set({
        businessName: profile.businessName,
        businessCategory: profile.businessCategory,
        businessDescription: orNull(profile.businessDescription),
        website: orNull(withWebScheme(profile.website)),
        contactPerson: orNull(profile.contactPerson),
        contactEmail: orNull(profile.contactEmail.toLowerCase()),
        phone: profile.phone,
        whatsapp: orNull(profile.whatsapp),
        address: profile.address,
        city: profile.city,
        area: profile.area,
        latitude: pinDegrees(profile.shopLocation?.latitude),
        longitude: pinDegrees(profile.shopLocation?.longitude),
        openingHours: profile.openingHours,
        facebookPage: orNull(withWebScheme(profile.facebookPage)),
        instagramHandle: handle(profile.instagramHandle),
        twitterHandle: handle(profile.twitterHandle),
        allowFeature: profile.allowFeature,
        allowPromotions: profile.allowPromotions,
        wantsMarketingTips: profile.wantsMarketingTips,
        wantsPlatformUpdates: profile.wantsPlatformUpdates,
        stampByPhone: profile.stampByPhone,
        maxStampsPerVisit: profile.maxStampsPerVisit,
        qrForeground: colour(profile.qrForeground),
        qrBackground: colour(profile.qrBackground),
        updatedAt: now,
      })
      .where(eq(vendors.id, vendorId))
      .returning();
    // The Wallet passes show the vendor's name and address (after-change effects).
    const changedFields = (['businessName', 'address', 'city', 'latitude', 'longitude'] as const).filter(
      (field) => vendor![field] !== before[field],
    );
    await applyAfterChange(tx, 'vendor.changed', { vendorId, changedFields, now });
    await recordAudit(tx, {
      actor,
      action: 'vendor.profile_update',
      targetType: 'vendor',
      targetId: vendorId,
      vendorId,
    });
    return presentProfile(vendor!);
  });
}
