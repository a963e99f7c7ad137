import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

export interface LoggedEmail {
  to: string;
  subject: string;
  links: string[];
}

/**
 * Reads the app's JSON log (NODE_ENV=production): keeps the e-mails the outbox transport writes
 * there (no SMTP in the journeys) and passes warnings and errors on to this process's output.
 */
export function readServerLog(output: Readable) {
  const emails: LoggedEmail[] = [];
  createInterface({ input: output }).on('line', (line) => {
    let entry: { level?: number; email?: LoggedEmail };
    try {
      entry = JSON.parse(line) as { level?: number; email?: LoggedEmail };
    } catch {
      process.stderr.write(`${line}\n`);
      return;
    }
    if (entry.email) emails.push(entry.email);
    if ((entry.level ?? 0) >= 40) process.stderr.write(`${line}\n`);
  });

  /** The first link to `path` in an e-mail to `to`, waiting for it to be logged. */
  async function waitForLink(to: string, path: string, timeoutMs = 15_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const link = emails
        .filter((email) => email.to === to)
        .flatMap((email) => email.links)
        .find((candidate) => new URL(candidate).pathname === path);
      if (link) return link;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`No e-mail to ${to} with a ${path} link in the server log`);
  }

  return { emails, waitForLink };
}
