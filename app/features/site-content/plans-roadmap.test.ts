import { describe, expect, it } from "vitest";
import { costPerCredit, plans as initialPlans, type Plan } from "~/content/plans";
import type { RoadmapItem } from "~/content/roadmap";
import { fieldText, initialContent, type SiteContent } from "./collections";
import { plans as plansCollection } from "./plans-collection";
import { roadmap as roadmapCollection, roadmapItemId } from "./roadmap-collection";
import { readEntries } from "./editor.server";
import { contentWarnings, publishProblems } from "./rules";

// The rules that keep the plans and the roadmap true to each other (docs/decisions/035): a plan sells only what the
// roadmap calls completed, an item leaves Completed only when no plan sells it, and the form's prices and lists.

const today = "2026-11-27";
const XSS = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>'];

/** The editor's form for `entries` of a collection, with some fields typed over. */
function formOf(collection: typeof plansCollection | typeof roadmapCollection, entries: unknown[], over: Record<string, string> = {}) {
  const form = new FormData();
  entries.forEach((entry, index) => {
    for (const field of collection.fields) form.set(`${index}.${field.name}`, fieldText(collection as never, entry, field.name));
  });
  for (const [key, value] of Object.entries(over)) form.set(key, value);
  return form;
}

const withStatus = (items: RoadmapItem[], capability: string, status: RoadmapItem["status"]) =>
  items.map((item) => (item.capability === capability ? { ...item, status } : item));

const selling = (plans: Plan[], index: number, label: string) =>
  readEntries(
    formOf(plansCollection, plans, { [`${index}.features`]: `${fieldText(plansCollection as never, plans[index], "features")}\n${label}` }),
    "plans",
    plans,
  );

