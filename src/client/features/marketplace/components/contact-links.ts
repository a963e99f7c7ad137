/** tel: keeps the + and the digits only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** wa.me wants the international number in digits; a local "03xx" number becomes "923xx". */
export function whatsappHref(number: string): string {
  const digits = number.replace(/\D/g, '');
  const international = digits.startsWith('0') ? `92${digits.slice(1)}` : digits;
  return `https://wa.me/${international}`;
}
