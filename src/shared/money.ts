const pkrFormatter = new Intl.NumberFormat('en-PK', {
  style: 'currency',
  currency: 'PKR',
  maximumFractionDigits: 0,
});

/** PKR amounts are whole rupees everywhere in Chaska. */
export function formatPKR(amount: number): string {
  return pkrFormatter.format(amount);
}