describe("plans and the roadmap", () => {
  it("refuses a plan that sells a planned capability, beside its list, and publishes it once the item is completed", () => {
    const content = initialContent();
    const { entries } = selling(content.plans, 0, "lemlist outreach platform");
    expect((entries![0] as Plan).features.at(-1)).toEqual({ capability: "lemlist" });
    expect(publishProblems("plans", entries!, today, content)["0.features"]).toMatch(
      /"lemlist outreach platform" is planned on the roadmap/,
    );
    const completed: SiteContent = { ...content, roadmap: withStatus(content.roadmap, "lemlist", "completed") };
    expect(publishProblems("plans", entries!, today, completed)).toEqual({});
  });

  it("refuses moving an item off Completed while a published plan sells its capability, and names the plan", () => {
    const content = initialContent();
    const roadmap = withStatus(content.roadmap, "lemlist", "completed");
    const plans = content.plans.map((plan, index) =>
      index === 1 ? { ...plan, features: [...plan.features, { capability: "lemlist" as const }] } : plan,
    );
    const back = withStatus(roadmap, "lemlist", "planned");
    const index = back.findIndex((item) => item.capability === "lemlist");
    expect(publishProblems("roadmap", back, today, { ...content, roadmap, plans })[`${index}.status`]).toMatch(
      /The Professional plan sells lemlist outreach platform/,
    );
    expect(publishProblems("roadmap", back, today, { ...content, roadmap })).toEqual({});
  });

  it("refuses moving an item off Completed while published copy presents it as available", () => {
    const content = initialContent();
    const roadmap = withStatus(content.roadmap, "slack-notifications", "completed");
    const faq = content.faq.map((entry, index) => (index === 4 ? { ...entry, answer: "Get notified in Slack." } : entry));
    const back = withStatus(roadmap, "slack-notifications", "planned");
    const index = back.findIndex((item) => item.capability === "slack-notifications");
    expect(publishProblems("roadmap", back, today, { ...content, roadmap, faq })[`${index}.status`]).toMatch(/published FAQ presents/);
  });

  it("reads prices as dollars with at most two decimals, and refuses a negative one, a word, or three decimals", () => {
    const plans = initialContent().plans;
    const read = (price: string) => readEntries(formOf(plansCollection, plans, { "0.price": price }), "plans", plans);
    expect((read("19.5").entries![0] as Plan).price).toBe(19.5);
    // The cost per credit is no field of the form or of a plan: it is computed from the price and credits.
    expect(read("19.5").entries![0]).not.toHaveProperty("costPerCredit");
    expect(costPerCredit(read("19").entries![0] as Plan)).toBe(0.38);
    expect(read("-1").errors["0.price"]).toMatch(/cannot be negative/);
    expect(read("fifteen").errors["0.price"]).toMatch(/must be a number/);
    expect(read("15.999").errors["0.price"]).toMatch(/at most two decimals: the page shows it as \$16.00/);
    expect(read("15.999").entries).toBeUndefined();
  });

  it("computes the cost per credit to the cent, and the editor's hints from what is typed", () => {
    expect(initialPlans.map((plan) => costPerCredit(plan))).toEqual([0.3, 0.24, 0.2]);
    expect(costPerCredit({ price: 49, credits: 150 })).toBe(0.33);
    const derived = plansCollection.derived!.find((spec) => spec.name === "costPerCredit")!;
    expect(derived.value({ price: "19", credits: "50" })).toBe("$0.38");
    expect(derived.value({ price: "nineteen", credits: "50" })).toMatch(/once the price and the credits are numbers/);
    expect(derived.value({ price: "19", credits: "0" })).toMatch(/once the price and the credits are numbers/);
    const hint = plansCollection.fields.find((field) => field.name === "price")!.hint as (values: Record<string, string>) => string;
    expect(hint({ price: "19" })).toBe("Shown with two decimals: 19 reads $19.00.");
    expect(hint({ price: "" })).toBe("Shown with two decimals, such as $15.00.");
  });

  it("keeps exactly one plan popular", () => {
    const plans = initialContent().plans;
    const { errors } = readEntries(formOf(plansCollection, plans, { "0.popular": "yes" }), "plans", plans);
    expect(errors["0.popular"]).toMatch(/Exactly one plan/);
    expect(errors["1.popular"]).toMatch(/Exactly one plan/);
  });

  it("refuses markup in every plain-text field of a plan and of a roadmap item", () => {
    const { plans, roadmap } = initialContent();
    for (const xss of XSS) {
      for (const field of ["name", "description", "features"]) {
        const { errors } = readEntries(formOf(plansCollection, plans, { [`0.${field}`]: xss }), "plans", plans);
        expect(errors[`0.${field}`], `${field} ${xss}`).toMatch(/HTML/);
      }
      for (const field of ["name", "description"]) {
        const { errors } = readEntries(formOf(roadmapCollection, roadmap, { [`0.${field}`]: xss }), "roadmap", roadmap);
        expect(errors[`0.${field}`], `${field} ${xss}`).toMatch(/HTML/);
      }
    }
  });

  it("keeps a capability on one item, and every published item's id", () => {
    const { roadmap } = initialContent();
    const { errors } = readEntries(formOf(roadmapCollection, roadmap, { "1.capability": "instantly" }), "roadmap", roadmap);
    expect(errors["1.capability"]).toMatch(/already delivers/);
    const content = initialContent();
    expect(publishProblems("roadmap", roadmap.slice(1), today, content).form).toMatch(/is on the published roadmap/);
  });

  it("warns, without refusing, about an item Planned since a month that ended over a year ago, beside its status", () => {
    const item = (month: string, status: RoadmapItem["status"], name = `Item of ${month}`): RoadmapItem => ({
      ...initialContent().roadmap[0]!,
      id: roadmapItemId(`${name} ${status}`, []),
      capability: null,
      name,
      month,
      status,
    });
    const items = [
      item("2025-10", "planned", "HubSpot & CRM sync"),
      item("2025-11", "planned"),
      item("2026-11", "planned"),
      item("2024-01", "completed"),
      item("2024-01", "secret"),
    ];
    expect(contentWarnings("roadmap", items, "2026-11-30")).toEqual({
      "0.status":
        "“HubSpot & CRM sync” has been Planned since October 2025, over a year: update its status, or its month if it was planned again since.",
    });
    // November 2025 is wholly over a year old from December 2026.
    expect(Object.keys(contentWarnings("roadmap", items, "2026-12-01"))).toEqual(["0.status", "1.status"]);
    expect(contentWarnings("roadmap", items, "2026-10-31")).toEqual({});
    expect(publishProblems("roadmap", items, "2026-12-01", { ...initialContent(), roadmap: [] })).toEqual({});
    expect(contentWarnings("faq", initialContent().faq, "2030-01-01")).toEqual({});
  });

  it("makes a new item's id from its name, unique", () => {
    expect(roadmapItemId("HubSpot CRM sync!", [])).toBe("hubspot-crm-sync");
    expect(roadmapItemId("HubSpot CRM sync", ["hubspot-crm-sync", "hubspot-crm-sync-2"])).toBe("hubspot-crm-sync-3");
    expect(roadmapItemId("«»", [])).toBe("item");
  });
});
