import { createElement, type CSSProperties, type ReactNode } from 'react';
import { BRAND } from '@shared/brand';
import { CATEGORY_LOGOS } from '@shared/marketplace/marketplace-display';
import { businessInitials } from '@shared/stamps/qr-style';
import type { CardShareSubject, VendorShareSubject } from './share-subjects';
import {
  cardDealPrice,
  cardDealTerms,
  cardMembershipLine,
  cardRewardLine,
  SITE_IMAGE_WORDS,
  vendorPlaceLine,
} from './share-wording';

/*
 * The pictures of a share, as layouts for render-png.ts: the brand's image, a vendor's and a
 * card's link previews (1200 x 630), and the square post of today's deal (1080 x 1080). Every
 * text is cut to a length (and clamped to lines) so that no data can make a layout grow.
 */

const COLOURS = {
  paper: '#fff8ed',
  ink: '#1c1917',
  muted: '#57534e',
  brand: '#bc4509',
  brandDark: '#7a2f10',
  brandSoft: '#ffefd4',
  white: '#ffffff',
} as const;

/** The logo box: the vendor's emoji when Twemoji can draw it, else its initials. */
export interface LogoMark {
  emoji: string | null;
  initials: string;
}

/**
 * The vendor's logo if Twemoji draws it; else its category's emoji when its name has no Latin
 * letter for initials (an Urdu name); else its initials.
 */
export function logoMark(
  vendor: Pick<VendorShareSubject, 'logo' | 'businessName' | 'businessCategory'>,
  drawable: boolean,
): LogoMark {
  const initials = businessInitials(vendor.businessName);
  if (drawable) return { emoji: vendor.logo, initials };
  return { emoji: initials === '?' ? CATEGORY_LOGOS[vendor.businessCategory] : null, initials };
}

