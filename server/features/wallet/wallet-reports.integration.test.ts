import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, login, type Harness } from '#server/test/harness';
import { as, actor, type Actor } from '../courses/testing/course-fixtures';
import { buy, PRICE, sale } from '../payments/testing/payment-fixtures';
import { type AccountKind, ledgerRepo } from './ledger.repo';
import { post } from './ledger';
import { walletReportsRepo } from './wallet-reports.repo';

/**
 * /wallet's earnings by month and CSV export (issue 27, §4; decision 062): earnings are the
 * credits of sales and releases, by West Africa Time month over the last 12, computed in SQL;
 * the CSV has every line, in naira and in kobo, with nothing a spreadsheet would run.
 */
let h: Harness;
let admin: Actor;
beforeAll(async () => {
  h = await createHarness();
  admin = await actor(h, 'admin');
});
afterAll(() => h.close());
afterEach(async () => {
  h.clock.reset();
  expect(await ledgerRepo.unbalanced(h.app.database.db)).toEqual([]);
  expect(await ledgerRepo.drift(h.app.database.db)).toEqual([]);
});

const FEE = Math.round(PRICE * 0.1);
let n = 0;
/** One posting moving `amount` into the member's `bucket` from the gateway's clearing, at `at`. */
async function credit(
  who: Actor,
  kind: string,
  amount: number,
  at: Date,
  bucket: AccountKind = 'pending',
  description = 'Test',
) {
  n += 1;
  await post(h.app.database.db, {
    kind,
    source: `test:${who.user.id}:${n}`,
    subject: `test:${who.user.id}:${n}`,
    description,
    currency: 'NGN',
    at,
    lines: [
      { ownerId: null, account: 'gateway_clearing', amountMinor: -amount },
      { ownerId: who.user.id, account: bucket, amountMinor: amount },
    ],
  });
}
const earnings = async (who: Actor) => {
  const res = await as(h, who)('GET', '/api/wallet/earnings-by-month');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().months as Array<{ month: string; earnedMinor: number }>;
};
const csv = (who: Actor | null) => as(h, who)('GET', '/api/wallet/entries.csv');

describe('GET /api/wallet/earnings-by-month', () => {
  it('answers the last 12 WAT months, this one last, zeros included; a sale counts its net in its month', async () => {
    h.clock.now = new Date('2026-11-15T12:00:00.000Z');
    const member = await actor(h);
    const empty = await earnings(member);
    expect(empty).toHaveLength(12);
    expect(empty[0]).toEqual({ month: '2025-12', earnedMinor: 0 });
    expect(empty[11]).toEqual({ month: '2026-11', earnedMinor: 0 });

    const s = await sale(h, admin);
    await buy(h, s);
    const months = await earnings(s.tutor);
    expect(months.at(-1)).toEqual({ month: '2026-11', earnedMinor: PRICE - FEE });
    expect(months.slice(0, 11).every((m) => m.earnedMinor === 0)).toBe(true);
    expect((await as(h, null)('GET', '/api/wallet/earnings-by-month')).statusCode).toBe(401);
  });

  it('counts sales and releases only, by their WAT month, and nothing from before the 12 months', async () => {
    h.clock.now = new Date('2026-11-15T12:00:00.000Z');
    const member = await actor(h);
    // 23:30 UTC on 31 October is 00:30 on 1 November in Lagos.
    await credit(member, 'sale', 10_000, new Date('2026-10-31T23:30:00.000Z'));
    await credit(member, 'sale', 20_000, new Date('2026-10-31T22:30:00.000Z'));
    await credit(member, 'milestone_release', 40_000, new Date('2026-03-10T09:00:00.000Z'), 'available');
    await credit(member, 'sale', 80_000, new Date('2025-11-30T22:00:00.000Z'));
    await credit(member, 'sale', 160_000, new Date('2025-12-01T00:00:00.000Z'));
    // Not earnings: an adjustment, a returned payout, money funded into escrow.
    await credit(member, 'adjustment', 1, new Date('2026-11-01T09:00:00.000Z'), 'available');
    await credit(member, 'payout_failed', 2, new Date('2026-11-01T09:00:00.000Z'), 'available');
    await credit(member, 'sale', 4, new Date('2026-11-01T09:00:00.000Z'), 'held');
    const months = Object.fromEntries((await earnings(member)).map((m) => [m.month, m.earnedMinor]));
    expect(months).toMatchObject({
      '2025-12': 160_000,
      '2026-03': 40_000,
      '2026-10': 20_000,
      '2026-11': 10_000,
    });
    expect(Object.values(months).reduce((a, b) => a + b, 0)).toBe(230_000);
    // The clearing of a sale moves pending to available: it is not earned twice.
    const s = await sale(h, admin);
    await buy(h, s);
    h.clock.advance(8 * 86_400_000);
    await h.services.wallet.clearDue();
    s.tutor.cookie = await login(h, s.tutor.user.username);
    const later = await earnings(s.tutor);
    expect(later.reduce((a, m) => a + m.earnedMinor, 0)).toBe(PRICE - FEE);
  });
});

