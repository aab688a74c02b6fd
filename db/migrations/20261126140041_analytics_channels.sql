-- The reports gained channels, named sources, utm_medium, utm_term, utm_content and "any goal" (decision 021): every
-- finished day whose raw rows are still kept is rolled up again by the next maintenance, so it has them too.
DELETE FROM "analytics_rolled_days" r WHERE EXISTS (SELECT 1 FROM "analytics_page_views" v WHERE v."day" = r."day")
  OR EXISTS (SELECT 1 FROM "analytics_goals" g WHERE g."day" = r."day");
