import { roadmapNoticeSuite } from "./suites/roadmap-notice";

roadmapNoticeSuite("pglite");
