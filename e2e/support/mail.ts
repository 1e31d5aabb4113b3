import { E2E } from './ports';

/** The newest link containing `part` in mail sent to `to`, waiting for it to arrive. */
export async function mailedLink(to: string, part: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`http://127.0.0.1:${E2E.mailApiPort}/?to=${encodeURIComponent(to)}`);
    const texts = (await res.json()) as string[];
    for (const text of texts.reverse()) {
      const match = text.match(new RegExp(`https?://\\S*${part.replace(/[?]/g, '\\?')}\\S*`));
      if (match) return match[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} with a link containing ${part}`);
}
