import { describe, expect, it } from "vitest";
import { capabilities, getCapability, integrationTools, type ListPoint } from "./capabilities";
import { featureCards } from "./features";
import { planPoints, plans } from "./plans";
import { availabilityFrom, initialAvailability, initialRoadmapItems, roadmapEntries, roadmapMonths } from "./roadmap";

const roadmap = roadmapMonths(initialRoadmapItems());

const statusOf = { available: "completed", planned: "planned", "coming-soon": "secret" } as const;

describe("one availability per capability", () => {
  it("keeps the spec's August and September 2025 entries and their statuses", () => {
    const month = (iso: string) => roadmap.find((entry) => entry.month === iso);
    expect(month("2025-08")?.label).toBe("August 2025");
    expect(month("2025-08")?.features.map(({ name, status }) => [name, status])).toEqual([
      ["Email-sending platform integration", "completed"],
      ["Chat-tool integration", "planned"],
    ]);
    expect(month("2025-09")?.label).toBe("September 2025");
    expect(month("2025-09")?.features.map(({ name, status }) => [name, status])).toEqual([["Outreach platform integration", "planned"]]);
  });

  it("gives every item an id that can be an anchor, once", () => {
    const ids = roadmapEntries.flatMap((entry) => entry.items.map((item) => item.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it("gives each capability the availability its roadmap item says, months in order up to the current quarter", () => {
    for (const item of initialRoadmapItems()) expect(statusOf[initialAvailability(item.capability!)], item.name).toBe(item.status);
    // A capability no item delivers is the product itself.
    expect(initialAvailability("email-notifications")).toBe("available");
    const months = roadmap.map((entry) => entry.month);
    expect(months).toEqual([...months].sort());
    expect(months.at(-1)! >= "2026-10").toBe(true);
    expect(roadmap.flatMap((entry) => entry.features).some((feature) => feature.status === "secret")).toBe(true);
  });

  it("moves a capability's availability everywhere when its item moves", () => {
    const moved = availabilityFrom(
      initialRoadmapItems().map((item) => (item.capability === "lemlist" ? { ...item, status: "completed" as const } : item)),
    );
    expect(integrationTools(moved).find((tool) => tool.id === "lemlist")?.availability).toBe("available");
    const points = featureCards(moved).flatMap((feature): readonly ListPoint[] => feature.points);
    expect(points).toContainEqual({ label: getCapability("lemlist").label, availability: "available" });
  });

  it("names real integrations in the strip with the same availability the roadmap shows", () => {
    const tools = integrationTools(initialAvailability);
    expect(tools.map((tool) => [tool.name, tool.availability])).toEqual(
      expect.arrayContaining([
        ["Instantly", "available"],
        ["Slack", "planned"],
        ["lemlist", "planned"],
      ]),
    );
    for (const tool of tools) expect(tool.availability).toBe(initialAvailability(tool.id as never));
  });

  it("marks planned capabilities in the features page's lists and keeps them off the pricing cards", () => {
    const points = featureCards(initialAvailability).flatMap((feature): readonly ListPoint[] => feature.points);
    const slack = points.find((point) => typeof point !== "string" && point.label === getCapability("slack-notifications").label);
    expect(slack).toEqual({ label: "Slack notifications for review", availability: "planned" });
    const onCards = plans.flatMap((plan) => planPoints(plan, initialAvailability)).filter((feature) => typeof feature !== "string");
    expect(onCards.every((feature) => feature.availability === "available")).toBe(true);
    expect(
      capabilities
        .filter((capability) => initialAvailability(capability.id) !== "available")
        .every((capability) => "mentions" in capability || capability.id === "agency-surprise"),
    ).toBe(true);
  });
});
