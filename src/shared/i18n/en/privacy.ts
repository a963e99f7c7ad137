/** The Privacy Policy (/privacy). Tags such as <preferences> and <mail> are the links the screen names. */
export default {
  title: 'Privacy Policy',
  description: 'How {{brand}} collects, uses and protects your personal information.',
  'whoWeAre.title': 'Who we are',
  'whoWeAre.text':
    '{{brand}} is a digital loyalty-card service for local businesses in Pakistan. Customers collect stamps at partner restaurants, cafes, bakeries and sweet shops and earn rewards. This policy explains what we collect when you use {{brand}}, why, and the choices you have.',
  'collect.title': 'What we collect',
  'collect.account': 'Your name and e-mail address, so you can sign in and we can reach you.',
  'collect.contact': 'Your phone number and city, if you add them, so vendors near you can serve you.',
  'collect.activity':
    'Your loyalty activity: the cards you hold, the stamps you collect and the rewards you earn or redeem.',
  'collect.vendors':
    'For vendors: business details, contact people, location, opening hours and subscription and payment records.',
  'collect.technical': 'Basic technical data such as sign-in times, needed to keep your account secure.',
  'collect.payments': 'We do not collect your card or bank details; payments are handled by our payment provider.',
  'use.title': 'Why we use it',
  'use.account': 'To run your account and keep your stamps and rewards up to date.',
  'use.vendors': 'To let a vendor see the stamps and rewards you hold on their own cards, so they can serve you.',
  'use.emails': 'To send the e-mails you ask for, such as deals and reward alerts, and security messages.',
  'use.fraud': 'To prevent fraud, such as forged or repeated stamps, and to keep the service working.',
  'use.noSale': 'We do not sell your personal information.',
  'access.title': 'Who can see it',
  'access.text':
    'A vendor sees only the customers who hold its cards and their activity on those cards. Our admins see what they need to run the platform. Service providers that host the app, send e-mail or take payments process data for us under agreements that require them to protect it.',
  'choices.title': 'Your choices',
  'choices.emails':
    'Change which e-mails you receive at any time on the <preferences>Email Preferences</preferences> page, or use the unsubscribe link in any of our e-mails.',
  'choices.data': 'Ask us for a copy of your data, to correct it, or to delete your account.',
  'retention.title': 'How long we keep it',
  'retention.text':
    'We keep your data while your account is open. When you close it, we delete or anonymise your personal information, except records we must keep by law, such as payment records.',
  'contact.title': 'Contact us',
  'contact.text': 'Questions about your privacy or this policy? Write to <mail>{{email}}</mail>.',
};
