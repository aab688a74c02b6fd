import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { bodyImageSnippet, insertSnippet } from "./body-image";
import { processBodyImage } from "./body-image-upload.server";
import { CoverRejected } from "./cover-upload.server";
import { PostFieldsSchema } from "./post-fields";
import { postHtml } from "./snapshot.server";

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer();

describe("an image in a post's body", () => {
  it("is stored as one WebP at most 1200 px wide, its aspect kept, and its tag carries its size", async () => {
    const wide = await processBodyImage(await png(2400, 1000));
    expect(wide.src).toMatch(/^\/images\/blog\/image-[0-9a-f]{12}\.webp$/);
    expect([wide.width, wide.height]).toEqual([1200, 500]);
    const stored = await sharp(wide.file.body).metadata();
    expect([stored.format, stored.width, stored.height, stored.hasAlpha]).toEqual(["webp", 1200, 500, true]);
    // A small one is not enlarged.
    const small = await processBodyImage(await png(300, 200));
    expect([small.width, small.height]).toEqual([300, 200]);
  });

  it("is judged by its content, like a cover: text named PNG, SVG, too small are refused with a sentence", async () => {
    const refusal = (bytes: Buffer) =>
      processBodyImage(bytes).then(
        () => "",
        (error: unknown) => (error instanceof CoverRejected ? error.message : "crash"),
      );
    expect(await refusal(Buffer.from("just text, saved as image.png\n".repeat(10)))).toBe(
      "This file is not an image we can read. Upload a JPEG, PNG, WebP or AVIF image.",
    );
    expect(await refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toMatch(
      /^SVG images are not accepted/,
    );
    expect(await refusal(await png(20, 20))).toBe("The image must be at least 40 × 40 pixels. This one is 20 × 20.");
    expect(await refusal(Buffer.alloc(0))).toMatch(/^The file is empty/);
  });

  it("is written as a tag whose description cannot break out of its attribute, and keeps its size and laziness on the page", () => {
    const tag = bodyImageSnippet({
      src: "/images/blog/image-0123456789ab.webp",
      alt: ' A "chart" <b>\n of replies ',
      width: 800,
      height: 450,
    });
    expect(tag).toBe(
      '<img src="/images/blog/image-0123456789ab.webp" alt="A &quot;chart&quot; &lt;b&gt; of replies" width="800" height="450">',
    );
    const html = postHtml(`Text.\n\n${tag}\n`);
    expect(html).toContain('alt="A &quot;chart&quot; &lt;b&gt; of replies"');
    expect(html).toMatch(/<img[^>]* width="800" height="450" loading="lazy"/);
    expect(html).not.toContain("<b>");
  });

  it("goes where the cursor was, on a line of its own, or at the end", () => {
    const tag = "<img>";
    expect(insertSnippet("First.\n\nSecond.", tag, 6)).toBe("First.\n\n<img>\n\nSecond.");
    expect(insertSnippet("First.\n\nSecond.", tag, 7)).toBe("First.\n\n<img>\n\nSecond.");
    expect(insertSnippet("First.", tag)).toBe("First.\n\n<img>\n");
    expect(insertSnippet("", tag)).toBe("<img>\n");
    expect(insertSnippet("Mid sentence", tag, 3)).toBe("Mid\n\n<img>\n\n sentence");
  });

  it("is refused in the content without a description, or from another site", () => {
    const content = (value: string) => PostFieldsSchema.shape.content.safeParse(value).error?.issues[0]?.message;
    expect(content('<img src="/images/blog/a.webp" alt="A chart">')).toBeUndefined();
    expect(content("![A chart](/images/blog/a.webp)")).toBeUndefined();
    expect(content('<img src="/images/blog/a.webp">')).toMatch(/needs a description/);
    expect(content('<img src="/images/blog/a.webp" alt="">')).toMatch(/needs a description/);
    expect(content("![](/images/blog/a.webp)")).toMatch(/needs a description/);
    expect(content('<img src="https://elsewhere.example/a.png" alt="x">')).toMatch(/upload the picture with “Add an image”/);
  });
});

describe("the search fields", () => {
  const check = (field: "seoTitle" | "seoDescription", value: string) =>
    PostFieldsSchema.shape[field].safeParse(value).error?.issues[0]?.message;

  it("take a headline of at most 60 characters, as search engines show it, or none", () => {
    expect(check("seoTitle", "")).toBeUndefined();
    expect(check("seoTitle", "T".repeat(60))).toBeUndefined();
    expect(check("seoTitle", "T".repeat(61))).toBe("The headline for search engines must be at most 60 characters.");
    expect(check("seoTitle", "A <b>bold</b> title")).toMatch(/cannot contain HTML/);
  });

  it("take a summary of 50 to 160 characters, or none (the excerpt is used)", () => {
    expect(check("seoDescription", "")).toBeUndefined();
    expect(check("seoDescription", "D".repeat(50))).toBeUndefined();
    expect(check("seoDescription", "D".repeat(160))).toBeUndefined();
    expect(check("seoDescription", "D".repeat(49))).toMatch(/^Write at least 50 characters/);
    expect(check("seoDescription", "D".repeat(161))).toBe("The summary for search engines must be at most 160 characters.");
  });
});