describe('GET /api/wallet/entries.csv', () => {
  it('has a header row and every line, oldest first, in naira with two decimals and in kobo', async () => {
    const member = await actor(h);
    await credit(member, 'sale', 150_050, new Date('2026-01-02T10:00:00.000Z'), 'pending', 'Sale of “Excel”');
    await credit(member, 'sale', -25_000, new Date('2026-01-03T10:00:00.000Z'), 'available', 'A "quoted" refund');
    const res = await csv(member);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="wallet.csv"');
    expect(res.body.split('\r\n')).toEqual([
      '"Date (UTC)","Kind","Balance","Description","Amount (NGN)","Amount (kobo)"',
      '"2026-01-02T10:00:00.000Z","sale","pending","Sale of “Excel”","1500.50","150050"',
      '"2026-01-03T10:00:00.000Z","sale","available","A ""quoted"" refund","-250.00","-25000"',
      '',
    ]);
    // Only the member's own lines; a visitor gets nothing.
    const other = await actor(h);
    expect((await csv(other)).body.trim().split('\r\n')).toHaveLength(1);
    expect((await csv(null)).statusCode).toBe(401);
  });

  it('defuses text a spreadsheet would run as a formula, and keeps numbers numbers', async () => {
    const member = await actor(h);
    const evil = ['=HYPERLINK("http://x.test","click")', '+1+2', "-2+3+cmd|' /C calc'!A0", '@SUM(A1)', '\tTAB'];
    for (const [i, text] of evil.entries())
      await credit(member, 'sale', 100, new Date(Date.parse('2026-02-01T10:00:00.000Z') + i * 60_000), 'pending', text);
    const rows = (await csv(member)).body.trim().split('\r\n').slice(1);
    const defused = [
      '"\'=HYPERLINK(""http://x.test"",""click"")"',
      '"\'+1+2"',
      "\"'-2+3+cmd|' /C calc'!A0\"",
      '"\'@SUM(A1)"',
      '"\'\tTAB"',
    ];
    defused.forEach((field, i) => expect(rows[i]).toContain(`,${field},`));
    expect(rows.every((r) => r.endsWith('"1.00","100"'))).toBe(true);
  });

  it('reads a long history in batches by key, lines of the same instant included, each once and in order', async () => {
    const member = await actor(h);
    const base = Date.parse('2026-03-01T00:00:00.000Z');
    // Every third line shares its instant with the next two: a batch may end between them.
    for (let i = 0; i < 30; i++) await credit(member, 'sale', 100 + i, new Date(base + Math.floor(i / 3) * 60_000));
    const seen: Array<{ id: string; at: number }> = [];
    for await (const rows of walletReportsRepo.allEntries(h.app.database.db, member.user.id, 'NGN', 7))
      seen.push(...rows.map((r) => ({ id: r.id, at: r.createdAt.getTime() })));
    expect(seen).toHaveLength(30);
    expect(new Set(seen.map((r) => r.id)).size).toBe(30);
    const sorted = [...seen].sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1));
    expect(seen).toEqual(sorted);
    const csvRows = (await h.services.walletReports.entriesCsv(member.user.id)).trim().split('\r\n');
    expect(csvRows).toHaveLength(31);
  });
});
