/** The share buttons of vendor pages and card tiles (decision 034); loaded with the buttons. */
export default {
  vendorText: '{{name}} in {{city}} on {{brand}}: collect stamps and earn rewards.',
  vendorLabel: 'Share {{name}}',
  cardText: '{{card}} at {{vendor}}, on {{brand}}',
  cardLabel: 'Share {{name}}',
  open: 'Share',
  whatsapp: 'WhatsApp',
  facebook: 'Facebook',
  copy: 'Copy link',
  copied: 'Link copied',
  copyFailed: 'Copying is blocked here. Copy the link yourself:',
  more: 'More…',
};