/** At most `max` characters, cut at a word where one is near, with an ellipsis. */
export function clip(text: string, max: number): string {
  const chars = [...text.trim().replace(/\s+/g, ' ')];
  if (chars.length <= max) return chars.join('');
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

function box(style: CSSProperties, ...children: ReactNode[]): ReactNode {
  return createElement('div', { style: { display: 'flex', ...style } }, ...children);
}

function text(style: CSSProperties, value: string, lines = 1): ReactNode {
  return createElement(
    'div',
    { style: { display: 'block', lineClamp: lines, overflow: 'hidden', textOverflow: 'ellipsis', ...style } },
    value,
  );
}

function page(size: { width: number; height: number }, ...children: ReactNode[]): ReactNode {
  return box(
    {
      width: size.width,
      height: size.height,
      flexDirection: 'column',
      backgroundColor: COLOURS.paper,
      color: COLOURS.ink,
      fontFamily: 'Noto Sans, Noto Sans Arabic',
    },
    ...children,
  );
}

function logo(mark: LogoMark, size: number): ReactNode {
  return box(
    {
      width: size,
      height: size,
      flexShrink: 0,
      alignItems: 'center',
      justifyContent: 'center',
      borderRadius: size * 0.22,
      backgroundColor: COLOURS.white,
      border: `4px solid ${COLOURS.brandSoft}`,
      fontSize: mark.emoji ? size * 0.62 : size * 0.38,
      fontWeight: 700,
      color: COLOURS.brand,
    },
    mark.emoji ?? mark.initials,
  );
}

/** The strip along the bottom: the brand and where to find the vendor. */
function footer(height: number, left: string, right: string): ReactNode {
  return box(
    {
      height,
      flexShrink: 0,
      alignItems: 'center',
      justifyContent: 'space-between',
      padding: '0 56px',
      backgroundColor: COLOURS.brand,
      color: COLOURS.white,
      fontSize: height * 0.36,
    },
    text({ fontWeight: 700, flexShrink: 0 }, left),
    text({ flex: 1, minWidth: 0, marginLeft: 48, textAlign: 'right', fontSize: height * 0.3 }, right),
  );
}

function vendorHeading(vendor: VendorShareSubject, mark: LogoMark, scale: number): ReactNode {
  return box(
    { alignItems: 'center', gap: 28 * scale },
    logo(mark, 120 * scale),
    box(
      { flexDirection: 'column', minWidth: 0, flex: 1 },
      text({ fontSize: 40 * scale, fontWeight: 700 }, clip(vendor.businessName, 60)),
      text({ fontSize: 28 * scale, color: COLOURS.muted }, clip(vendorPlaceLine(vendor), 80)),
    ),
  );
}

function priceBlock(card: CardShareSubject, scale: number): ReactNode {
  const deal = cardDealPrice(card);
  if (!deal) {
    return text(
      { fontSize: 48 * scale, fontWeight: 700, color: COLOURS.brand },
      clip(cardMembershipLine(card) ?? cardRewardLine(card), 80),
      2,
    );
  }
  return box(
    { alignItems: 'center', gap: 28 * scale, flexWrap: 'wrap' },
    text({ fontSize: 96 * scale, fontWeight: 700, color: COLOURS.brand }, deal.price),
    deal.was ? text({ fontSize: 44 * scale, color: COLOURS.muted, textDecoration: 'line-through' }, deal.was) : null,
    deal.saving
      ? box(
          {
            padding: `${8 * scale}px ${22 * scale}px`,
            borderRadius: 999,
            backgroundColor: COLOURS.brandDark,
            color: COLOURS.white,
            fontSize: 36 * scale,
            fontWeight: 700,
          },
          deal.saving,
        )
      : null,
  );
}

/** A price or a membership fee takes the big line; the reward then follows it. */
function rewardBelowPrice(card: CardShareSubject): boolean {
  return cardDealPrice(card) !== null || cardMembershipLine(card) !== null;
}

/** The brand's image: listing pages and vendors below social media integration. */
export function siteLayout(size: { width: number; height: number }): ReactNode {
  return box(
    {
      width: size.width,
      height: size.height,
      flexDirection: 'column',
      justifyContent: 'center',
      padding: '0 96px',
      backgroundColor: COLOURS.brand,
      color: COLOURS.white,
      fontFamily: 'Noto Sans',
    },
    text({ fontSize: 150, fontWeight: 700, lineHeight: 1.1 }, SITE_IMAGE_WORDS.title),
    text({ fontSize: 56, fontWeight: 700, color: COLOURS.brandSoft }, SITE_IMAGE_WORDS.tagline),
    text({ fontSize: 36, marginTop: 40, maxWidth: 900 }, SITE_IMAGE_WORDS.line, 2),
  );
}

/** A vendor page's preview: logo, name, where, what it is about. */
export function vendorLinkLayout(
  size: { width: number; height: number },
  vendor: VendorShareSubject,
  mark: LogoMark,
  address: string,
): ReactNode {
  return page(
    size,
    box(
      { flex: 1, alignItems: 'center', gap: 56, padding: '0 72px' },
      logo(mark, 220),
      box(
        { flexDirection: 'column', flex: 1, minWidth: 0, gap: 12 },
        text({ fontSize: 30, fontWeight: 700, color: COLOURS.brand }, clip(vendorPlaceLine(vendor), 60)),
        text({ fontSize: 72, fontWeight: 700, lineHeight: 1.1 }, clip(vendor.businessName, 60), 2),
        vendor.businessDescription
          ? text({ fontSize: 30, color: COLOURS.muted, lineHeight: 1.3 }, clip(vendor.businessDescription, 140), 2)
          : text({ fontSize: 30, color: COLOURS.muted }, `Collect stamps and earn rewards with ${BRAND.name}`),
      ),
    ),
    footer(96, BRAND.name, clip(address, 48)),
  );
}

/** What a card's picture shows: the card, its vendor's mark, the address printed, at this time. */
export interface CardPictureSubject {
  card: CardShareSubject;
  mark: LogoMark;
  address: string;
  now: Date;
}

/** A card's preview: the vendor, the card, its price or reward, how long and how many. */
export function cardLinkLayout(
  size: { width: number; height: number },
  { card, mark, address, now }: CardPictureSubject,
): ReactNode {
  const terms = cardDealTerms(card, now);
  return page(
    size,
    box(
      { flex: 1, flexDirection: 'column', justifyContent: 'center', gap: 18, padding: '0 72px' },
      vendorHeading(card.vendor, mark, 0.9),
      text({ fontSize: 60, fontWeight: 700, lineHeight: 1.15, marginTop: 12 }, clip(card.name, 70), 2),
      priceBlock(card, 0.85),
      rewardBelowPrice(card) ? text({ fontSize: 30, color: COLOURS.ink }, clip(cardRewardLine(card), 80)) : null,
      terms ? text({ fontSize: 28, color: COLOURS.muted }, terms) : null,
    ),
    footer(96, BRAND.name, clip(address, 48)),
  );
}

/** The square post of today's deal, for the vendor's WhatsApp status and Facebook page. */
export function todayDealSquareLayout(
  size: { width: number; height: number },
  { card, mark, address, now }: CardPictureSubject,
): ReactNode {
  const terms = cardDealTerms(card, now);
  return page(
    size,
    box(
      { flex: 1, flexDirection: 'column', justifyContent: 'center', gap: 28, padding: '0 80px' },
      vendorHeading(card.vendor, mark, 1.2),
      box(
        {
          alignSelf: 'flex-start',
          marginTop: 24,
          padding: '10px 26px',
          borderRadius: 999,
          backgroundColor: COLOURS.brandSoft,
          color: COLOURS.brandDark,
          fontSize: 34,
          fontWeight: 700,
        },
        cardDealPrice(card) ? "TODAY'S DEAL" : 'LOYALTY CARD',
      ),
      text({ fontSize: 76, fontWeight: 700, lineHeight: 1.12 }, clip(card.name, 70), 3),
      priceBlock(card, 1.2),
      rewardBelowPrice(card) ? text({ fontSize: 38 }, clip(cardRewardLine(card), 70), 2) : null,
      terms ? text({ fontSize: 36, color: COLOURS.muted }, terms) : null,
    ),
    footer(120, BRAND.name, clip(address, 40)),
  );
}
