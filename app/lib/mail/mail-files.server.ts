import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";

// The .eml files the mailer writes to DATA_DIR/mail when there is no SMTP_URL (./mailer.server.ts) are copies of what
// a visitor typed: a data-subject request must find and erase them like rows. A file is about an address when it
// belongs to an outbox job that was (`<time>-<job id>.eml`), or when any of its parts names the address once decoded:
// headers, quoted-printable and base64 bodies, HTML entities and percent-encoded links.

const JOB_ID = /-(\d+)\.eml(?:\.tmp)?$/;

const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const decodeEncodedWords = (text: string) =>
  text.replace(/=\?[^?]+\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, body: string) =>
    kind.toUpperCase() === "B" ? Buffer.from(body, "base64").toString("utf8") : decodeQuotedPrintable(body.replace(/_/g, " ")),
  );

const decodeBase64Blocks = (text: string) =>
  (text.match(/(?:^[A-Za-z0-9+/]{16,}={0,2}\r?\n)+/gm) ?? []).map((block) =>
    Buffer.from(block.replace(/\s+/g, ""), "base64").toString("utf8"),
  );

const decodeEntities = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&(amp|quot|apos|lt|gt);/g, (_, name: string) => ({ amp: "&", quot: '"', apos: "'", lt: "<", gt: ">" })[name] ?? "");

const decodePercent = (text: string) => text.replace(/%([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether a raw message names the address (lower-cased), in any of the encodings a message can carry it in. */
export function messageNames(message: string, address: string): boolean {
  // The whole address: jo@example.com is not named by ajo@example.com or jo@example.com.au.
  const whole = new RegExp(`(?<![a-z0-9._%+'-])${escaped(address)}(?![a-z0-9-]|\\.[a-z0-9])`, "i");
  const readings = [message, decodeEncodedWords(message), decodeQuotedPrintable(message), ...decodeBase64Blocks(message)];
  return readings.some((text) => {
    const decoded = decodeEntities(text);
    return [text, decoded, decodePercent(decoded)].some((reading) => whole.test(reading));
  });
}

async function mailFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => name.endsWith(".eml") || name.endsWith(".eml.tmp"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** The mail files about an address (lower-cased) or written for one of the given outbox jobs, by file name. */
export async function mailFilesAbout(dir: string, address: string, jobIds: readonly number[] = []): Promise<string[]> {
  const jobs = new Set(jobIds);
  const about: string[] = [];
  for (const name of await mailFiles(dir)) {
    const job = JOB_ID.exec(name)?.[1];
    if ((job !== undefined && jobs.has(Number(job))) || messageNames(await readFile(path.join(dir, name), "utf8"), address)) {
      about.push(name);
    }
  }
  return about;
}

/** Deletes them; returns how many. */
export async function eraseMailFiles(dir: string, address: string, jobIds: readonly number[] = []): Promise<number> {
  const names = await mailFilesAbout(dir, address, jobIds);
  for (const name of names) await rm(path.join(dir, name), { force: true });
  return names.length;
}
