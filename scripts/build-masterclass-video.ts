// Renders the Cold Email Masterclass video from app/content/downloads/masterclass-script.ts:
// one 1280x720 slide per entry (SVG drawn with sharp), narrated by espeak-ng, encoded by ffmpeg as H.264 + AAC.
// Needs Debian's ffmpeg and espeak-ng, so the result is committed at app/content/downloads/media/ and
// scripts/build-resources.ts only copies it. Run: npx tsx scripts/build-masterclass-video.ts
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import {
  masterclassSlides,
  masterclassSubtitle,
  masterclassTitle,
  type MasterclassSlide,
} from "../app/content/downloads/masterclass-script";
import { brand } from "./resources/brand";
import { inspectMp4 } from "../readers/mp4";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const output = path.join(root, "app/content/downloads/media/cold-email-masterclass.mp4");
const WIDTH = 1280;
const HEIGHT = 720;
const FPS = 2;
const PAUSE_SECONDS = 1.2;
const FONT = "Liberation Sans, Arimo, Helvetica, Arial, DejaVu Sans, sans-serif";

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Rough wrap by characters: slide texts are short and checked below, so no text measurement is needed. */
function wrap(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && `${line} ${word}`.length > maxChars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function logo(x: number, y: number, scale: number, tile: string, arrow: string): string {
  return `<g transform="translate(${x} ${y}) scale(${scale})">
    <rect width="30" height="30" rx="7" fill="${tile}"/>
    <path d="M21 22 C21 15 17 11.5 10 11.5" fill="none" stroke="${arrow}" stroke-width="2.4" stroke-linecap="round"/>
    <path d="M14 7 L9.5 11.5 L14 16" fill="none" stroke="${arrow}" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/>
  </g>`;
}

function titleSlideSvg(): string {
  const titleLines = wrap(masterclassTitle, 24);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4f46e5"/><stop offset="1" stop-color="#7c3aed"/></linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <polygon points="${WIDTH - 260},0 ${WIDTH},0 ${WIDTH},${HEIGHT} ${WIDTH - 430},${HEIGHT}" fill="#7c3aed" opacity="0.55"/>
  ${logo(96, 90, 1.8, "#ffffff", "#4f46e5")}
  <text x="168" y="131" font-family="${FONT}" font-size="38" font-weight="700" fill="#ffffff">${brand.name}</text>
  <text x="96" y="300" font-family="${FONT}" font-size="22" font-weight="700" letter-spacing="4" fill="#c4b5fd">VIDEO COURSE</text>
  ${titleLines.map((line, i) => `<text x="96" y="${380 + i * 80}" font-family="${FONT}" font-size="72" font-weight="700" fill="#ffffff">${escapeXml(line)}</text>`).join("\n  ")}
  <text x="96" y="${380 + titleLines.length * 80 + 10}" font-family="${FONT}" font-size="32" fill="#e0e7ff">${escapeXml(masterclassSubtitle)}</text>
  <text x="96" y="${HEIGHT - 60}" font-family="${FONT}" font-size="22" fill="#e0e7ff">${escapeXml(brand.promise)}</text>
</svg>`;
}

function contentSlideSvg(slide: MasterclassSlide, index: number, total: number): string {
  const titleLines = wrap(slide.title, 34);
  const bulletTop = 190 + titleLines.length * 64;
  const bullets: string[] = [];
  let y = bulletTop;
  for (const bullet of slide.bullets) {
    const lines = wrap(bullet, 48);
    bullets.push(`<circle cx="118" cy="${y - 11}" r="8" fill="#7c3aed"/>`);
    lines.forEach((line, i) =>
      bullets.push(`<text x="148" y="${y + i * 44}" font-family="${FONT}" font-size="36" fill="#1e293b">${escapeXml(line)}</text>`),
    );
    y += lines.length * 44 + 26;
  }
  if (y > HEIGHT - 90) throw new Error(`Slide "${slide.title}" has too much text`);
  const progress = ((index + 1) / total) * WIDTH;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>
  <rect width="${WIDTH * 0.72}" height="10" fill="#4f46e5"/>
  <rect x="${WIDTH * 0.72}" width="${WIDTH * 0.28}" height="10" fill="#7c3aed"/>
  <rect x="0" y="10" width="22" height="${HEIGHT - 10}" fill="#eef2ff"/>
  <text x="96" y="100" font-family="${FONT}" font-size="22" font-weight="700" letter-spacing="3" fill="#7c3aed">${escapeXml(slide.part.toUpperCase())}</text>
  ${titleLines.map((line, i) => `<text x="96" y="${160 + i * 64}" font-family="${FONT}" font-size="54" font-weight="700" fill="#312e81">${escapeXml(line)}</text>`).join("\n  ")}
  <rect x="96" y="${160 + (titleLines.length - 1) * 64 + 22}" width="72" height="6" fill="#7c3aed"/>
  ${bullets.join("\n  ")}
  <rect x="0" y="${HEIGHT - 56}" width="${WIDTH}" height="56" fill="#f8fafc"/>
  ${logo(96, HEIGHT - 43, 1, "#4f46e5", "#ffffff")}
  <text x="136" y="${HEIGHT - 21}" font-family="${FONT}" font-size="20" font-weight="700" fill="#4f46e5">${brand.name}</text>
  <text x="252" y="${HEIGHT - 21}" font-family="${FONT}" font-size="20" fill="#64748b">${escapeXml(masterclassTitle)}</text>
  <text x="${WIDTH - 96}" y="${HEIGHT - 21}" text-anchor="end" font-family="${FONT}" font-size="20" fill="#64748b">${index + 1} / ${total}</text>
  <rect x="0" y="${HEIGHT - 4}" width="${progress}" height="4" fill="#4f46e5"/>
</svg>`;
}

/** Duration of a PCM WAV file, read from its header (espeak-ng writes 16-bit mono). */
function wavSeconds(file: string): number {
  const bytes = readFileSync(file);
  const byteRate = bytes.readUInt32LE(28);
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString("ascii", offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    // espeak-ng writes 0x7fffffff as the data size when it streams; fall back to the file length.
    if (id === "data") return Math.min(size, bytes.length - offset - 8) / byteRate;
    offset += 8 + size;
  }
  throw new Error(`${file}: no data chunk`);
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), "masterclass-"));
  try {
    const total = masterclassSlides.length;
    const images: string[] = [];
    const audio: string[] = [];
    let totalSeconds = 0;
    for (const [index, slide] of masterclassSlides.entries()) {
      const name = String(index + 1).padStart(2, "0");
      const svg = index === 0 ? titleSlideSvg() : contentSlideSvg(slide, index, total);
      const png = path.join(work, `slide-${name}.png`);
      await sharp(Buffer.from(svg)).png().toFile(png);

      const speech = path.join(work, `speech-${name}.wav`);
      execFileSync("espeak-ng", ["-v", "en-us", "-s", "150", "-p", "45", "-w", speech, slide.narration]);
      // Each slide lasts its narration plus a pause, rounded up to whole video frames.
      const seconds = Math.ceil((wavSeconds(speech) + PAUSE_SECONDS) * FPS) / FPS;
      const padded = path.join(work, `audio-${name}.wav`);
      execFileSync("ffmpeg", [
        "-v",
        "error",
        "-y",
        "-i",
        speech,
        "-af",
        `apad=whole_dur=${seconds}`,
        "-t",
        String(seconds),
        "-ar",
        "44100",
        "-ac",
        "1",
        padded,
      ]);
      images.push(`file '${png}'\nduration ${seconds}`);
      audio.push(`file '${padded}'`);
      totalSeconds += seconds;
      console.log(`slide ${name}: ${seconds}s  ${slide.title}`);
    }
    // The concat demuxer needs the last image repeated for its duration to be honoured.
    images.push(`file '${path.join(work, `slide-${String(total).padStart(2, "0")}.png`)}'`);
    writeFileSync(path.join(work, "images.txt"), `${images.join("\n")}\n`);
    writeFileSync(path.join(work, "audio.txt"), `${audio.join("\n")}\n`);
    if (totalSeconds < 4 * 60 || totalSeconds > 10 * 60)
      throw new Error(`The video would run ${totalSeconds}s; keep it between 4 and 10 minutes`);

    execFileSync(
      "ffmpeg",
      [
        "-v",
        "error",
        "-y",
        "-f",
        "concat",
        "-safe",
        "0",
        "-i",
        path.join(work, "images.txt"),
        "-f",
        "concat",
        "-safe",
        "0",
        "-i",
        path.join(work, "audio.txt"),
        "-map",
        "0:v",
        "-map",
        "1:a",
        "-vf",
        `fps=${FPS},format=yuv420p`,
        "-c:v",
        "libx264",
        "-preset",
        "slow",
        "-tune",
        "stillimage",
        "-crf",
        "26",
        "-g",
        String(FPS * 10),
        "-c:a",
        "aac",
        "-b:a",
        "64k",
        "-t",
        String(totalSeconds),
        "-map_metadata",
        "-1",
        "-metadata",
        `title=${masterclassTitle}`,
        "-metadata",
        `artist=${brand.name}`,
        "-fflags",
        "+bitexact",
        "-flags:v",
        "+bitexact",
        "-flags:a",
        "+bitexact",
        "-movflags",
        "+faststart",
        output,
      ],
      { stdio: "inherit" },
    );
    const size = readFileSync(output).length;
    const seconds = inspectMp4(readFileSync(output)).seconds;
    console.log(
      `${path.relative(root, output)}: ${Math.round(seconds)}s (${Math.round(seconds / 60)} min), ${(size / 1024 / 1024).toFixed(2)} MB`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
