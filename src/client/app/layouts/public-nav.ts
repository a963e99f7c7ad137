/** The public sections, shown in the header on wide screens and in the phone menu (labels: common catalogue). */
export const PUBLIC_NAV = [
  { labelKey: 'common:nav.vendorClubs', to: '/vendor-clubs' },
  { labelKey: 'common:nav.dailyChaska', to: '/daily-chaska' },
  { labelKey: 'common:nav.exclusive', to: '/exclusive' },
  { labelKey: 'common:nav.freeCards', to: '/free-cards' },
] as const;
