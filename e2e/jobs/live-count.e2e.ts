import { expect, test } from '@playwright/test';
import { call, employer, jobSeeker, member, openJob } from '../support/api';

/**
 * Decision 093: an application reaches the pages that show the job (their socket watches the
 * `jobs` topic) and no other. A member reading the job sees its count move without reloading;
 * one in a chat keeps no jobs topic until they open the board.
 */
test('a member reading a job sees its applicants counted live; the socket watches the jobs only while a page shows them', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const job = await openJob(await employer(browser));

  const reader = await member(browser, 'Amaka Obi');
  // What the shell's socket tells the server: the topics of its handshake (socket.io's CONNECT
  // packet, `40{auth}`) and of each `topics:watch` (`42<ack id>["topics:watch",{…}]`).
  const watched: string[][] = [];
  reader.on('websocket', (ws) =>
    ws.on('framesent', ({ payload }) => {
      const said = /^40(\{.*\})$/.exec(String(payload)) ?? /^42\d*\["topics:watch",(\{.*\})\]$/.exec(String(payload));
      const topics = said ? (JSON.parse(said[1]!) as { topics?: string[] }).topics : undefined;
      if (topics) watched.push(topics);
    }),
  );
  await reader.goto('/chat');
  await expect(reader.getByRole('heading', { level: 1 })).toBeVisible();
  await reader.goto(`/jobs/${job.id}`);
  await expect(reader.getByText('0 applicants')).toBeVisible();
  await expect.poll(() => watched.at(-1)).toEqual(['jobs']);

  const seeker = await jobSeeker(browser);
  await call(seeker, 'POST', `/api/jobs/${job.id}/applications`, { coverLetter: 'I know every street in Yaba.' });
  await expect(reader.getByText('1 applicant', { exact: true })).toBeVisible();

  // Away from the job pages, the socket says so.
  await reader.getByRole('link', { name: /chat/i }).first().click();
  await expect.poll(() => watched.at(-1)).toEqual([]);
});
