import { Link } from 'react-router';
import { formatMoney } from '#shared/money';
import { formatDate } from '#client/lib/format-date';
import { usePurchases } from '../api/get-purchases';

/**
 * The receipt under "Payment Successful!" (issue 26): the gateway's reference the page verified,
 * and from the learner's purchases the course, amount and date, with a link to all of them.
 */
export function PaymentReceipt({ courseId, reference }: { courseId: string; reference: string }) {
  const purchases = usePurchases();
  const purchase = purchases.data?.purchases.find(
    (p) => p.item.kind === 'course' && p.item.id === courseId && p.status === 'paid',
  );
  const rows: Array<[string, string]> = [['Reference', reference]];
  if (purchase) {
    rows.push(['Item', purchase.item.title], ['Amount', formatMoney(purchase.amountMinor, purchase.currency)]);
    if (purchase.paidAt) rows.push(['Date', formatDate(purchase.paidAt)]);
  }
  return (
    <section
      aria-labelledby="receipt-heading"
      className="mt-2 w-full rounded-xl border border-zinc-200 p-4 text-left text-sm dark:border-zinc-800"
    >
      <h2 id="receipt-heading" className="mb-2 font-semibold text-zinc-900 dark:text-zinc-100">
        Receipt
      </h2>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-zinc-600 dark:text-zinc-400">{term}</dt>
            <dd className="font-medium break-all text-zinc-900 dark:text-zinc-100">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3">
        <Link to="/courses/student#purchases" className="font-medium text-indigo-700 underline dark:text-indigo-300">
          All your purchases and receipts
        </Link>
      </p>
    </section>
  );
}
