import { BRAND } from '@shared/brand';
import { formatPKR } from '@shared/number-format';
import type { SubscriptionPlan } from '@shared/billing/plans';
import { serverText } from '@server/lib/texts';
import { SANDBOX_BILLING_DETAILS } from '@server/modules/billing/sandbox-event';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Plain HTML and CSS, no script (the CSP allows none inline): works on any phone. */
const STYLES = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:#f5f5f4;color:#1c1917;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
header{display:flex;align-items:center;justify-content:space-between;gap:12px;padding:16px 20px;background:#fff;border-bottom:1px solid #e7e5e4}
.brand{font-weight:700;font-size:18px;color:#c2410c}
.test{font-size:12px;font-weight:700;letter-spacing:.04em;text-transform:uppercase;color:#854d0e;background:#fef9c3;border:1px solid #fde047;border-radius:999px;padding:2px 10px}
main{max-width:440px;margin:0 auto;padding:24px 16px 40px}
.card{background:#fff;border:1px solid #e7e5e4;border-radius:16px;padding:24px;box-shadow:0 1px 2px rgba(0,0,0,.05)}
.label{margin:0;color:#57534e;font-size:14px}
h1{margin:4px 0 0;font-size:24px;line-height:1.25}
.amount{margin:16px 0 0;font-size:32px;font-weight:700}
.amount span{font-size:16px;font-weight:500;color:#57534e}
ul{margin:16px 0 0;padding:0 0 0 20px;color:#44403c;font-size:14px}
.method{margin:20px 0 0;padding:12px 14px;border:1px solid #e7e5e4;border-radius:12px;background:#fafaf9;font-size:14px}
.error{margin:0 0 16px;padding:12px 14px;border:1px solid #fecaca;border-radius:12px;background:#fef2f2;color:#7f1d1d;font-size:14px}
form{margin:0}
.actions{display:flex;flex-direction:column;gap:10px;margin-top:24px}
button{width:100%;min-height:48px;border-radius:10px;font:inherit;font-weight:600;cursor:pointer}
.pay{border:0;background:#c2410c;color:#fff}
.pay:hover{background:#9a3412}
.cancel{border:1px solid #d6d3d1;background:#fff;color:#1c1917}
.cancel:hover{background:#f5f5f4}
button:focus-visible{outline:3px solid #fdba74;outline-offset:2px}
.lines{display:grid;grid-template-columns:1fr auto;gap:4px 12px;margin:16px 0 0;font-size:14px}
.lines dd{margin:0;text-align:end;font-variant-numeric:tabular-nums}
.lines .total{font-weight:700;border-top:1px solid #e7e5e4;padding-top:4px}
.note{margin:16px 0 0;text-align:center;color:#57534e;font-size:13px}
.test-payments{margin:0 0 16px;padding:12px 14px;border:1px solid #fde047;border-radius:12px;background:#fef9c3;color:#713f12;font-size:15px;font-weight:600;text-align:center}
`;

function layout(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(title)}</title>
<style>${STYLES}</style>
</head>
<body>
<header><span class="brand">${escapeHtml(BRAND.name)} Pay</span><span class="test">Sandbox</span></header>
<main><p class="test-payments" role="note">${escapeHtml(serverText('vendor:billing.sandboxTitle'))}</p>${content}</main>
</body>
</html>`;
}

export function renderCheckoutPage(input: {
  sessionId: string;
  plan: SubscriptionPlan;
  /** An upgrade's credit for the unused days of the plan it replaces. */
  credit: { plan: SubscriptionPlan; amount: number } | null;
  error?: string;
}): string {
  const { plan, credit } = input;
  const total = plan.price - (credit?.amount ?? 0);
  // With a credit, the first charge reads as the receipt will: the plan, the credit, the total.
  const creditLines = credit
    ? `<dl class="lines"><dt>${escapeHtml(plan.name)} plan, first month</dt><dd>${escapeHtml(formatPKR(plan.price))}</dd>
<dt>Credit for unused ${escapeHtml(credit.plan.name)}</dt><dd>−${escapeHtml(formatPKR(credit.amount))}</dd>
<dt class="total">Due today</dt><dd class="total">${escapeHtml(formatPKR(total))}</dd></dl>`
    : '';
  const action = `/sandbox-pay/checkout/${encodeURIComponent(input.sessionId)}`;
  const features = plan.features.map((feature) => `<li>${escapeHtml(feature)}</li>`).join('');
  return layout(
    `Pay ${formatPKR(total)} for ${plan.name} · ${BRAND.name}`,
    `<section class="card" aria-labelledby="plan-title">
${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''}
<p class="label">Subscribe to</p>
<h1 id="plan-title">${escapeHtml(plan.name)} plan</h1>
<p class="amount">${escapeHtml(formatPKR(plan.price))} <span>per month</span></p>
${creditLines}
<ul>${features}</ul>
<p class="method">Test card: ${escapeHtml(SANDBOX_BILLING_DETAILS.cardBrand)} ending in ${escapeHtml(SANDBOX_BILLING_DETAILS.cardLast4)}</p>
<div class="actions">
<form method="post" action="${action}/pay"><button class="pay" type="submit">Pay ${escapeHtml(formatPKR(total))}</button></form>
<form method="post" action="${action}/cancel"><button class="cancel" type="submit">Cancel</button></form>
</div>
</section>
<p class="note">This is ${escapeHtml(BRAND.name)}'s built-in sandbox checkout. No real money moves.</p>`,
  );
}

export function renderCheckoutGone(): string {
  return layout(
    `Checkout expired · ${BRAND.name}`,
    `<section class="card"><h1>This checkout has expired</h1><p class="label" style="margin-top:8px">No charge was made. Go back to ${escapeHtml(BRAND.name)} and choose your plan again.</p></section>`,
  );
}
